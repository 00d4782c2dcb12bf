import type { UpdatePasswordBody, UpdatePhoneNumbersBody } from '@courier/contract';
import type { Db } from '../../db/client.js';
import { conflict, unprocessable } from '../../lib/app-error.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { deleteOtherSessions } from './sessions.queries.js';
import {
  emailTakenByOther,
  findPasswordHash,
  replacePhoneNumbers,
  updateUser,
} from './users.queries.js';

export const EMAIL_TAKEN = 'The email has already been taken.';

export async function changeEmail(db: Db, opts: { userId: string; email: string }) {
  if (await emailTakenByOther(db, opts.email, opts.userId))
    throw conflict(EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
  // A new address is unverified until confirmed (verification mail arrives with the public-site issue).
  await updateUser(db, opts.userId, { email: opts.email, emailVerifiedAt: null });
}

export async function setPhoneNumbers(db: Db, opts: { userId: string; body: UpdatePhoneNumbersBody }) {
  const list = opts.body.phoneNumbers;
  // Exactly one primary when there are any: the first one, unless the caller chose.
  const withPrimary = list.some((p) => p.isPrimary)
    ? list
    : list.map((p, i) => ({ ...p, isPrimary: i === 0 }));
  await db.transaction(async (tx) => {
    await replacePhoneNumbers(tx, opts.userId, withPrimary);
    await updateUser(tx, opts.userId, {});
  });
}

/** Needs the current password; ends every other session and token of the user. */
export async function changePassword(
  db: Db,
  opts: { userId: string; sessionId: string; body: UpdatePasswordBody },
) {
  const stored = await findPasswordHash(db, opts.userId);
  if (!stored || !(await verifyPassword(opts.body.currentPassword, stored))) {
    throw unprocessable({ currentPassword: ['The current password is incorrect.'] });
  }
  const passwordHash = await hashPassword(opts.body.password);
  await db.transaction(async (tx) => {
    await updateUser(tx, opts.userId, { passwordHash });
    await deleteOtherSessions(tx, opts.userId, opts.sessionId);
  });
}
