import { signUpCalls } from '@courier/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../lib/route.js';
import { setSessionCookie } from '../../plugins/auth.plugin.js';
import { mailVerificationLink } from '../identity/index.js';
import type { Mailer } from '../mail/index.js';
import { signUp } from './signup.service.js';

export function signUpRoutes(app: FastifyInstance, mailer: Mailer): void {
  registerCall(
    app,
    signUpCalls.signUp,
    async ({ body, request, reply }) => {
      const result = await signUp(app.database.db, {
        body,
        previousSecret: request.cookies[app.config.SESSION_COOKIE_NAME],
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        sessionIdleMinutes: app.config.SESSION_IDLE_MINUTES,
      });
      setSessionCookie(app, reply, result.sessionSecret);
      // After commit and after the answer: a slow or failing SMTP server does not undo or delay the sign-up (the
      // dashboard offers to send the link again).
      app.background.run('e-mail verification', () =>
        mailVerificationLink({
          to: result.user.email,
          firstname: result.user.firstname,
          token: result.verificationToken,
          mailer,
          appUrl: app.config.appUrl,
        }),
      );
      return { data: { user: result.user, message: 'Welcome! Your company is ready.' } };
    },
    {
      rateLimit: {
        max: app.config.PASSWORD_RESET_RATE_LIMIT_MAX,
        keyGenerator: (request) => `signup:${request.ip}`,
      },
    },
  );
}
