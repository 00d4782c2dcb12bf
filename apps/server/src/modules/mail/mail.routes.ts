import { mailCalls } from '@courier/contract';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/app-error.js';
import { paginationMeta } from '../../lib/pagination.js';
import { registerCall } from '../../lib/route.js';
import { presentOutboxMail } from './mail.presenter.js';
import { findOutboxMail, listOutboxMail } from './mail.queries.js';

/** The outbox for platform admins (registered in the platform scope, whose hook asks the policy). */
export function mailRoutes(app: FastifyInstance): void {
  registerCall(app, mailCalls.listOutbox, async ({ query }) => {
    const page = await listOutboxMail(app.database.db, query);
    return { data: page.rows.map(presentOutboxMail), meta: paginationMeta(query, page.total) };
  });

  registerCall(app, mailCalls.getOutboxMail, async ({ params }) => {
    const row = await findOutboxMail(app.database.db, params.mailUuid);
    if (!row) throw notFound('Message');
    return { data: presentOutboxMail(row) };
  });
}
