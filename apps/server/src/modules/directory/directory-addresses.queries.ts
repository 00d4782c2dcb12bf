import type { AddressInputSchema, ListQuery } from '@courier/contract';
import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { addresses } from '../../db/schema/index.js';
import { likePattern } from '../../lib/like.js';
import { readPage } from '../../lib/pagination.js';
import { placeColumns, wakePlacing } from '../places/index.js';

export type AddressValues = z.output<typeof AddressInputSchema>;

/** An address as every part of the app shows it (a user's, a directory's, a delivery step's). */
export const addressColumns = {
  id: addresses.id,
  line1: addresses.line1,
  line2: addresses.line2,
  line3: addresses.line3,
  city: addresses.city,
  county: addresses.county,
  postcode: addresses.postcode,
  countryCode: addresses.countryCode,
  lat: addresses.lat,
  lng: addresses.lng,
  placeStatus: addresses.placeStatus,
};
export type AddressRow = {
  [K in keyof typeof addressColumns]:
    | (typeof addressColumns)[K]['_']['data']
    | ((typeof addressColumns)[K]['_']['notNull'] extends true ? never : null);
};

const columns = {
  ...addressColumns,
  label: addresses.label,
  createdAt: addresses.createdAt,
  updatedAt: addresses.updatedAt,
};

function filter(companyId: string, search?: string): SQL | undefined {
  const own = eq(addresses.companyId, companyId);
  if (!search) return own;
  const like = likePattern(search);
  return and(
    own,
    or(
      ilike(addresses.label, like),
      ilike(addresses.line1, like),
      ilike(addresses.city, like),
      ilike(addresses.postcode, like),
    ),
  );
}

export async function listDirectoryAddresses(db: DbOrTx, opts: { companyId: string; query: ListQuery }) {
  const where = filter(opts.companyId, opts.query.search);
  const dir = opts.query.order === 'desc' ? desc : asc;
  return readPage(opts.query, {
    rows: ({ limit, offset }) =>
      db
        .select(columns)
        .from(addresses)
        .where(where)
        .orderBy(dir(addresses.label), dir(addresses.line1), asc(addresses.id))
        .limit(limit)
        .offset(offset),
    count: () => db.select({ n: count() }).from(addresses).where(where),
  });
}
export type DirectoryAddressRow = Awaited<ReturnType<typeof listDirectoryAddresses>>['rows'][number];

export async function findDirectoryAddress(db: DbOrTx, opts: { companyId: string; addressId: string }) {
  const [row] = await db
    .select(columns)
    .from(addresses)
    .where(and(eq(addresses.companyId, opts.companyId), eq(addresses.id, opts.addressId)))
    .limit(1);
  return row;
}

/** An address's columns from its values, as `insertAddress` keeps them (and a batch's set insert, typed-in). */
export const addressRow = (v: AddressValues) => ({
  label: v.label ?? null,
  line1: v.line1,
  line2: v.line2 ?? null,
  line3: v.line3 ?? null,
  city: v.city,
  county: v.county ?? null,
  postcode: v.postcode,
  countryCode: v.countryCode,
  ...placeColumns(v),
});

/**
 * Keeps an address: in the company's directory, or (`companyId: null`) outside any directory, as a delivery step's
 * typed-in address is.
 */
export async function insertAddress(db: DbOrTx, opts: { companyId: string | null; values: AddressValues }) {
  const [row] = await db
    .insert(addresses)
    .values({ ...addressRow(opts.values), companyId: opts.companyId })
    .returning({ id: addresses.id, placeStatus: addresses.placeStatus });
  await wakePlacing(db, [row!.placeStatus]);
  return row!.id;
}

export async function updateDirectoryAddress(
  db: DbOrTx,
  opts: { companyId: string; addressId: string },
  values: AddressValues,
) {
  const rows = await db
    .update(addresses)
    .set({ ...addressRow(values), updatedAt: new Date() })
    .where(and(eq(addresses.companyId, opts.companyId), eq(addresses.id, opts.addressId)))
    .returning({ id: addresses.id, placeStatus: addresses.placeStatus });
  await wakePlacing(
    db,
    rows.map((r) => r.placeStatus),
  );
  return rows.length > 0;
}

export async function deleteDirectoryAddress(db: DbOrTx, opts: { companyId: string; addressId: string }) {
  const rows = await db
    .delete(addresses)
    .where(and(eq(addresses.companyId, opts.companyId), eq(addresses.id, opts.addressId)))
    .returning({ id: addresses.id });
  return rows.length > 0;
}
