import { z } from 'zod';
import { defineCall } from '../api/define-call.js';
import { CountryCodeSchema, SlugSchema } from '../common.js';
import { LIMITS } from '../constants.js';
import { whenMissing } from '../messages.js';
import { COMPANY_TYPE_SLUGS } from '../roles.js';
import { emailField, MessageDataSchema, nameField, passwordField } from './session.calls.js';
import { LoginResponseSchema } from './users.entities.js';

/** How long an e-mail verification link works, and how often one account can be sent another (decision 029). */
export const EMAIL_VERIFICATION = { validHours: 24, resendAfterSeconds: 60 } as const;

export const SLUG_TAKEN_MESSAGE = 'This address is taken by another company. Choose another.';
export const SIGN_UP_EMAIL_TAKEN_MESSAGE = 'An account already uses this e-mail. Sign in instead.';
export const EMAIL_VERIFIED_MESSAGE = 'Your e-mail address is verified. Thank you.';
export const EMAIL_ALREADY_VERIFIED_MESSAGE = 'Your e-mail address is already verified.';
export const EMAIL_VERIFICATION_SENT_MESSAGE = `We have sent you a new link. It works for ${EMAIL_VERIFICATION.validHours} hours.`;
export const EMAIL_VERIFICATION_BAD_TOKEN_MESSAGE = 'This link has expired or was already used.';

/**
 * The company's address in the app (`/c/{slug}`) proposed from its name: lower-case ASCII letters and digits,
 * single hyphens, at most the slug's length; the form shows it and the user may change it.
 */
export function proposeSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, LIMITS.slugMax)
    .replace(/-+$/g, '');
}

/** One form, one body: the company and its first admin (decision 029). */
export const SignUpBodySchema = z
  .object({
    companyName: nameField('Company name'),
    slug: z
      .string({ error: whenMissing('Company address is required') })
      .trim()
      .min(LIMITS.slugMin, `Use at least ${LIMITS.slugMin} characters`)
      .max(LIMITS.slugMax, `Use at most ${LIMITS.slugMax} characters`)
      .pipe(SlugSchema),
    companyTypeSlug: z.enum(COMPANY_TYPE_SLUGS, { error: 'Choose shipper or courier' }),
    countryCode: z
      .string({ error: whenMissing('Choose a country') })
      .regex(/^[A-Za-z]{2}$/, 'Choose a country')
      .pipe(CountryCodeSchema)
      .transform((c) => c.toUpperCase()),
    firstname: nameField('First name'),
    lastname: nameField('Last name'),
    email: emailField,
    password: passwordField,
    passwordConfirmation: z.string({ error: whenMissing('Confirm the password') }),
  })
  .refine((b) => b.password === b.passwordConfirmation, {
    path: ['passwordConfirmation'],
    message: 'The passwords do not match',
  });
export type SignUpBody = z.infer<typeof SignUpBodySchema>;

export const VerifyEmailBodySchema = z.object({
  token: z
    .string({ error: whenMissing(EMAIL_VERIFICATION_BAD_TOKEN_MESSAGE) })
    .min(1, EMAIL_VERIFICATION_BAD_TOKEN_MESSAGE)
    .max(200, EMAIL_VERIFICATION_BAD_TOKEN_MESSAGE),
});
export type VerifyEmailBody = z.infer<typeof VerifyEmailBodySchema>;

export const signUpCalls = {
  signUp: defineCall({
    method: 'POST',
    path: '/signup',
    summary: 'Create a company and its first admin, sign the admin in and send an e-mail verification link',
    body: SignUpBodySchema,
    data: LoginResponseSchema,
    status: 201,
    errors: [409],
  }),
  verifyEmail: defineCall({
    method: 'POST',
    path: '/email/verify',
    summary: "Verify the user's e-mail address with the link's token (works once)",
    body: VerifyEmailBodySchema,
    data: MessageDataSchema,
  }),
  resendEmailVerification: defineCall({
    method: 'POST',
    path: '/me/email/verification',
    summary: 'Send the signed-in user a new e-mail verification link',
    data: MessageDataSchema,
  }),
};
