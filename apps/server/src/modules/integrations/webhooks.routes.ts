import { webhookCalls } from '@courier/contract';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/app-error.js';
import { registerCall } from '../../lib/route.js';
import { tenantOf } from '../../plugins/tenancy.plugin.js';
import { presentAttempt, presentEndpoint } from './webhooks.presenter.js';
import { findEndpoint, listAttemptRows, listEndpointRows } from './webhooks.queries.js';
import {
  createEndpoint,
  deleteEndpoint,
  resendMessage,
  rotateSecret,
  sendTest,
  updateEndpoint,
} from './webhooks.service.js';

/** The company's webhook endpoints (decision 066): its admins', and API keys with `webhooks:manage`. */
export function webhookRoutes(app: FastifyInstance): void {
  const db = app.database.db;
  const allowPrivateTargets = app.config.WEBHOOKS_ALLOW_PRIVATE_TARGETS;

  registerCall(app, webhookCalls.listWebhookEndpoints, async ({ request }) => ({
    data: (await listEndpointRows(db, tenantOf(request).companyId)).map(presentEndpoint),
  }));

  registerCall(app, webhookCalls.createWebhookEndpoint, async ({ request, body }) => ({
    data: await createEndpoint(
      db,
      { companyId: tenantOf(request).companyId, allowPrivateTargets, userId: request.auth?.userId ?? null },
      body,
    ),
    message: 'Webhook endpoint added. Copy its signing secret now: it is not shown again.',
  }));

  registerCall(app, webhookCalls.updateWebhookEndpoint, async ({ request, params, body }) => ({
    data: await updateEndpoint(
      db,
      { companyId: tenantOf(request).companyId, allowPrivateTargets },
      params.webhookUuid,
      body,
    ),
    message: 'Webhook endpoint saved.',
  }));

  registerCall(app, webhookCalls.deleteWebhookEndpoint, async ({ request, params }) => ({
    data: await deleteEndpoint(db, tenantOf(request).companyId, params.webhookUuid),
    message: 'Webhook endpoint deleted.',
  }));

  registerCall(app, webhookCalls.rotateWebhookSecret, async ({ request, params }) => ({
    data: await rotateSecret(db, tenantOf(request).companyId, params.webhookUuid),
    message: 'New signing secret made. Copy it now; the previous one also signs for a day.',
  }));

  registerCall(app, webhookCalls.sendTestWebhook, async ({ request, params }) => ({
    data: await sendTest(db, tenantOf(request).companyId, params.webhookUuid),
    message: 'Test event sent: its try shows in the log in a moment.',
  }));

  registerCall(app, webhookCalls.listWebhookAttempts, async ({ request, params, query }) => {
    const { companyId } = tenantOf(request);
    if (!(await findEndpoint(db, companyId, params.webhookUuid))) throw notFound('Webhook endpoint');
    const { rows, total } = await listAttemptRows(db, params.webhookUuid, query.page, query.per_page);
    return {
      data: rows.map(presentAttempt),
      meta: {
        current_page: query.page,
        last_page: Math.max(1, Math.ceil(total / query.per_page)),
        per_page: query.per_page,
        total,
      },
    };
  });

  registerCall(app, webhookCalls.resendWebhookMessage, async ({ request, params }) => ({
    data: await resendMessage(db, tenantOf(request).companyId, params.webhookUuid, params.messageUuid),
    message: 'Message queued to be sent again.',
  }));
}
