import { z } from 'zod';
import { defineCall } from '../api/define-call.js';
import { IsoDateTimeSchema, UrlSchema } from '../common.js';
import { passwordField } from '../identity/session.schemas.js';
import { PendingInvitationSchema, UserSchema } from '../identity/users.entities.js';
import { whenMissing } from '../messages.js';
import { COMPANY_ROLE_SLUGS } from '../roles.js';
import { CompanyUserParamsSchema } from './admin-users.calls.js';

/**
 * Invitations (issue 14, docs/decisions/032-invitations.md): an admin adds a driver or an admin by e-mail; a new
 * account gets a one-time link to choose its own password (no admin types a password for someone else).
 */
export const INVITATION = {
  /** How long an invitation's link works; an admin can send a new one at any time. */
  validDays: 7,
  /** How long before the same person can be sent another link by the same company. */
  resendAfterSeconds: 60,
} as const;

export const INVITATION_PATH = '/auth/accept-invitation';
export const INVITATION_BAD_TOKEN_MESSAGE =
  "This invitation has expired or was already used. Ask your company's admin to send a new one, or reset your password if you have already set one.";
export const INVITATION_ACCEPTED_MESSAGE = 'Welcome aboard! Your password is set and you are signed in.';

const tokenField = z
  .string({ error: whenMissing(INVITATION_BAD_TOKEN_MESSAGE) })
  .min(1, INVITATION_BAD_TOKEN_MESSAGE)
  .max(200, INVITATION_BAD_TOKEN_MESSAGE);

export const InvitationTokenBodySchema = z.object({ token: tokenField });
export type InvitationTokenBody = z.infer<typeof InvitationTokenBodySchema>;

/** What the invitation's screen shows before the password is chosen: who is invited, by which company, as what. */
export const InvitationSchema = z.object({
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  companyName: z.string(),
  companyLogoUrl: UrlSchema.nullable(),
  roleSlug: z.enum(COMPANY_ROLE_SLUGS),
  invitedBy: z.string().nullable(),
  expiresAt: IsoDateTimeSchema,
});
export type Invitation = z.infer<typeof InvitationSchema>;

export const AcceptInvitationBodySchema = z
  .object({
    token: tokenField,
    password: passwordField,
    passwordConfirmation: z.string({ error: whenMissing('Confirm the password') }),
  })
  .refine((b) => b.password === b.passwordConfirmation, {
    path: ['passwordConfirmation'],
    message: 'The passwords do not match',
  });
export type AcceptInvitationBody = z.infer<typeof AcceptInvitationBodySchema>;

export const invitationCalls = {
  readInvitation: defineCall({
    method: 'POST',
    path: '/invitation/read',
    summary:
      "What an invitation's link is for (company, role, person); the token travels in the body, not in a URL",
    body: InvitationTokenBodySchema,
    data: InvitationSchema,
  }),
  acceptInvitation: defineCall({
    method: 'POST',
    path: '/invitation/accept',
    summary: "Choose a password with an invitation's token: verifies the e-mail and signs the person in",
    body: AcceptInvitationBodySchema,
    data: z.object({ user: UserSchema, message: z.string() }),
  }),
  resendInvitation: defineCall({
    method: 'POST',
    path: '/c/:companySlug/admin/user/:userId/invitation',
    summary:
      'Send a person who has not yet chosen a password a new invitation link (the old one stops working)',
    params: CompanyUserParamsSchema,
    data: PendingInvitationSchema,
  }),
};
