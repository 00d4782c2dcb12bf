import {
  EMAIL_CHANGE,
  EMAIL_CHANGE_BAD_TOKEN_MESSAGE,
  EMAIL_CHANGE_SAME_MESSAGE,
  emailChangeRevertedMessage,
  type EmailChangeState,
} from '@courier/contract';
import type { Db } from '../../db/client.js';
import { conflict, notFound, unprocessable } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { hashSecret, newSecret } from '../../lib/secure-token.js';
import {
  emailChangeConfirmMail,
  emailChangedMail,
  emailChangeRequestedMail,
  type MailQueue,
} from '../mail/index.js';
import {
  claimEmailChangeConfirmation,
  claimEmailChangeRevert,
  deleteEmailChangesOfUser,
  deletePendingEmailChanges,
  emailInUse,
  findPendingEmailChange,
  insertEmailChange,
  lockEmailChangeUser,
  restoreUserEmail,
  switchUserEmail,
} from './email-change.queries.js';
import { deleteVerificationTokensOfUser } from './email-verification.queries.js';
import { checkCurrentPassword } from './me.service.js';
import { deleteResetTokensOfUser } from './password-reset.queries.js';
import { deleteSessionsOfUser } from './sessions.queries.js';

export const EMAIL_TAKEN = 'The email has already been taken.';
const EMAIL_CHANGE_UNDO_BLOCKED_MESSAGE =
  'Another account now uses your old e-mail, so it could not be given back. Everyone signed in to your account was signed out; contact us to recover it.';
export const EMAIL_CHANGE_CONFIRM_PATH = '/auth/confirm-email-change';
export const EMAIL_CHANGE_REVERT_PATH = '/auth/undo-email-change';

const HOUR_MS = 3_600_000;

interface MailSetup {
  mail: MailQueue;
  appUrl: string;
}

const linkTo = (appUrl: string, path: string, token: string) =>
  `${appUrl.replace(/\/+$/, '')}${path}?token=${encodeURIComponent(token)}`;

const taken = () => conflict(EMAIL_TAKEN, { email: [EMAIL_TAKEN] });

/**
 * Asks to change the user's sign-in e-mail (decision 056): with the current password, the change waits for the new
 * address to confirm it (a link valid 24 hours) and the old address is told at once, with a link that cancels it.
 * A new request replaces the one waiting. The tokens and both mails are one transaction: a link is kept only if its
 * mail is on its way. The address itself does not change here.
 */
export async function requestEmailChange(
  db: Db,
  opts: MailSetup & { userId: string; email: string; currentPassword: string; now?: Date },
): Promise<void> {
  const now = opts.now ?? new Date();
  // The password first: without it the call says nothing, not even whether another account has the address.
  await checkCurrentPassword(db, opts.userId, opts.currentPassword);
  const confirmToken = newSecret();
  const cancelToken = newSecret();
  await db.transaction(async (tx) => {
    const user = await lockEmailChangeUser(tx, opts.userId);
    if (!user) throw notFound('User');
    if (user.email.toLowerCase() === opts.email.toLowerCase())
      throw unprocessable({ email: [EMAIL_CHANGE_SAME_MESSAGE] });
    if (await emailInUse(tx, { email: opts.email, exceptUserId: user.id, now })) throw taken();
    await deletePendingEmailChanges(tx, user.id);
    await insertEmailChange(tx, {
      userId: user.id,
      oldEmail: user.email,
      newEmail: opts.email,
      confirmTokenHash: hashSecret(confirmToken),
      cancelTokenHash: hashSecret(cancelToken),
      createdAt: now,
      expiresAt: new Date(now.getTime() + EMAIL_CHANGE.validHours * HOUR_MS),
    });
    await opts.mail.send(
      tx,
      emailChangeConfirmMail({
        to: opts.email,
        firstname: user.firstname,
        link: linkTo(opts.appUrl, EMAIL_CHANGE_CONFIRM_PATH, confirmToken),
        validHours: EMAIL_CHANGE.validHours,
      }),
    );
    await opts.mail.send(
      tx,
      emailChangeRequestedMail({
        to: user.email,
        firstname: user.firstname,
        newEmail: opts.email,
        link: linkTo(opts.appUrl, EMAIL_CHANGE_REVERT_PATH, cancelToken),
        validHours: EMAIL_CHANGE.validHours,
      }),
    );
  });
}

/**
 * Makes a change with the new address's link, once: the user signs in with it from now on, verified (the link
 * proved it), and the links sent to the old address before (password reset, verification) stop working. The other
 * sessions go on (decision 056: whoever asked already had one). The old address is told, with a link that undoes the
 * change for 7 days.
 */
export async function confirmEmailChange(
  db: Db,
  opts: MailSetup & { token: string; now?: Date },
): Promise<void> {
  const now = opts.now ?? new Date();
  const undoToken = newSecret();
  const badToken = () => unprocessable({ token: [EMAIL_CHANGE_BAD_TOKEN_MESSAGE] });
  try {
    await db.transaction(async (tx) => {
      const change = await claimEmailChangeConfirmation(tx, {
        tokenHash: hashSecret(opts.token),
        undoTokenHash: hashSecret(undoToken),
        now,
        undoUntil: new Date(now.getTime() + EMAIL_CHANGE.undoValidDays * 24 * HOUR_MS),
      });
      if (!change) throw badToken();
      const user = await lockEmailChangeUser(tx, change.userId);
      if (!user) throw badToken();
      if (await emailInUse(tx, { email: change.newEmail, exceptUserId: user.id, now })) throw taken();
      const switched = await switchUserEmail(tx, {
        userId: user.id,
        from: change.oldEmail,
        to: change.newEmail,
        now,
      });
      // The account left the old address since (an undo of an earlier change): this change is of another time.
      if (!switched) throw badToken();
      await deleteResetTokensOfUser(tx, user.id);
      await deleteVerificationTokensOfUser(tx, user.id);
      await opts.mail.send(
        tx,
        emailChangedMail({
          to: change.oldEmail,
          firstname: user.firstname,
          newEmail: change.newEmail,
          link: linkTo(opts.appUrl, EMAIL_CHANGE_REVERT_PATH, undoToken),
          undoValidDays: EMAIL_CHANGE.undoValidDays,
        }),
      );
    });
  } catch (err) {
    // Another account took the address between the check and the write.
    if (isUniqueViolation(err, 'users_email_lower_unique')) throw taken();
    throw err;
  }
}

/**
 * "This was not me", from a link mailed to the old address, once: a change waiting is cancelled; a change made less
 * than 7 days ago is undone (the old address back, verified: the link came from it). Either way every session and
 * token of the user ends, so whoever asked is signed out, and the user's other changes go. Once undone, the links
 * sent to the address given up (a password reset) stop working. Should another account have the old address after
 * all (the hold of decision 056 makes it a race), everyone is still signed out and the answer is a 409.
 */
export async function revertEmailChange(db: Db, opts: { token: string; now?: Date }): Promise<string> {
  const now = opts.now ?? new Date();
  const outcome = await revertInTransaction(db, opts.token, now);
  if (outcome.blocked) throw conflict(EMAIL_CHANGE_UNDO_BLOCKED_MESSAGE);
  return emailChangeRevertedMessage(outcome);
}

async function revertInTransaction(db: Db, token: string, now: Date) {
  try {
    return await db.transaction(async (tx) => {
      const change = await claimEmailChangeRevert(tx, hashSecret(token), now);
      if (!change) throw unprocessable({ token: [EMAIL_CHANGE_BAD_TOKEN_MESSAGE] });
      await lockEmailChangeUser(tx, change.userId);
      const undone = change.confirmedAt !== null;
      const blocked =
        undone && (await emailInUse(tx, { email: change.oldEmail, exceptUserId: change.userId, now }));
      if (undone && !blocked) {
        await restoreUserEmail(tx, { userId: change.userId, email: change.oldEmail, now });
        await deleteResetTokensOfUser(tx, change.userId);
        await deleteVerificationTokensOfUser(tx, change.userId);
      }
      await deleteEmailChangesOfUser(tx, change.userId);
      await deleteSessionsOfUser(tx, change.userId);
      return { email: change.oldEmail, undone, blocked };
    });
  } catch (err) {
    // Another account took the old address between the check and the write.
    if (isUniqueViolation(err, 'users_email_lower_unique')) throw conflict(EMAIL_CHANGE_UNDO_BLOCKED_MESSAGE);
    throw err;
  }
}

/** The signed-in user's change waiting for confirmation, if any. */
export async function getEmailChange(db: Db, userId: string, now = new Date()): Promise<EmailChangeState> {
  const row = await findPendingEmailChange(db, userId, now);
  return {
    pending: row
      ? {
          email: row.newEmail,
          requestedAt: row.createdAt.toISOString(),
          expiresAt: row.expiresAt.toISOString(),
        }
      : null,
  };
}

/** The signed-in user drops the change waiting (a typo, a change of mind); nothing else changes. */
export async function cancelEmailChange(db: Db, userId: string): Promise<void> {
  await deletePendingEmailChanges(db, userId);
}
