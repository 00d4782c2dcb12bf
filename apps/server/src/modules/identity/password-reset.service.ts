import { PASSWORD_RESET, PASSWORD_RESET_BAD_TOKEN_MESSAGE, type PasswordResetBody } from '@courier/contract';
import type { Db } from '../../db/client.js';
import { unprocessable } from '../../lib/app-error.js';
import { hashPassword } from '../../lib/password.js';
import { hashSecret, newSecret } from '../../lib/secure-token.js';
import { passwordResetMail, type MailQueue } from '../mail/index.js';
import {
  claimResetToken,
  deleteResetTokensOfUser,
  findResetRecipient,
  insertResetToken,
  latestResetTokenAt,
} from './password-reset.queries.js';
import { deleteSessionsOfUser } from './sessions.queries.js';
import { updateUser } from './users.queries.js';

export const PASSWORD_RESET_PATH = '/auth/boxed-password-reset';

/**
 * Sends the account of `email`, if there is one, a link to set a new password (decision 027). It runs as a job the
 * request sent (decision 055), so the answer is the same, in the same time, for any address. An account gets at
 * most one link a minute, whoever asks. The link's token is 256 random bits; only its SHA-256 is kept. The token and
 * its mail are one transaction: a link is kept only if its mail is on its way.
 */
export async function sendPasswordResetLink(
  db: Db,
  opts: { email: string; mail: MailQueue; appUrl: string; now?: Date },
): Promise<void> {
  const now = opts.now ?? new Date();
  const user = await findResetRecipient(db, opts.email);
  if (!user) return;
  const latest = await latestResetTokenAt(db, user.id);
  if (latest && now.getTime() - latest.getTime() < PASSWORD_RESET.resendAfterSeconds * 1000) return;
  const token = newSecret();
  const link = `${opts.appUrl.replace(/\/+$/, '')}${PASSWORD_RESET_PATH}?token=${encodeURIComponent(token)}`;
  await db.transaction(async (tx) => {
    await insertResetToken(tx, {
      userId: user.id,
      tokenHash: hashSecret(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + PASSWORD_RESET.validMinutes * 60_000),
    });
    await opts.mail.send(
      tx,
      passwordResetMail({
        to: user.email,
        firstname: user.firstname,
        link,
        validMinutes: PASSWORD_RESET.validMinutes,
      }),
    );
  });
}

/**
 * Sets the new password of the link's user, once: the link and every other link of the user are deleted, and every
 * session and token of the user ends (whoever knew the old password is signed out everywhere).
 */
export async function resetPassword(db: Db, body: PasswordResetBody): Promise<void> {
  // Hashed before the transaction: scrypt takes a while and PGlite queues everything behind an open transaction.
  const passwordHash = await hashPassword(body.password);
  await db.transaction(async (tx) => {
    const userId = await claimResetToken(tx, hashSecret(body.token), new Date());
    if (!userId) throw unprocessable({ token: [PASSWORD_RESET_BAD_TOKEN_MESSAGE] });
    await updateUser(tx, userId, { passwordHash });
    await deleteResetTokensOfUser(tx, userId);
    await deleteSessionsOfUser(tx, userId);
  });
}
