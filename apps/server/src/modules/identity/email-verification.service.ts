import {
  EMAIL_ALREADY_VERIFIED_MESSAGE,
  EMAIL_VERIFICATION,
  EMAIL_VERIFICATION_BAD_TOKEN_MESSAGE,
  EMAIL_VERIFICATION_SENT_MESSAGE,
} from '@courier/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError, notFound, unprocessable } from '../../lib/app-error.js';
import { hashSecret, newSecret } from '../../lib/secure-token.js';
import { emailVerificationMail, type MailQueue } from '../mail/index.js';
import {
  claimVerificationToken,
  deleteVerificationTokensOfUser,
  findVerificationRecipient,
  insertVerificationToken,
  latestVerificationTokenAt,
  markEmailVerified,
} from './email-verification.queries.js';

export const EMAIL_VERIFICATION_PATH = '/auth/verify-email';

/**
 * Makes a verification link for the user's address inside the caller's transaction (sign-up makes it with the
 * account) and answers its token; only the token's SHA-256 is kept. The mail goes after commit (`mailVerificationLink`).
 */
export async function issueVerificationToken(
  tx: DbOrTx,
  opts: { userId: string; email: string; now?: Date },
): Promise<string> {
  const now = opts.now ?? new Date();
  const token = newSecret();
  await insertVerificationToken(tx, {
    userId: opts.userId,
    email: opts.email,
    tokenHash: hashSecret(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + EMAIL_VERIFICATION.validHours * 3_600_000),
  });
  return token;
}

/** Sends the verification link in the caller's transaction: it leaves when the token it carries is kept. */
export async function mailVerificationLink(
  tx: DbOrTx,
  opts: {
    to: string;
    firstname: string;
    token: string;
    mail: MailQueue;
    appUrl: string;
  },
): Promise<void> {
  const link = `${opts.appUrl.replace(/\/+$/, '')}${EMAIL_VERIFICATION_PATH}?token=${encodeURIComponent(opts.token)}`;
  await opts.mail.send(
    tx,
    emailVerificationMail({
      to: opts.to,
      firstname: opts.firstname,
      link,
      validHours: EMAIL_VERIFICATION.validHours,
    }),
  );
}

/**
 * A new link for the signed-in user (the old one expired or was lost). Nothing to do once verified; at most one link
 * a minute per account, answered 429 so the screen can say so.
 */
export async function resendVerification(
  db: Db,
  opts: { userId: string; mail: MailQueue; appUrl: string; now?: Date },
): Promise<string> {
  const now = opts.now ?? new Date();
  const user = await findVerificationRecipient(db, opts.userId);
  if (!user) throw notFound('User');
  if (user.emailVerifiedAt) return EMAIL_ALREADY_VERIFIED_MESSAGE;
  const latest = await latestVerificationTokenAt(db, user.id);
  if (latest && now.getTime() - latest.getTime() < EMAIL_VERIFICATION.resendAfterSeconds * 1000) {
    throw new AppError(429, 'too_many_requests', 'A link was sent less than a minute ago. Check your inbox.');
  }
  await db.transaction(async (tx) => {
    const token = await issueVerificationToken(tx, { userId: user.id, email: user.email, now });
    await mailVerificationLink(tx, {
      to: user.email,
      firstname: user.firstname,
      token,
      mail: opts.mail,
      appUrl: opts.appUrl,
    });
  });
  return EMAIL_VERIFICATION_SENT_MESSAGE;
}

/**
 * Verifies the address a link was sent to, once: the link is claimed (deleted) in the statement that reads it, and
 * the user's other links go with it. A link to an address the user no longer has verifies nothing.
 */
export async function verifyEmail(db: Db, token: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const claimed = await claimVerificationToken(tx, hashSecret(token), now);
    const verified = claimed ? await markEmailVerified(tx, { ...claimed, now }) : false;
    if (!claimed || !verified) throw unprocessable({ token: [EMAIL_VERIFICATION_BAD_TOKEN_MESSAGE] });
    await deleteVerificationTokensOfUser(tx, claimed.userId);
  });
}
