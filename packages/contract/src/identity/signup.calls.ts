import { defineCall } from '../api/define-call.js';
import { LIMITS } from '../constants.js';
import { MessageDataSchema } from './session.schemas.js';
import { LoginResponseSchema } from './users.entities.js';
import { SignUpBodySchema, VerifyEmailBodySchema } from './signup.schemas.js';

/** How long an e-mail verification link works, and how often one account can be sent another (decision 029). */
export const EMAIL_VERIFICATION = { validHours: 24, resendAfterSeconds: 60 } as const;

export const SLUG_TAKEN_MESSAGE = 'This address is taken by another company. Choose another.';
export const SIGN_UP_EMAIL_TAKEN_MESSAGE = 'An account already uses this e-mail. Sign in instead.';
export const EMAIL_VERIFIED_MESSAGE = 'Your e-mail address is verified. Thank you.';
export const EMAIL_ALREADY_VERIFIED_MESSAGE = 'Your e-mail address is already verified.';
export const EMAIL_VERIFICATION_SENT_MESSAGE = `We have sent you a new link. It works for ${EMAIL_VERIFICATION.validHours} hours.`;

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
