import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { idempotencyKeys } from '../db/schema/index.js';

/** The request a key is claimed for. */
export interface KeyedRequest {
  userId: string;
  key: string;
  method: string;
  url: string;
  bodyHash: string | null;
}

const answerColumns = {
  id: idempotencyKeys.id,
  method: idempotencyKeys.method,
  url: idempotencyKeys.url,
  bodyHash: idempotencyKeys.bodyHash,
  statusCode: idempotencyKeys.statusCode,
  contentType: idempotencyKeys.contentType,
  body: idempotencyKeys.body,
  claimedAt: idempotencyKeys.claimedAt,
};
export type KeyRow = Awaited<ReturnType<typeof findKey>>;

export type Claim =
  | { kind: 'claimed'; id: string; claimedAt: Date }
  | { kind: 'running' }
  | { kind: 'answered'; row: NonNullable<KeyRow> };

async function findKey(db: Db, userId: string, key: string) {
  const [row] = await db
    .select(answerColumns)
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
    .limit(1);
  return row;
}

/**
 * Claims a user's key for a request, or says what holds it: a request still running, or an answer. The insert is
 * the claim (the unique index on user and key decides between two racing requests); a claim without an answer
 * older than `staleBefore` (its process died) or any row older than `expiredBefore` is taken over, compare-and-swap
 * on its claim time so only one taker wins.
 */
export async function claimKey(
  db: Db,
  req: KeyedRequest,
  times: { now: Date; staleBefore: Date; expiredBefore: Date },
): Promise<Claim> {
  const fresh = {
    ...req,
    statusCode: null,
    contentType: null,
    body: null,
    completedAt: null,
    claimedAt: times.now,
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    const [inserted] = await db
      .insert(idempotencyKeys)
      .values(fresh)
      .onConflictDoNothing()
      .returning({ id: idempotencyKeys.id });
    if (inserted) return { kind: 'claimed', id: inserted.id, claimedAt: times.now };
    const row = await findKey(db, req.userId, req.key);
    if (!row) continue; // purged between the two statements: claim again
    const abandoned = row.statusCode === null && row.claimedAt < times.staleBefore;
    if (abandoned || row.claimedAt < times.expiredBefore) {
      const [taken] = await db
        .update(idempotencyKeys)
        .set(fresh)
        .where(and(eq(idempotencyKeys.id, row.id), eq(idempotencyKeys.claimedAt, row.claimedAt)))
        .returning({ id: idempotencyKeys.id });
      if (taken) return { kind: 'claimed', id: taken.id, claimedAt: times.now };
      continue;
    }
    return row.statusCode === null ? { kind: 'running' } : { kind: 'answered', row };
  }
  return { kind: 'running' };
}

/** One claim: the row and its claim time (a claim taken over by another request is no longer this one's). */
export interface HeldClaim {
  id: string;
  claimedAt: Date;
}
const isHeld = (claim: HeldClaim) =>
  and(eq(idempotencyKeys.id, claim.id), eq(idempotencyKeys.claimedAt, claim.claimedAt));

export async function storeAnswer(
  db: Db,
  claim: HeldClaim,
  answer: { statusCode: number; contentType: string | null; body: string; bodyHash?: string | null },
) {
  await db
    .update(idempotencyKeys)
    .set({ ...answer, completedAt: new Date() })
    .where(isHeld(claim));
}

/** Lets a key go when its answer is not to be kept (a 5xx, a 429): the client's retry runs as new. */
export async function releaseKey(db: Db, claim: HeldClaim) {
  await db.delete(idempotencyKeys).where(isHeld(claim));
}

export async function purgeKeys(db: Db, claimedBefore: Date) {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.claimedAt, claimedBefore));
}
