import type { Client } from '@courier/contract';
import { iso } from '../../lib/dates.js';
import type { ClientRow, ContactRow } from './clients.queries.js';
import { presentContact } from './contacts.presenter.js';

/** A client with its contacts (`contacts` may hold other clients' too: a page's contacts are read at once). */
export function presentClient(row: ClientRow, contacts: ContactRow[]): Client {
  return {
    uuid: row.id,
    companyName: row.companyName,
    email: row.email,
    phoneNumber: row.phoneNumber,
    notes: row.notes,
    contacts: contacts.filter((c) => c.clientId === row.id).map(presentContact),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}
