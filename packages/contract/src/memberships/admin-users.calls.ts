import { z } from 'zod';
import { UuidSchema } from '../common.js';
import { CompanyParamsSchema } from '../params.js';
import { CompanyUserSchema } from '../identity/users.entities.js';
import { MEMBER_STATUSES } from '../roles.js';
import { defineCall } from '../api/define-call.js';

export const CompanyUserParamsSchema = CompanyParamsSchema.extend({ userId: UuidSchema });

export const UpdateMemberStatusBodySchema = z.object({
  status: z.enum(MEMBER_STATUSES, { error: `Status must be one of: ${MEMBER_STATUSES.join(', ')}` }),
});
export type UpdateMemberStatusBody = z.infer<typeof UpdateMemberStatusBodySchema>;

export const adminUserCalls = {
  listUsers: defineCall({
    method: 'GET',
    path: '/c/:companySlug/admin/user',
    summary: "The company's users, keyed by uuid",
    params: CompanyParamsSchema,
    data: z.record(UuidSchema, CompanyUserSchema),
  }),
  listAdminUuids: defineCall({
    method: 'GET',
    path: '/c/:companySlug/admin/user/admin/uuid',
    summary: "Uuids of the company's admins",
    params: CompanyParamsSchema,
    data: z.array(UuidSchema),
  }),
  updateUserStatus: defineCall({
    method: 'POST',
    path: '/c/:companySlug/admin/user/:userId/status',
    summary: "Change a member's status in the company",
    params: CompanyUserParamsSchema,
    body: UpdateMemberStatusBodySchema,
    data: CompanyUserSchema,
  }),
};
