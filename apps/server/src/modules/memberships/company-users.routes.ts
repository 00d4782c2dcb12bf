import { companyUserCalls } from '@courier/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../lib/route.js';
import { tenantOf } from '../../plugins/tenancy.plugin.js';
import { addAdmin, addExistingDriver, removeFromCompany } from './company-users.service.js';
import type { MailSetup } from './invitations.service.js';

export const INVITED_MESSAGE = 'Invitation sent: they choose their password from the link we e-mailed them.';

export function companyUserRoutes(app: FastifyInstance, mail: MailSetup): void {
  const db = app.database.db;

  registerCall(app, companyUserCalls.addAdmin, async ({ request, body }) => {
    const { user, mail: grantMail } = await addAdmin(db, {
      companyId: tenantOf(request).companyId,
      invitedByUserId: request.auth?.userId ?? null,
      mail,
      body,
    });
    return { data: user, message: grantMail.kind === 'invitation' ? INVITED_MESSAGE : 'Admin added.' };
  });

  registerCall(app, companyUserCalls.addExistingDriver, async ({ request, body }) => {
    const { user, mail: grantMail } = await addExistingDriver(db, {
      companyId: tenantOf(request).companyId,
      invitedByUserId: request.auth?.userId ?? null,
      mail,
      email: body.email,
    });
    return { data: user, message: grantMail.kind === 'invitation' ? INVITED_MESSAGE : 'Driver added.' };
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
