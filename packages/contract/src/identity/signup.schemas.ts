// The schemas of the signup calls' params, queries, bodies and answers, apart from the calls (signup.calls.ts): a call
// needs none of them in the browser, whose first screens load no zod (decision 050).
import { z } from 'zod';
import { CountryCodeSchema, SlugSchema } from '../common.js';
import { LIMITS } from '../constants.js';
import { whenMissing } from '../messages.js';
import { COMPANY_TYPE_SLUGS } from '../roles.js';
import { emailField, nameField, passwordField } from './session.schemas.js';

/** One form, one body: the company and its first admin (decision 029). */
export const EMAIL_VERIFICATION_BAD_TOKEN_MESSAGE = 'This link has expired or was already used.';

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
