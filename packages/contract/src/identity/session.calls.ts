import { z } from 'zod';
import { whenMissing } from '../messages.js';
import { EmailSchema } from '../common.js';
import { LIMITS, SESSION_CHECK_PATH } from '../constants.js';
import {
  AddressSchema,
  CompanySchema,
  LoginResponseSchema,
  PHONE_NUMBER_TYPES,
  RoleSchema,
  UserSchema,
} from './users.entities.js';
import { defineCall } from '../api/define-call.js';

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

export const UpdateEmailBodySchema = z.object({ email: emailField });
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
});

export const MessageDataSchema = z.object({ message: z.string() });
export const JoinResultSchema = z.object({ message: z.string(), success: z.boolean() });

export const sessionCalls = {
  health: defineCall({
    method: 'GET',
    path: '/health',
    summary: 'Readiness: the process and its database answer',
    data: HealthSchema,
  }),
  live: defineCall({
    method: 'GET',
    path: '/health/live',
    summary: 'Liveness: the process answers (no database work)',
    data: z.object({ status: z.literal('ok') }),
  }),
  login: defineCall({
    method: 'POST',
    path: '/login',
    summary: 'Sign in with e-mail and password; starts a session and can issue a Bearer token',
    body: LoginBodySchema,
    data: LoginResponseSchema,
  }),
  logout: defineCall({ method: 'POST', path: '/logout', summary: 'Sign out', data: MessageDataSchema }),
  me: defineCall({ method: 'GET', path: '/me', summary: 'The signed-in user', data: UserSchema }),
  meCheck: defineCall({
    method: 'GET',
    path: SESSION_CHECK_PATH,
    summary: 'Session check',
    data: z.object({ valid: z.literal(true) }),
  }),
  meRoles: defineCall({
    method: 'GET',
    path: '/me/role',
    summary: "The user's roles",
    data: z.array(RoleSchema),
  }),
  meAddresses: defineCall({
    method: 'GET',
    path: '/me/address',
    summary: "The user's addresses",
    data: z.array(AddressSchema),
  }),
  meCompanies: defineCall({
    method: 'GET',
    path: '/me/company',
    summary: "The user's companies",
    data: z.array(CompanySchema),
  }),
  updateName: defineCall({
    method: 'POST',
    path: '/me/name',
    summary: 'Change name',
    body: UpdateNameBodySchema,
    data: UserSchema,
  }),
  updateEmail: defineCall({
    method: 'POST',
    path: '/me/email',
    summary: 'Change e-mail',
    body: UpdateEmailBodySchema,
    data: UserSchema,
  }),
  updatePhoneNumbers: defineCall({
    method: 'POST',
    path: '/me/phonenumber',
    summary: 'Replace phone numbers',
    body: UpdatePhoneNumbersBodySchema,
    data: UserSchema,
  }),
  updatePassword: defineCall({
    method: 'POST',
    path: '/me/password',
    summary: 'Change password (current password required)',
    body: UpdatePasswordBodySchema,
    data: MessageDataSchema,
  }),
  emailJoin: defineCall({
    method: 'POST',
    path: '/email/join',
    summary: 'Join the mailing list',
    body: EmailJoinBodySchema,
    data: JoinResultSchema,
  }),
};
