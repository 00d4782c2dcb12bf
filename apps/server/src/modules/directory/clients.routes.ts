import { ClientCsvRowSchema, directoryCalls, type Client } from '@courier/contract';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import { iso } from '../../lib/dates.js';
import { importRows } from '../../lib/import-rows.js';
import { paginationMeta } from '../../lib/pagination.js';
import { registerCall } from '../../lib/route.js';
import { tenantOf } from '../../plugins/tenancy.plugin.js';
import {
  appendContacts,
  findClientIdByName,
  deleteClient,
  findClient,
  insertClient,
  listClients,
  listContacts,
  updateClient,
  type ClientRow,
} from './clients.queries.js';

async function present(db: DbOrTx, rows: ClientRow[]): Promise<Client[]> {
  const contacts = await listContacts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    uuid: r.id,
    companyName: r.companyName,
    email: r.email,
    phoneNumber: r.phoneNumber,
    notes: r.notes,
    contacts: contacts
      .filter((c) => c.clientId === r.id)
      .map((c) => ({
        uuid: c.id,
        firstname: c.firstname,
        lastname: c.lastname,
        ...(c.email ? { email: c.email } : {}),
        phoneNumber: c.phoneNumber,
        companyName: c.companyName,
      })),
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  }));
}

export function clientRoutes(app: FastifyInstance): void {
  const db = app.database.db;
  const load = async (companyId: string, clientId: string) => {
    const row = await findClient(db, { companyId, clientId });
    if (!row) throw notFound('Client');
    return (await present(db, [row]))[0]!;
  };

  registerCall(app, directoryCalls.listClients, async ({ request, query }) => {
    const { rows, total } = await listClients(db, { companyId: tenantOf(request).companyId, query });
    return { data: await present(db, rows), meta: paginationMeta(query, total) };
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
      // Several rows may name one client, one contact each: they are merged into that client.
      save: async (tx, value) => {
        const existing = await findClientIdByName(tx, { companyId, companyName: value.companyName });
        if (existing) await appendContacts(tx, existing, value);
        else await insertClient(tx, companyId, value);
      },
    });
    return { data: result, message: `${result.created} saved, ${result.failed.length} failed.` };
  });
}
