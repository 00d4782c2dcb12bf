// The schemas of the session calls' params, queries, bodies and answers, apart from the calls (session.calls.ts): a call
// needs none of them in the browser, whose first screens load no zod (decision 050).
import { z } from 'zod';
import { whenMissing } from '../messages.js';
import { EmailSchema } from '../common.js';
import { LIMITS } from '../constants.js';
import { PHONE_NUMBER_TYPES } from './users.entities.js';

export const nameField = (label: string) =>
  z
    .string({ error: whenMissing(`${label} is required`) })
    .trim()
    .min(1, `${label} is required`)
    .max(LIMITS.nameMax, `${label} must be at most ${LIMITS.nameMax} characters`);

export const passwordField = z
  .string({ error: whenMissing('Password is required') })
  .min(LIMITS.passwordMin, `Password must be at least ${LIMITS.passwordMin} characters`)
  .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters`);

export const emailField = z
  .string({ error: whenMissing('E-mail is required') })
  .trim()
  .toLowerCase()
  .max(LIMITS.emailMax)
  .pipe(EmailSchema);

export const LoginBodySchema = z.object({
  email: emailField,
  password: z
    .string({ error: whenMissing('Password is required') })
    .min(1, 'Password is required')
    .max(LIMITS.passwordMax),
  /** Ask for a Bearer token as well as the session cookie (API clients, the driver app). */
  issueToken: z.boolean().optional(),
  deviceName: z.string().max(100).optional(),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const UpdateNameBodySchema = z.object({
  firstname: nameField('First name'),
  lastname: nameField('Last name'),
});
export type UpdateNameBody = z.infer<typeof UpdateNameBodySchema>;

export const currentPasswordField = z
  .string({ error: whenMissing('Current password is required') })
  .min(1, 'Current password is required')
  .max(LIMITS.passwordMax);

/**
 * A change of the sign-in e-mail (decision 056): the new address and the current password. The address changes only
 * once the new one confirms it.
 */
export const UpdateEmailBodySchema = z.object({ email: emailField, currentPassword: currentPasswordField });
export type UpdateEmailBody = z.infer<typeof UpdateEmailBodySchema>;

export const PhoneNumberInputSchema = z.object({
  phoneNumber: z
    .string({ error: whenMissing('Phone number is required') })
    .trim()
    .min(1, 'Phone number is required')
    .max(LIMITS.phoneNumberMax)
    .regex(/^\+?[0-9 ()-]{5,}$/, 'Enter a phone number of digits, spaces, brackets or dashes'),
  phoneNumberType: z.enum(PHONE_NUMBER_TYPES),
  isPrimary: z.boolean(),
});
/** The user's whole list of phone numbers, replaced at once; at most one primary. */
export const UpdatePhoneNumbersBodySchema = z.object({
  phoneNumbers: z
    .array(PhoneNumberInputSchema)
    .max(LIMITS.phoneNumbersMax, `At most ${LIMITS.phoneNumbersMax} phone numbers`)
    .refine((list) => list.filter((p) => p.isPrimary).length <= 1, 'Only one phone number can be primary'),
});
export type UpdatePhoneNumbersBody = z.infer<typeof UpdatePhoneNumbersBodySchema>;

export const UpdatePasswordBodySchema = z
  .object({
    currentPassword: z
      .string({ error: whenMissing('Current password is required') })
      .min(1, 'Current password is required'),
    password: passwordField,
    passwordConfirmation: z.string({ error: whenMissing('Confirm the new password') }),
  })
  .refine((b) => b.password === b.passwordConfirmation, {
    path: ['passwordConfirmation'],
    message: 'The passwords do not match',
  });
export type UpdatePasswordBody = z.infer<typeof UpdatePasswordBodySchema>;

export const EmailJoinBodySchema = z.object({ email: emailField });

export const HealthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  version: z.string(),
  /**
   * The server's jobs over all queues (decision 055): an operator's alert on `dead` (work that needs a look) or on
   * `oldestWaitingSeconds` (work falling behind). Counts only: what the jobs are about is for platform admins.
   */
  jobs: z.object({
    waiting: z.number().int().nonnegative(),
    running: z.number().int().nonnegative(),
    retrying: z.number().int().nonnegative(),
    dead: z.number().int().nonnegative(),
    oldestWaitingSeconds: z.number().nonnegative().nullable(),
  }),
});

export const MessageDataSchema = z.object({ message: z.string() });
export const JoinResultSchema = z.object({ message: z.string(), success: z.boolean() });
