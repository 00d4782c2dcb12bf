import { EMAIL_VERIFIED_MESSAGE, signUpCalls } from '@courier/contract';
import type { FastifyInstance } from 'fastify';
import { unauthenticated } from '../../lib/app-error.js';
import { registerCall } from '../../lib/route.js';
import type { MailQueue } from '../mail/index.js';
import { resendVerification, verifyEmail } from './email-verification.service.js';

export function emailVerificationRoutes(app: FastifyInstance, mail: MailQueue): void {
  registerCall(
    app,
    signUpCalls.verifyEmail,
    async ({ body }) => {
      await verifyEmail(app.database.db, body.token);
      return { data: { message: EMAIL_VERIFIED_MESSAGE } };
    },
    { rateLimit: { max: 10, keyGenerator: (request) => `email-verify:${request.ip}` } },
  );

  registerCall(
    app,
    signUpCalls.resendEmailVerification,
    async ({ request }) => {
      if (!request.auth) throw unauthenticated();
      const message = await resendVerification(app.database.db, {
        userId: request.auth.userId,
        mail,
        appUrl: app.config.appUrl,
      });
      return { data: { message } };
    },
    {
      rateLimit: {
        max: app.config.PASSWORD_RESET_RATE_LIMIT_MAX,
        keyGenerator: (request) => `email-verification:${request.ip}`,
      },
    },
  );
}
