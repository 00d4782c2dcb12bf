import {
  PASSWORD_RESET_DONE_MESSAGE,
  PASSWORD_RESET_REQUESTED_MESSAGE,
  passwordResetCalls,
} from '@courier/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../lib/route.js';
import { PASSWORD_RESET_LINK_JOB } from './identity.jobs.js';
import { resetPassword } from './password-reset.service.js';

export function passwordResetRoutes(app: FastifyInstance): void {
  // The answer does not wait for the lookup or the mail, only for the job that does them (one insert): it is the
  // same, in the same time, for any address.
  registerCall(
    app,
    passwordResetCalls.requestPasswordReset,
    async ({ body }) => {
      await app.jobs.send(app.database.db, PASSWORD_RESET_LINK_JOB, { email: body.email });
      return { data: { message: PASSWORD_RESET_REQUESTED_MESSAGE } };
    },
    {
      rateLimit: {
        max: app.config.PASSWORD_RESET_RATE_LIMIT_MAX,
        keyGenerator: (request) => `password-reset:${request.ip}`,
      },
    },
  );

  registerCall(
    app,
    passwordResetCalls.resetPassword,
    async ({ body }) => {
      await resetPassword(app.database.db, body);
      return { data: { message: PASSWORD_RESET_DONE_MESSAGE } };
    },
    { rateLimit: { max: 10, keyGenerator: (request) => `password-reset-token:${request.ip}` } },
  );
}
