import { apiKeyCalls } from '@courier/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../lib/route.js';
import { tenantOf } from '../../plugins/tenancy.plugin.js';
import { presentApiKey } from './api-keys.presenter.js';
import { listApiKeyRows } from './api-keys.queries.js';
import { createApiKey, revokeApiKey } from './api-keys.service.js';

/** The company's API keys (decision 065): its admins create, list and revoke them; a key never reaches these. */
export function apiKeyRoutes(app: FastifyInstance): void {
  const db = app.database.db;

  registerCall(app, apiKeyCalls.listApiKeys, async ({ request }) => ({
    data: (await listApiKeyRows(db, tenantOf(request).companyId)).map(presentApiKey),
  }));

  registerCall(app, apiKeyCalls.createApiKey, async ({ request, body }) => ({
    data: await createApiKey(db, {
      companyId: tenantOf(request).companyId,
      userId: request.auth?.userId ?? null,
      body,
    }),
    message: 'API key created. Copy its secret now: it is not shown again.',
  }));

  registerCall(app, apiKeyCalls.revokeApiKey, async ({ request, params }) => ({
    data: await revokeApiKey(db, tenantOf(request).companyId, params.apiKeyUuid),
    message: 'API key revoked: calls with it are refused from now on.',
  }));
}
