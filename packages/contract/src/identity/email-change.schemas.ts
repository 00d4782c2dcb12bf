// The schemas and messages of a change of the sign-in e-mail (decision 056), apart from its calls
// (email-change.calls.ts): a call needs none of them in the browser, whose first screens load no zod (decision 050).
import { z } from 'zod';
import { EmailSchema, IsoDateTimeSchema } from '../common.js';
import { whenMissing } from '../messages.js';

/**
 * How long the confirmation link mailed to the new address works, and how long after the change the link mailed to
 * the old address still undoes it (decision 056).
 */
export const EMAIL_CHANGE = { validHours: 24, undoValidDays: 7 } as const;

export const EMAIL_CHANGE_BAD_TOKEN_MESSAGE = 'This link has expired or was already used.';
export const EMAIL_CHANGE_SAME_MESSAGE = 'This is already your sign-in e-mail.';
export const EMAIL_CHANGE_CONFIRMED_MESSAGE = 'Your sign-in e-mail is changed. Sign in with it from now on.';
export const EMAIL_CHANGE_CANCELLED_MESSAGE =
  'The change was cancelled: your sign-in e-mail stays as it was.';

/** The answer to a change asked for: nothing changes until the new address confirms it. */
export const emailChangeRequestedMessage = (email: string) =>
  `Check ${email} for a link to confirm the change. Until then you sign in with your current e-mail.`;

/** The answer to the old address's link: the change stopped, or undone; everyone signed in was signed out. */
export const emailChangeRevertedMessage = (opts: { email: string; undone: boolean }) =>
  `${
    opts.undone
      ? `Your sign-in e-mail is ${opts.email} again.`
      : `The change was cancelled: your sign-in e-mail stays ${opts.email}.`
  } Everyone signed in to your account was signed out. Whoever asked for the change knew your password: choose a new one.`;

const tokenField = z
  .string({ error: whenMissing(EMAIL_CHANGE_BAD_TOKEN_MESSAGE) })
  .min(1, EMAIL_CHANGE_BAD_TOKEN_MESSAGE)
  .max(200, EMAIL_CHANGE_BAD_TOKEN_MESSAGE);

/** The token of a link of an e-mail change: the confirmation's (new address) or the cancel or undo (old address). */
export const EmailChangeTokenBodySchema = z.object({ token: tokenField });
export type EmailChangeTokenBody = z.infer<typeof EmailChangeTokenBodySchema>;

/** The change waiting for the new address's confirmation, if any. */
export const EmailChangeStateSchema = z.object({
  pending: z
    .object({
      email: EmailSchema,
      requestedAt: IsoDateTimeSchema,
      expiresAt: IsoDateTimeSchema,
    })
    .nullable(),
});
export type EmailChangeState = z.infer<typeof EmailChangeStateSchema>;
