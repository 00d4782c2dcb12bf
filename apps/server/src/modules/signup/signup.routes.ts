import { signUpCalls } from '@courier/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../lib/route.js';
import { setSessionCookie } from '../../plugins/auth.plugin.js';
import type { MailQueue } from '../mail/index.js';
import { signUp } from './signup.service.js';

export function signUpRoutes(app: FastifyInstance, mail: MailQueue): void {
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
        mail,
        appUrl: app.config.appUrl,
      });
      setSessionCookie(app, reply, result.sessionSecret);
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
