import { contactCalls } from '@courier/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../lib/route.js';
import type { MailQueue } from '../mail/index.js';
import { receiveContactMessage } from './contact.service.js';

/** The contact form (issue 14): kept and mailed by a job; rate limited per address. */
export function contactRoutes(app: FastifyInstance, mail: MailQueue): void {
  registerCall(
    app,
    contactCalls.sendContactMessage,
    async ({ request, body }) => {
      await receiveContactMessage(app.database.db, {
        mail,
        to: app.config.CONTACT_EMAIL,
        body,
        ip: request.ip,
      });
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
