import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { emailVerificationTokens, users } from '../../db/schema/index.js';
import { emailMatches } from './users.queries.js';

/** Who a verification link goes to; `emailVerifiedAt` set means there is nothing to verify. */
export async function findVerificationRecipient(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstname: users.firstname,
      emailVerifiedAt: users.emailVerifiedAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** When the user's newest verification link was made (one account gets at most one a minute). */
export async function latestVerificationTokenAt(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ createdAt: emailVerificationTokens.createdAt })
    .from(emailVerificationTokens)
    .where(eq(emailVerificationTokens.userId, userId))
    .orderBy(desc(emailVerificationTokens.createdAt))
    .limit(1);
  return row?.createdAt;
}

export async function insertVerificationToken(
  db: DbOrTx,
  values: { userId: string; email: string; tokenHash: string; createdAt: Date; expiresAt: Date },
) {
  await db.insert(emailVerificationTokens).values(values);
}

/**
 * Claims a link: deletes its row if it has not expired and answers whose it was and which address it was sent to.
 * One statement, so two requests with the same token cannot both succeed.
 */
export async function claimVerificationToken(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .delete(emailVerificationTokens)
    .where(and(eq(emailVerificationTokens.tokenHash, tokenHash), gt(emailVerificationTokens.expiresAt, now)))
    .returning({ userId: emailVerificationTokens.userId, email: emailVerificationTokens.email });
  return row;
}

/** Marks the address verified, only if the user still has it (they may have changed it since the link left). */
export async function markEmailVerified(db: DbOrTx, opts: { userId: string; email: string; now: Date }) {
  const rows = await db
    .update(users)
    .set({
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${opts.now.toISOString()}::timestamptz)`,
      updatedAt: opts.now,
    })
    .where(and(eq(users.id, opts.userId), emailMatches(opts.email)))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function deleteVerificationTokensOfUser(db: DbOrTx, userId: string) {
  await db.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, userId));
}

export async function deleteExpiredVerificationTokens(db: DbOrTx) {
  await db.delete(emailVerificationTokens).where(lt(emailVerificationTokens.expiresAt, new Date()));
}
