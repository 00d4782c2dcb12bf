import { and, eq, gt, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { emailChanges, users } from '../../db/schema/index.js';
import { emailMatches } from './users.queries.js';

/** The user a change is asked for, locked for the transaction: one change of their address at a time. */
export async function lockEmailChangeUser(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstname: users.firstname,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('update')
    .limit(1);
  return row;
}

/**
 * Whether an account other than `exceptUserId` signs in with `email`, or gave it up less than the undo window ago
 * (decision 056): the undo gives it back, so no one else may take it meanwhile.
 */
export async function emailInUse(
  db: DbOrTx,
  opts: { email: string; exceptUserId?: string; now?: Date },
): Promise<boolean> {
  const notThem = (column: typeof users.id | typeof emailChanges.userId) =>
    opts.exceptUserId ? ne(column, opts.exceptUserId) : undefined;
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(emailMatches(opts.email), notThem(users.id)))
    .limit(1);
  if (user) return true;
  const [held] = await db
    .select({ id: emailChanges.id })
    .from(emailChanges)
    .where(
      and(
        sql`lower(${emailChanges.oldEmail}) = ${opts.email.toLowerCase()}`,
        isNotNull(emailChanges.confirmedAt),
        gt(emailChanges.expiresAt, opts.now ?? new Date()),
        notThem(emailChanges.userId),
      ),
    )
    .limit(1);
  return Boolean(held);
}

export async function deletePendingEmailChanges(db: DbOrTx, userId: string) {
  return db
    .delete(emailChanges)
    .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.confirmedAt)))
    .returning({ id: emailChanges.id });
}

export async function insertEmailChange(
  db: DbOrTx,
  values: {
    userId: string;
    oldEmail: string;
    newEmail: string;
    confirmTokenHash: string;
    cancelTokenHash: string;
    createdAt: Date;
    expiresAt: Date;
  },
) {
  await db.insert(emailChanges).values(values);
}

/** The user's change waiting for confirmation, if it has not expired. */
export async function findPendingEmailChange(db: DbOrTx, userId: string, now: Date) {
  const [row] = await db
    .select({
      newEmail: emailChanges.newEmail,
      createdAt: emailChanges.createdAt,
      expiresAt: emailChanges.expiresAt,
    })
    .from(emailChanges)
    .where(
      and(eq(emailChanges.userId, userId), isNull(emailChanges.confirmedAt), gt(emailChanges.expiresAt, now)),
    )
    .limit(1);
  return row;
}

/**
 * Claims a confirmation link: marks its change made, forgets the link, keeps the row until the end of the undo
 * window with the undo link's hash, and answers the change. One statement, so a link works once.
 */
export async function claimEmailChangeConfirmation(
  db: DbOrTx,
  opts: { tokenHash: string; undoTokenHash: string; now: Date; undoUntil: Date },
) {
  const [row] = await db
    .update(emailChanges)
    .set({
      confirmTokenHash: null,
      confirmedAt: opts.now,
      undoTokenHash: opts.undoTokenHash,
      expiresAt: opts.undoUntil,
    })
    .where(
      and(
        eq(emailChanges.confirmTokenHash, opts.tokenHash),
        isNull(emailChanges.confirmedAt),
        gt(emailChanges.expiresAt, opts.now),
      ),
    )
    .returning({
      id: emailChanges.id,
      userId: emailChanges.userId,
      oldEmail: emailChanges.oldEmail,
      newEmail: emailChanges.newEmail,
    });
  return row;
}

/**
 * Claims a link mailed to an old address (the request's notice or the change's): deletes its change if the link
 * still works and answers it. One statement, so a link works once.
 */
export async function claimEmailChangeRevert(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .delete(emailChanges)
    .where(
      and(
        or(eq(emailChanges.cancelTokenHash, tokenHash), eq(emailChanges.undoTokenHash, tokenHash)),
        gt(emailChanges.expiresAt, now),
      ),
    )
    .returning({
      userId: emailChanges.userId,
      oldEmail: emailChanges.oldEmail,
      newEmail: emailChanges.newEmail,
      confirmedAt: emailChanges.confirmedAt,
    });
  return row;
}

/** Moves the user to `to`, only if they still sign in with `from` (a change made on an address they still have). */
export async function switchUserEmail(
  db: DbOrTx,
  opts: { userId: string; from: string; to: string; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ email: opts.to, emailVerifiedAt: opts.now, updatedAt: opts.now })
    .where(and(eq(users.id, opts.userId), emailMatches(opts.from)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Gives the user back an address (an undo): the link that asked it came from that address, so it is verified. */
export async function restoreUserEmail(db: DbOrTx, opts: { userId: string; email: string; now: Date }) {
  await db
    .update(users)
    .set({ email: opts.email, emailVerifiedAt: opts.now, updatedAt: opts.now })
    .where(eq(users.id, opts.userId));
}

/** After an undo the user's other changes go too: those waiting, and the undo links of older ones. */
export async function deleteEmailChangesOfUser(db: DbOrTx, userId: string) {
  await db.delete(emailChanges).where(eq(emailChanges.userId, userId));
}

/** Waiting changes past their confirmation window, made ones past their undo window. */
export async function deleteExpiredEmailChanges(db: DbOrTx, now = new Date()) {
  await db.delete(emailChanges).where(lt(emailChanges.expiresAt, now));
}
