import { LOOKUP_LIST_KEYS, lookupCalls, vehicleModelCalls } from '@courier/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../lib/route.js';
import { presentLookup } from './lookups.presenter.js';
import { listLookupRows } from './lookups.queries.js';
import { vehicleModelsById } from './lookups.service.js';
import { LOOKUP_TABLES } from './lookups.tables.js';

/**
 * The lookup lists, keyed by slug. They change only with migrations, so clients may cache them (the web app loads
 * them once at start-up); signed-in users only.
 */
export function lookupRoutes(app: FastifyInstance): void {
  const db = app.database.db;
  for (const key of LOOKUP_LIST_KEYS) {
    registerCall(app, lookupCalls[key], async ({ reply }) => {
      const rows = await listLookupRows(db, LOOKUP_TABLES[key]);
      void reply.header('cache-control', 'private, max-age=300');
      return { data: Object.fromEntries(rows.map((r) => [r.slug, presentLookup(r)])) };
    });
  }
  registerCall(app, vehicleModelCalls.listVehicleModels, async ({ reply }) => {
    const models = await vehicleModelsById(db);
    void reply.header('cache-control', 'private, max-age=300');
    return { data: models };
  });
}
