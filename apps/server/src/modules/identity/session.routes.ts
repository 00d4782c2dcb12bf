import { sessionCalls } from '@courier/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerCall } from '../../lib/route.js';
import { clearSessionCookie, setSessionCookie } from '../../plugins/auth.plugin.js';
import { deleteSessionById } from './sessions.queries.js';
import { login } from './session.service.js';

/** The e-mail a sign-in is for, as the limits count it. */
const emailOf = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
};

export function sessionRoutes(app: FastifyInstance): void {
  registerCall(
    app,
    sessionCalls.login,
    async ({ body, request, reply }) => {
      const result = await login(app.database.db, {
        body,
        previousSecret: request.cookies[app.config.SESSION_COOKIE_NAME],
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        sessionIdleMinutes: app.config.SESSION_IDLE_MINUTES,
        tokenTtlDays: app.config.TOKEN_TTL_DAYS,
      });
      setSessionCookie(app, reply, result.sessionSecret);
      const data = {
        user: result.user,
        message: 'Signed in.',
        ...(result.token ? { token: result.token } : {}),
      };
      return { data };
    },
    {
      rateLimit: {
        max: app.config.LOGIN_RATE_LIMIT_MAX,
        // Per address and e-mail, so one attacker cannot lock everyone out and one account cannot be sprayed.
        keyGenerator: (request) => `login:${request.ip}:${emailOf(request)}`,
      },
      // Ceilings past that: one account from many addresses, one address over many accounts. Each lasts a minute,
      // so an attacker can delay a user's sign-in but never lock them out for longer than they keep attacking.
      moreRateLimits: [
        {
          max: app.config.LOGIN_ACCOUNT_RATE_LIMIT_MAX,
          keyGenerator: (request) => `login-account:${emailOf(request)}`,
        },
        {
          max: app.config.LOGIN_ADDRESS_RATE_LIMIT_MAX,
          keyGenerator: (request) => `login-address:${request.ip}`,
        },
      ],
    },
  );

  registerCall(
    app,
    sessionCalls.logout,
    async ({ request, reply }) => {
      if (request.auth) await deleteSessionById(app.database.db, request.auth.sessionId);
      clearSessionCookie(app, reply);
      return { data: { message: 'Signed out.' } };
    },
    { whileLocked: true },
  );

  registerCall(app, sessionCalls.meCheck, () => Promise.resolve({ data: { valid: true as const } }));
}
