import { companyUserCalls } from '@courier/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../lib/route.js';
import { tenantOf } from '../../plugins/tenancy.plugin.js';
import { addAdmin, addExistingDriver, removeFromCompany } from './company-users.service.js';

export function companyUserRoutes(app: FastifyInstance): void {
  const db = app.database.db;

  registerCall(app, companyUserCalls.addAdmin, async ({ request, body }) => {
    const { user } = await addAdmin(db, { companyId: tenantOf(request).companyId, body });
    return { data: user, message: 'Admin added.' };
  });

  registerCall(app, companyUserCalls.addExistingDriver, async ({ request, body }) => {
    const { user } = await addExistingDriver(db, {
      companyId: tenantOf(request).companyId,
      email: body.email,
    });
    return { data: user, message: 'Driver added.' };
  });

  registerCall(app, companyUserCalls.removeUser, async ({ request, params, query }) => {
    await removeFromCompany(db, {
      companyId: tenantOf(request).companyId,
      userId: params.userId,
      role: query.role,
    });
    return { data: { uuid: params.userId }, message: 'User removed from the company.' };
  });
}
