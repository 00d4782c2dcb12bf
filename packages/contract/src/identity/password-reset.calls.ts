import { z } from 'zod';
import { defineCall } from '../api/define-call.js';
import { whenMissing } from '../messages.js';
import { emailField, MessageDataSchema, passwordField } from './session.schemas.js';

/** How long a reset link works, and how long before one account can be sent another (docs/decisions/027). */
export const PASSWORD_RESET = { validMinutes: 60, resendAfterSeconds: 60 } as const;

/** The one answer to a reset request, whether or not an account uses the address (it reveals nothing). */
export const PASSWORD_RESET_REQUESTED_MESSAGE = `If an account uses that address, we have sent it a link to set a new password. The link works for ${PASSWORD_RESET.validMinutes} minutes.`;
export const PASSWORD_RESET_DONE_MESSAGE = 'Your password has been changed. Sign in with the new one.';
export const PASSWORD_RESET_BAD_TOKEN_MESSAGE =
  'This reset link has expired or was already used. Ask for a new link.';

export const PasswordResetRequestBodySchema = z.object({ email: emailField });
export type PasswordResetRequestBody = z.infer<typeof PasswordResetRequestBodySchema>;

export const PasswordResetBodySchema = z
  .object({
    token: z
      .string({ error: whenMissing(PASSWORD_RESET_BAD_TOKEN_MESSAGE) })
      .min(1, PASSWORD_RESET_BAD_TOKEN_MESSAGE)
      .max(200, PASSWORD_RESET_BAD_TOKEN_MESSAGE),
    password: passwordField,
    passwordConfirmation: z.string({ error: whenMissing('Confirm the new password') }),
  })
  .refine((b) => b.password === b.passwordConfirmation, {
    path: ['passwordConfirmation'],
    message: 'The passwords do not match',
  });
export type PasswordResetBody = z.infer<typeof PasswordResetBodySchema>;

export const passwordResetCalls = {
  requestPasswordReset: defineCall({
    method: 'POST',
    path: '/password/forgot',
    summary:
      'Ask for a link to set a new password; the same answer whether or not the address has an account',
    body: PasswordResetRequestBodySchema,
    data: MessageDataSchema,
  }),
  resetPassword: defineCall({
    method: 'POST',
    path: '/password/reset',
    summary: "Set a new password with a reset link's token; ends every session of the user",
    body: PasswordResetBodySchema,
    data: MessageDataSchema,
  }),
};
