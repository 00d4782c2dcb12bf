import { lockCalls } from '@courier/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthenticated } from '../../lib/app-error.js';
import { registerCall } from '../../lib/route.js';
import { lockSession, lockState, unlockSession } from './lock.service.js';

function authOf(request: FastifyRequest) {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

/** The lock screen's calls (decision 030): they answer while the session is locked; every other one answers 423. */
export function lockRoutes(app: FastifyInstance): void {
  const db = app.database.db;

  registerCall(
    app,
    lockCalls.getLock,
    async ({ request }) => ({ data: await lockState(db, authOf(request)) }),
    {
      whileLocked: true,
    },
  );

  registerCall(
    app,
    lockCalls.lockSession,
    async ({ request }) => ({ data: await lockSession(db, authOf(request)), message: 'Session locked.' }),
    { whileLocked: true },
  );

  registerCall(
    app,
    lockCalls.unlockSession,
    async ({ request, body }) => ({
      data: await unlockSession(db, authOf(request), body.password),
      message: 'Unlocked.',
    }),
    {
      whileLocked: true,
      // As many tries as a sign-in, per account over all its sessions (as the password change): a stolen locked
      // laptop is not a password oracle, nor are several locked sessions of one user several times one.
      rateLimit: {
        max: app.config.LOGIN_RATE_LIMIT_MAX,
        keyGenerator: (request) => `unlock:${request.auth?.userId ?? request.ip}`,
      },
    },
  );
}
