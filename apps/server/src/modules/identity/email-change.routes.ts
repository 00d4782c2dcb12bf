import {
  EMAIL_CHANGE_CANCELLED_MESSAGE,
  EMAIL_CHANGE_CONFIRMED_MESSAGE,
  emailChangeCalls,
  emailChangeRequestedMessage,
  sessionCalls,
} from '@courier/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthenticated } from '../../lib/app-error.js';
import { registerCall } from '../../lib/route.js';
import type { MailQueue } from '../mail/index.js';
import {
  cancelEmailChange,
  confirmEmailChange,
  getEmailChange,
  requestEmailChange,
  revertEmailChange,
} from './email-change.service.js';
import { loadUser } from './users.service.js';

function authOf(request: FastifyRequest) {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

/** A change of the sign-in e-mail (decision 056): asked for with the password, confirmed by the new address. */
export function emailChangeRoutes(app: FastifyInstance, mail: MailQueue): void {
  const db = app.database.db;
  const setup = { mail, appUrl: app.config.appUrl };

  registerCall(
    app,
    sessionCalls.updateEmail,
    async ({ request, body }) => {
      const { userId } = authOf(request);
      await requestEmailChange(db, { ...setup, userId, ...body });
      // The user as they are: the address changes only once the new one confirms it.
      return { data: await loadUser(db, userId), message: emailChangeRequestedMessage(body.email) };
    },
    {
      // It checks the current password: as many tries as a sign-in, per account over all its sessions (as
      // `/me/password`), so a stolen session is not a way to guess it.
      rateLimit: {
        max: app.config.LOGIN_RATE_LIMIT_MAX,
        keyGenerator: (request) => `email-change:${request.auth?.userId ?? request.ip}`,
      },
    },
  );

  registerCall(app, emailChangeCalls.getEmailChange, async ({ request }) => ({
    data: await getEmailChange(db, authOf(request).userId),
  }));

  registerCall(app, emailChangeCalls.cancelEmailChange, async ({ request }) => {
    await cancelEmailChange(db, authOf(request).userId);
    return { data: { message: EMAIL_CHANGE_CANCELLED_MESSAGE } };
  });

  // The links' tokens are 256 random bits; the limit keeps the logs quiet, as email verification's does.
  registerCall(
    app,
    emailChangeCalls.confirmEmailChange,
    async ({ body }) => {
      await confirmEmailChange(db, { ...setup, token: body.token });
      return { data: { message: EMAIL_CHANGE_CONFIRMED_MESSAGE } };
    },
    { rateLimit: { max: 10, keyGenerator: (request) => `email-change-confirm:${request.ip}` } },
  );

  registerCall(
    app,
    emailChangeCalls.revertEmailChange,
    async ({ body }) => ({ data: { message: await revertEmailChange(db, { token: body.token }) } }),
    { rateLimit: { max: 10, keyGenerator: (request) => `email-change-revert:${request.ip}` } },
  );
}
