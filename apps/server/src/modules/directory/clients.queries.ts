import type { ClientInputSchema, ListQuery } from '@courier/contract';
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { clientContacts, clients } from '../../db/schema/index.js';
import { likePattern } from '../../lib/like.js';
import { readPage } from '../../lib/pagination.js';

type ClientValues = z.output<typeof ClientInputSchema>;

const columns = {
  id: clients.id,
  companyName: clients.companyName,
  email: clients.email,
  phoneNumber: clients.phoneNumber,
  notes: clients.notes,
  createdAt: clients.createdAt,
  updatedAt: clients.updatedAt,
};

function filter(companyId: string, search?: string): SQL | undefined {
  const own = eq(clients.companyId, companyId);
  if (!search) return own;
  const like = likePattern(search);
  const contactMatch = sql`exists (select 1 from ${clientContacts} cc where cc.client_id = ${clients.id} and (cc.firstname ilike ${like} or cc.lastname ilike ${like} or cc.email ilike ${like}))`;
  return and(own, or(ilike(clients.companyName, like), ilike(clients.email, like), contactMatch));
}

export async function listClients(db: DbOrTx, opts: { companyId: string; query: ListQuery }) {
  const where = filter(opts.companyId, opts.query.search);
  const dir = opts.query.order === 'desc' ? desc : asc;
  return readPage(opts.query, {
    rows: ({ limit, offset }) =>
      db
        .select(columns)
        .from(clients)
        .where(where)
        .orderBy(dir(sql`lower(${clients.companyName})`), asc(clients.id))
        .limit(limit)
        .offset(offset),
    count: () => db.select({ n: count() }).from(clients).where(where),
  });
}
export type ClientRow = Awaited<ReturnType<typeof listClients>>['rows'][number];

export async function findClient(db: DbOrTx, opts: { companyId: string; clientId: string }) {
  const [row] = await db
    .select(columns)
    .from(clients)
    .where(and(eq(clients.companyId, opts.companyId), eq(clients.id, opts.clientId)))
    .limit(1);
  return row;
}

/** The contacts of some of the company's clients, in their order. */
export async function listContacts(db: DbOrTx, opts: { companyId: string; clientIds: string[] }) {
  const { clientIds } = opts;
  if (clientIds.length === 0) return [];
  return db
    .select({
      id: clientContacts.id,
      clientId: clientContacts.clientId,
      firstname: clientContacts.firstname,
      lastname: clientContacts.lastname,
      email: clientContacts.email,
      phoneNumber: clientContacts.phoneNumber,
      companyName: clientContacts.companyName,
    })
    .from(clientContacts)
    .innerJoin(clients, eq(clients.id, clientContacts.clientId))
    .where(and(eq(clients.companyId, opts.companyId), inArray(clientContacts.clientId, clientIds)))
    .orderBy(asc(clientContacts.position));
}
export type ContactRow = Awaited<ReturnType<typeof listContacts>>[number];

const clientRow = (v: ClientValues) => ({
  companyName: v.companyName,
  email: v.email ?? null,
  phoneNumber: v.phoneNumber ?? null,
  notes: v.notes,
});

async function replaceContacts(db: DbOrTx, clientId: string, v: ClientValues) {
  await db.delete(clientContacts).where(eq(clientContacts.clientId, clientId));
  if (v.contacts.length === 0) return;
  await db.insert(clientContacts).values(
    v.contacts.map((c, position) => ({
      clientId,
      position,
      firstname: c.firstname,
      lastname: c.lastname,
      email: c.email ?? null,
      phoneNumber: c.phoneNumber,
      companyName: c.companyName || v.companyName,
    })),
  );
}

export async function insertClient(db: DbOrTx, companyId: string, v: ClientValues) {
  const [row] = await db
    .insert(clients)
    .values({ ...clientRow(v), companyId })
    .returning({ id: clients.id });
  await replaceContacts(db, row!.id, v);
  return row!.id;
}

export async function updateClient(
  db: DbOrTx,
  opts: { companyId: string; clientId: string },
  v: ClientValues,
) {
  const rows = await db
    .update(clients)
    .set({ ...clientRow(v), updatedAt: new Date() })
    .where(and(eq(clients.companyId, opts.companyId), eq(clients.id, opts.clientId)))
    .returning({ id: clients.id });
  if (rows.length === 0) return false;
  await replaceContacts(db, opts.clientId, v);
  return true;
}

export async function deleteClient(db: DbOrTx, opts: { companyId: string; clientId: string }) {
  const rows = await db
    .delete(clients)
    .where(and(eq(clients.companyId, opts.companyId), eq(clients.id, opts.clientId)))
    .returning({ id: clients.id });
  return rows.length > 0;
}

/** The company's client with this name, ignoring case (CSV rows for one client each bring one contact). */
export async function findClientIdByName(db: DbOrTx, opts: { companyId: string; companyName: string }) {
  const [row] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(
      and(
        eq(clients.companyId, opts.companyId),
        sql`lower(${clients.companyName}) = ${opts.companyName.toLowerCase()}`,
      ),
    )
    .limit(1);
  return row?.id;
}

/** Adds contacts after the client's existing ones. */
export async function appendContacts(
  db: DbOrTx,
  opts: { companyId: string; clientId: string },
  v: ClientValues,
) {
  const { clientId } = opts;
  if (v.contacts.length === 0) return;
  // The client's last position, read only when the client is the company's (no row otherwise: nothing is added).
  const [last] = await db
    .select({ n: sql<number>`coalesce(max(${clientContacts.position}), -1)::int` })
    .from(clients)
    .leftJoin(clientContacts, eq(clientContacts.clientId, clients.id))
    .where(and(eq(clients.id, clientId), eq(clients.companyId, opts.companyId)))
    .groupBy(clients.id);
  if (!last) return;
  await db.insert(clientContacts).values(
    v.contacts.map((c, i) => ({
      clientId,
      position: last.n + 1 + i,
      firstname: c.firstname,
      lastname: c.lastname,
      email: c.email ?? null,
      phoneNumber: c.phoneNumber,
      companyName: c.companyName || v.companyName,
    })),
  );
}
