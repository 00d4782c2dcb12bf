import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.js';
import { idempotencyKeys, type AskedSubject } from '../db/schema/index.js';
import { conflict } from '../lib/app-error.js';

/** The request a key is claimed for. */
export interface KeyedRequest {
  userId: string;
  key: string;
  method: string;
  url: string;
  bodyHash: string | null;
}

/** An answer kept with a key. */
export interface KeptAnswer {
  statusCode: number;
  contentType: string | null;
  body: string;
  bodyHash?: string | null;
  asked?: AskedSubject[];
}

const rowColumns = {
  id: idempotencyKeys.id,
  method: idempotencyKeys.method,
  url: idempotencyKeys.url,
  bodyHash: idempotencyKeys.bodyHash,
  statusCode: idempotencyKeys.statusCode,
  contentType: idempotencyKeys.contentType,
  body: idempotencyKeys.body,
  claimedAt: idempotencyKeys.claimedAt,
  owner: idempotencyKeys.owner,
  appliedAt: idempotencyKeys.appliedAt,
  asked: idempotencyKeys.asked,
};
export type KeyRow = NonNullable<Awaited<ReturnType<typeof findKey>>>;

/** One claim: the row, its claim time and owner (a claim taken over by another request is no longer this one's). */
export interface HeldClaim {
  id: string;
  claimedAt: Date;
  owner: number;
}

export type Claim =
  { kind: 'claimed'; claim: HeldClaim } | { kind: 'running' } | { kind: 'answered'; row: KeyRow };

async function findKey(db: Db, userId: string, key: string) {
  const [row] = await db
    .select(rowColumns)
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
    .limit(1);
  return row;
}

/** The row exactly as it was read: same claim time and owner (compare-and-swap on both). */
const unchanged = (row: KeyRow): SQL =>
  and(
    eq(idempotencyKeys.id, row.id),
    eq(idempotencyKeys.claimedAt, row.claimedAt),
    row.owner === null ? isNull(idempotencyKeys.owner) : eq(idempotencyKeys.owner, row.owner),
  )!;
const isHeld = (claim: HeldClaim): SQL =>
  and(
    eq(idempotencyKeys.id, claim.id),
    eq(idempotencyKeys.claimedAt, claim.claimedAt),
    eq(idempotencyKeys.owner, claim.owner),
  )!;
const unanswered = isNull(idempotencyKeys.statusCode);

export interface ClaimRules {
  owner: number;
  /** Told which row is about to be claimed (true) and whether it was not after all (false), before anyone can see it. */
  working(id: string, claiming: boolean): void;
  now: Date;
  /** Rows claimed before this are past retention: absent. */
  expiredBefore: Date;
  /** Whether the process working on a row without an answer may still finish it. */
  alive(row: KeyRow): Promise<boolean>;
  /** The answer kept for a write that was made by a process that died before keeping its answer. */
  lost: KeptAnswer;
}

/**
 * Claims a user's key for a request, or says what holds it (decision 057): a request still running in a live
 * process, or an answer. The insert is the claim (the unique index on user and key decides between two racing
 * requests). A row without an answer whose process is gone is settled at once: taken over when its write was not
 * made (the write's transaction marks the key applied, so "not applied" means nothing was written), or answered
 * "lost" when it was. Every change of another request's row is a compare-and-swap on its claim time and owner, so
 * one taker wins.
 */
export async function claimKey(db: Db, req: KeyedRequest, rules: ClaimRules): Promise<Claim> {
  const fresh = {
    ...req,
    owner: rules.owner,
    claimedAt: rules.now,
    statusCode: null,
    contentType: null,
    body: null,
    completedAt: null,
    appliedAt: null,
    asked: null,
  };
  const claimed = (id: string): Claim => ({
    kind: 'claimed',
    claim: { id, claimedAt: rules.now, owner: rules.owner },
  });
  for (let attempt = 0; attempt < 3; attempt++) {
    const id = randomUUID();
    rules.working(id, true);
    const [inserted] = await db
      .insert(idempotencyKeys)
      .values({ ...fresh, id })
      .onConflictDoNothing()
      .returning({ id: idempotencyKeys.id });
    if (inserted) return claimed(inserted.id);
    rules.working(id, false);
    const row = await findKey(db, req.userId, req.key);
    if (!row) continue; // purged between the two statements: claim again
    const expired = row.claimedAt < rules.expiredBefore;
    if (!expired && row.statusCode !== null) return { kind: 'answered', row };
    if (!expired && (await rules.alive(row))) return { kind: 'running' };
    if (expired || row.appliedAt === null) {
      rules.working(row.id, true);
      const [taken] = await db
        .update(idempotencyKeys)
        .set(fresh)
        .where(expired ? unchanged(row) : and(unchanged(row), unanswered, isNull(idempotencyKeys.appliedAt)))
        .returning({ id: idempotencyKeys.id });
      if (taken) return claimed(taken.id);
      rules.working(row.id, false);
      continue;
    }
    await db
      .update(idempotencyKeys)
      .set({ ...rules.lost, completedAt: rules.now })
      .where(and(unchanged(row), unanswered));
  }
  return { kind: 'running' };
}

/**
 * Marks the claim applied inside the transaction that writes the request's change, so both commit or neither. A
 * claim taken over meanwhile (its process was judged gone) is not this request's any more: 409, and the
 * transaction rolls back, leaving the write to the request that holds the key now.
 */
export async function applyKey(tx: DbOrTx, claim: HeldClaim): Promise<void> {
  const [applied] = await tx
    .update(idempotencyKeys)
    .set({ appliedAt: sql`coalesce(${idempotencyKeys.appliedAt}, now())` })
    .where(and(isHeld(claim), unanswered))
    .returning({ id: idempotencyKeys.id });
  if (!applied) throw conflict(STILL_RUNNING);
}

export const STILL_RUNNING = 'A request with this Idempotency-Key is still being processed; retry shortly.';

export async function storeAnswer(db: Db, claim: HeldClaim, answer: KeptAnswer) {
  await db
    .update(idempotencyKeys)
    .set({ ...answer, completedAt: new Date() })
    .where(isHeld(claim));
}

/**
 * Lets a key go when its answer is not to be kept (a 5xx, a 429) and nothing was written: the client's retry runs as
 * new. Answers false when the request's change was made (the key is applied): that key must never run again.
 */
export async function releaseKey(db: Db, claim: HeldClaim): Promise<boolean> {
  const released = await db
    .delete(idempotencyKeys)
    .where(and(isHeld(claim), isNull(idempotencyKeys.appliedAt)))
    .returning({ id: idempotencyKeys.id });
  return released.length > 0;
}

export async function purgeKeys(db: Db, claimedBefore: Date) {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.claimedAt, claimedBefore));
}
