import { SUPPORT_DESK_PATH } from '@courier/contract';
import type { FastifyInstance } from 'fastify';

/**
 * The Support Desk link of the web app's menus (decision 061): a redirect to the install's SUPPORT_URL, read at
 * start-up, so an operator points it at their own desk without rebuilding the web app; without one, the contact page.
 * A browser's new tab follows it, no script asks for it. Public (FILE_ROUTE_ACCESS): a signed-out visitor's contact
 * page links to it too. Kept out of the OpenAPI document: it is a link for browsers, not a call with an answer.
 */
export function supportRoutes(app: FastifyInstance): void {
  app.get(SUPPORT_DESK_PATH, { schema: { hide: true } }, (_request, reply) =>
    reply.header('cache-control', 'no-store').redirect(app.config.supportUrl, 302),
  );
}
