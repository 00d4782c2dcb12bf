import { contactCalls } from '@courier/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../lib/route.js';
import type { Mailer } from '../mail/index.js';
import { mailContactMessage, saveContactMessage } from './contact.service.js';

/** The contact form (issue 14): kept, then mailed in the background; rate limited per address. */
export function contactRoutes(app: FastifyInstance, mailer: Mailer): void {
  registerCall(
    app,
    contactCalls.sendContactMessage,
    async ({ request, body }) => {
      await saveContactMessage(app.database.db, body, request.ip);
      app.background.run('contact message e-mail', () =>
        mailContactMessage(app.database.db, { mailer, to: app.config.CONTACT_EMAIL, body }),
      );
      return { data: { received: true as const }, message: 'Thank you: your message has reached the team.' };
    },
    {
      rateLimit: {
        max: app.config.CONTACT_RATE_LIMIT_MAX,
        keyGenerator: (request) => `contact:${request.ip}`,
      },
    },
  );
}
