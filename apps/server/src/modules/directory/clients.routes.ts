import { ClientCsvRowSchema, directoryCalls } from '@courier/contract';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/app-error.js';
import { importRows } from '../../lib/import-rows.js';
import { paginationMeta } from '../../lib/pagination.js';
import { registerCall } from '../../lib/route.js';
import { tenantOf } from '../../plugins/tenancy.plugin.js';
import { deleteClient, findClient, insertClient, listClients, updateClient } from './clients.queries.js';
import { presentClients, saveImportedClient } from './clients.service.js';

export function clientRoutes(app: FastifyInstance): void {
  const db = app.database.db;
  const load = async (companyId: string, clientId: string) => {
    const row = await findClient(db, { companyId, clientId });
    if (!row) throw notFound('Client');
    return (await presentClients(db, companyId, [row]))[0]!;
  };

  registerCall(app, directoryCalls.listClients, async ({ request, query }) => {
    const { companyId } = tenantOf(request);
    const { rows, total } = await listClients(db, { companyId, query });
    return { data: await presentClients(db, companyId, rows), meta: paginationMeta(query, total) };
  });

  registerCall(app, directoryCalls.createClient, async ({ request, body }) => {
    const { companyId } = tenantOf(request);
    const id = await db.transaction((tx) => insertClient(tx, companyId, body));
    return { data: await load(companyId, id), message: 'Client saved.' };
  });

  registerCall(app, directoryCalls.updateClient, async ({ request, params, body }) => {
    const { companyId } = tenantOf(request);
    const found = await db.transaction((tx) =>
      updateClient(tx, { companyId, clientId: params.clientUuid }, body),
    );
    if (!found) throw notFound('Client');
    return { data: await load(companyId, params.clientUuid), message: 'Client saved.' };
  });

  registerCall(app, directoryCalls.deleteClient, async ({ request, params }) => {
    if (!(await deleteClient(db, { companyId: tenantOf(request).companyId, clientId: params.clientUuid })))
      throw notFound('Client');
    return { data: { uuid: params.clientUuid }, message: 'Client deleted.' };
  });

  registerCall(app, directoryCalls.importClients, async ({ request, body }) => {
    const { companyId } = tenantOf(request);
    const result = await importRows(db, {
      rows: body.rows,
      firstRowNumber: body.firstRowNumber,
      schema: ClientCsvRowSchema,
      save: (tx, value) => saveImportedClient(tx, { companyId, value }),
    });
    return { data: result, message: `${result.created} saved, ${result.failed.length} failed.` };
  });
}
