import {
  PASSWORD_RESET_DONE_MESSAGE,
  PASSWORD_RESET_REQUESTED_MESSAGE,
  passwordResetCalls,
} from '@courier/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../lib/route.js';
import type { Mailer } from '../mail/index.js';
import { resetPassword, sendPasswordResetLink } from './password-reset.service.js';

export function passwordResetRoutes(app: FastifyInstance, mailer: Mailer): void {
  // The answer does not wait for the lookup or the mail: it is the same, in the same time, for any address.
  registerCall(
    app,
    passwordResetCalls.requestPasswordReset,
    ({ body }) => {
      app.background.run('password reset e-mail', () =>
        sendPasswordResetLink(app.database.db, { email: body.email, mailer, appUrl: app.config.appUrl }),
      );
      return Promise.resolve({ data: { message: PASSWORD_RESET_REQUESTED_MESSAGE } });
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
