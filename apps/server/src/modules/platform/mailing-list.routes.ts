import { sessionCalls } from '@courier/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../lib/route.js';
import { addSubscriber } from './mailing-list.queries.js';

export function mailingListRoutes(app: FastifyInstance): void {
  // Joining twice is not an error: the answer is the same, so the list does not reveal who is on it.
  registerCall(
    app,
    sessionCalls.emailJoin,
    async ({ body }) => {
      await addSubscriber(app.database.db, body.email);
      return { data: { message: 'Thanks for joining! We will keep you posted.', success: true } };
    },
    { rateLimit: { max: 10 } },
  );
}
