import { and, desc, eq, gt, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { passwordResetTokens, users } from '../../db/schema/index.js';
import { emailMatches } from './users.queries.js';

/** Who a reset link goes to: the account of this e-mail, if there is one. */
export async function findResetRecipient(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, firstname: users.firstname })
    .from(users)
    .where(emailMatches(email))
    .limit(1);
  return row;
}

/** When the user's newest reset link was made (to send one account at most one a minute). */
export async function latestResetTokenAt(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ createdAt: passwordResetTokens.createdAt })
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.userId, userId))
    .orderBy(desc(passwordResetTokens.createdAt))
    .limit(1);
  return row?.createdAt;
}

export async function insertResetToken(
  db: DbOrTx,
  values: { userId: string; tokenHash: string; createdAt: Date; expiresAt: Date },
) {
  await db.insert(passwordResetTokens).values(values);
}

/**
 * Claims a link: deletes its row if it has not expired and answers whose it was. One statement, so two requests
 * with the same token cannot both succeed.
 */
export async function claimResetToken(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .delete(passwordResetTokens)
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), gt(passwordResetTokens.expiresAt, now)))
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId;
}

export async function deleteResetTokensOfUser(db: DbOrTx, userId: string) {
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
}

export async function deleteExpiredResetTokens(db: DbOrTx) {
  await db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, new Date()));
}
