import type { Client, ClientInputSchema } from '@courier/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { presentClient } from './clients.presenter.js';
import {
  appendContacts,
  findClientIdByName,
  insertClient,
  listContacts,
  type ClientRow,
} from './clients.queries.js';

/** Clients as the API answers them: their contacts read for all of them in one query. */
export async function presentClients(db: DbOrTx, companyId: string, rows: ClientRow[]): Promise<Client[]> {
  const contacts = await listContacts(db, { companyId, clientIds: rows.map((r) => r.id) });
  return rows.map((r) => presentClient(r, contacts));
}

/** One CSV row: several rows may name one client, one contact each, so they are merged into that client. */
export async function saveImportedClient(
  tx: DbOrTx,
  opts: { companyId: string; value: z.output<typeof ClientInputSchema> },
) {
  const { companyId, value } = opts;
  const existing = await findClientIdByName(tx, { companyId, companyName: value.companyName });
  if (existing) await appendContacts(tx, { companyId, clientId: existing }, value);
  else await insertClient(tx, companyId, value);
}
