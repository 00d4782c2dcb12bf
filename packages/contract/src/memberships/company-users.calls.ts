import { z } from 'zod';
import { whenMissing } from '../messages.js';
import { UuidSchema } from '../common.js';
import { LIMITS } from '../constants.js';
import { CompanyUserSchema } from '../identity/users.entities.js';
import { COMPANY_ROLE_SLUGS } from '../roles.js';
import { CompanyParamsSchema } from '../params.js';
import { CompanyUserParamsSchema } from './admin-users.calls.js';
import { defineCall } from '../api/define-call.js';

const emailField = z
  .string({ error: whenMissing('E-mail is required') })
  .trim()
  .toLowerCase()
  .pipe(z.email('Enter a valid e-mail address'));

/**
 * Add an admin: an existing account is linked; an unknown e-mail needs a name, and the new admin is e-mailed an
 * invitation to choose their own password (decision 032).
 */
export const AddAdminBodySchema = z.object({
  email: emailField,
  firstname: z.string().trim().min(1).max(LIMITS.nameMax).optional(),
  lastname: z.string().trim().min(1).max(LIMITS.nameMax).optional(),
});
export type AddAdminBody = z.infer<typeof AddAdminBodySchema>;

/** Add a person who already has an account as a driver of this company. */
export const AddExistingDriverBodySchema = z.object({ email: emailField });

export const RemoveUserQuerySchema = z.object({ role: z.enum(COMPANY_ROLE_SLUGS).optional() });

const base = '/c/:companySlug/admin';
export const companyUserCalls = {
  addAdmin: defineCall({
    method: 'POST',
    path: `${base}/user/admin`,
    summary: 'Make a person an admin of the company (a new e-mail gets an account and an invitation link)',
    params: CompanyParamsSchema,
    body: AddAdminBodySchema,
    data: CompanyUserSchema,
    status: 201,
  }),
  addExistingDriver: defineCall({
    method: 'POST',
    path: `${base}/user/driver`,
    summary: 'Add a person who already has an account as a driver',
    params: CompanyParamsSchema,
    body: AddExistingDriverBodySchema,
    data: CompanyUserSchema,
    status: 201,
  }),
  removeUser: defineCall({
    method: 'DELETE',
    path: `${base}/user/:userId`,
    summary: 'Remove a person from the company (one role, or all); the last admin stays',
    params: CompanyUserParamsSchema,
    query: RemoveUserQuerySchema,
    data: z.object({ uuid: UuidSchema }),
  }),
};
