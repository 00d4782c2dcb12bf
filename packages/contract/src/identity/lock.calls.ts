import { z } from 'zod';
import { defineCall } from '../api/define-call.js';

/**
 * The lock screen (issue 14, decision 030): a browser session is locked on the server, so every signed-in call
 * answers 423 until the user's password is given again; only these calls and signing out still answer.
 */
export const LOCKED_MESSAGE = 'The session is locked: enter your password to unlock it.';

export const LockStateSchema = z.object({
  locked: z.boolean(),
  /** Who is signed in, for the lock screen (the rest of /me waits for the password). */
  user: z.object({
    firstname: z.string(),
    lastname: z.string(),
    email: z.string(),
    imgThumbUrl: z.string().nullable(),
  }),
});
export type LockState = z.infer<typeof LockStateSchema>;

export const UnlockBodySchema = z.object({
  password: z.string({ error: 'Enter your password.' }).min(1, 'Enter your password.').max(200),
});
export type UnlockBody = z.infer<typeof UnlockBodySchema>;

export const lockCalls = {
  getLock: defineCall({
    method: 'GET',
    path: '/me/lock',
    summary: 'Whether my session is locked, and who I am (answers while locked)',
    data: LockStateSchema,
  }),
  lockSession: defineCall({
    method: 'POST',
    path: '/me/lock',
    summary: 'Lock my browser session until my password is given again',
    data: LockStateSchema,
  }),
  unlockSession: defineCall({
    method: 'POST',
    path: '/me/unlock',
    summary: 'Unlock my session with my password',
    body: UnlockBodySchema,
    data: LockStateSchema,
  }),
};
