import { adminUserCalls } from '@courier/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../lib/route.js';
import { tenantOf } from '../../plugins/tenancy.plugin.js';
import { listActiveAdminIds } from './admin-users.queries.js';
import { changeMemberStatus, listCompanyUsers } from './admin-users.service.js';

/** Registered inside the company scope: the tenancy hook has already resolved `request.tenant`. */
export function adminUserRoutes(app: FastifyInstance): void {
  const db = app.database.db;

  registerCall(app, adminUserCalls.listUsers, async ({ request }) => {
    const users = await listCompanyUsers(db, { companyId: tenantOf(request).companyId });
    return { data: Object.fromEntries(users.map((u) => [u.uuid, u])) };
  });

  registerCall(app, adminUserCalls.listAdminUuids, async ({ request }) => ({
    data: await listActiveAdminIds(db, tenantOf(request).companyId),
  }));

  registerCall(app, adminUserCalls.updateUserStatus, async ({ request, params, body }) => {
    const user = await changeMemberStatus(db, {
      companyId: tenantOf(request).companyId,
      userId: params.userId,
      status: body.status,
    });
    return { data: user, message: 'User status updated.' };
  });
}
