import { sessionCalls } from '@courier/contract';
import type { FastifyInstance } from 'fastify';
import { APP_VERSION } from '../../config/version.js';
import { pingDatabase } from '../../db/client.js';
import { registerCall } from '../../lib/route.js';

export function healthRoutes(app: FastifyInstance): void {
  registerCall(app, sessionCalls.health, async () => {
    await pingDatabase(app.database.db);
    return { data: { status: 'ok' as const, database: app.database.kind, version: APP_VERSION } };
  });

  registerCall(app, sessionCalls.live, () => Promise.resolve({ data: { status: 'ok' as const } }));
}
