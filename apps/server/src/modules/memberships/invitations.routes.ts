import { INVITATION_ACCEPTED_MESSAGE, invitationCalls } from '@courier/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../lib/route.js';
import { setSessionCookie } from '../../plugins/auth.plugin.js';
import { tenantOf } from '../../plugins/tenancy.plugin.js';
import { acceptInvitation, readInvitation, resendInvitation, type MailSetup } from './invitations.service.js';

/** The invitation link's public calls (decision 032): rate limited per address, like the password reset's. */
export function invitationRoutes(app: FastifyInstance): void {
  const db = app.database.db;
  const rateLimit = (name: string) => ({
    rateLimit: {
      max: app.config.PASSWORD_RESET_RATE_LIMIT_MAX,
      keyGenerator: (request: { ip: string }) => `${name}:${request.ip}`,
    },
  });

  registerCall(
    app,
    invitationCalls.readInvitation,
    async ({ body }) => ({ data: await readInvitation(db, body.token) }),
    rateLimit('invitation-read'),
  );

  registerCall(
    app,
    invitationCalls.acceptInvitation,
    async ({ body, request, reply }) => {
      const result = await acceptInvitation(db, {
        body,
        previousSecret: request.cookies[app.config.SESSION_COOKIE_NAME],
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        sessionIdleMinutes: app.config.SESSION_IDLE_MINUTES,
      });
      setSessionCookie(app, reply, result.sessionSecret);
      return { data: { user: result.user, message: INVITATION_ACCEPTED_MESSAGE } };
    },
    rateLimit('invitation-accept'),
  );
}

/** An admin sends a new link to a person of the company who has not chosen a password yet. */
export function invitationAdminRoutes(app: FastifyInstance, mail: MailSetup): void {
  const db = app.database.db;
  registerCall(app, invitationCalls.resendInvitation, async ({ request, params }) => {
    const result = await resendInvitation(db, {
      companyId: tenantOf(request).companyId,
      userId: params.userId,
      invitedByUserId: request.auth?.userId ?? null,
      mail,
    });
    return {
      data: result.pending,
      message: 'A new invitation is on its way; the previous link no longer works.',
    };
  });
}
