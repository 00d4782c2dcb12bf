import type { VehicleListQuerySchema } from '@courier/contract';
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { fleets, fleetVehicles, vehicles } from '../../db/schema/index.js';
import { likePattern } from '../../lib/like.js';
import { readPage } from '../../lib/pagination.js';

const fleetIds = sql<
  string[]
>`coalesce((select array_agg(fv.fleet_id::text order by fv.fleet_id) from ${fleetVehicles} fv where fv.vehicle_id = ${vehicles.id}), '{}')`;

export const vehicleColumns = {
  id: vehicles.id,
  name: vehicles.name,
  description: vehicles.description,
  registrationNumber: vehicles.registrationNumber,
  statusSlug: vehicles.statusSlug,
  sizeSlug: vehicles.sizeSlug,
  modelId: vehicles.modelId,
  makeSlug: vehicles.makeSlug,
  colourSlug: vehicles.colourSlug,
  year: vehicles.year,
  featureSlugs: vehicles.featureSlugs,
  registrationNumberChecked: vehicles.registrationNumberChecked,
  registrationNumberVerified: vehicles.registrationNumberVerified,
  lat: vehicles.lat,
  lng: vehicles.lng,
  fleetIds,
  createdAt: vehicles.createdAt,
  updatedAt: vehicles.updatedAt,
};

type VehicleListQuery = z.output<typeof VehicleListQuerySchema>;

const sortColumns = {
  name: vehicles.name,
  registrationNumber: vehicles.registrationNumber,
  status: vehicles.statusSlug,
  size: vehicles.sizeSlug,
  createdAt: vehicles.createdAt,
};

function listFilter(companyId: string, q: VehicleListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(vehicles.companyId, companyId)];
  if (q.search) {
    const like = likePattern(q.search);
    // Registration numbers are kept without spaces or dashes, in capitals.
    const reg = likePattern(q.search.replace(/[\s-]+/g, '').toUpperCase());
    conditions.push(
      or(
        ilike(vehicles.name, like),
        ilike(vehicles.registrationNumber, reg),
        ilike(vehicles.description, like),
      ),
    );
  }
  if (q.status) conditions.push(eq(vehicles.statusSlug, q.status));
  if (q.size) conditions.push(eq(vehicles.sizeSlug, q.size));
  if (q.fleet) {
    conditions.push(
      inArray(
        vehicles.id,
        sql`(select ${fleetVehicles.vehicleId} from ${fleetVehicles} where ${fleetVehicles.fleetId} = ${q.fleet})`,
      ),
    );
  }
  return and(...conditions);
}

export async function listVehicles(db: DbOrTx, opts: { companyId: string; query: VehicleListQuery }) {
  const { query } = opts;
  const where = listFilter(opts.companyId, query);
  const column = sortColumns[query.sort];
  const direction = query.order === 'desc' ? desc : asc;
  return readPage(query, {
    rows: ({ limit, offset }) =>
      db
        .select(vehicleColumns)
        .from(vehicles)
        .where(where)
        .orderBy(direction(column), asc(vehicles.id))
        .limit(limit)
        .offset(offset),
    count: () => db.select({ n: count() }).from(vehicles).where(where),
  });
}
export type VehicleRow = Awaited<ReturnType<typeof listVehicles>>['rows'][number];

export async function findVehicle(db: DbOrTx, opts: { companyId: string; vehicleId: string }) {
  const [row] = await db
    .select(vehicleColumns)
    .from(vehicles)
    .where(and(eq(vehicles.companyId, opts.companyId), eq(vehicles.id, opts.vehicleId)))
    .limit(1);
  return row;
}

/** Locks the company's vehicle for the rest of the transaction; false when the company has no such vehicle. */
export async function lockOwnVehicle(db: DbOrTx, opts: { companyId: string; vehicleId: string }) {
  const rows = await db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(and(eq(vehicles.companyId, opts.companyId), eq(vehicles.id, opts.vehicleId)))
    .for('update');
  return rows.length > 0;
}

export async function registrationTaken(
  db: DbOrTx,
  opts: { companyId: string; registrationNumber: string; exceptId?: string },
) {
  const [row] = await db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(
      and(
        eq(vehicles.companyId, opts.companyId),
        eq(vehicles.registrationNumber, opts.registrationNumber),
        opts.exceptId ? sql`${vehicles.id} <> ${opts.exceptId}` : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function vehicleCounts(db: DbOrTx, companyId: string) {
  const [byStatus, bySize] = await Promise.all([
    db
      .select({ slug: vehicles.statusSlug, n: count() })
      .from(vehicles)
      .where(eq(vehicles.companyId, companyId))
      .groupBy(vehicles.statusSlug),
    db
      .select({ slug: vehicles.sizeSlug, n: count() })
      .from(vehicles)
      .where(eq(vehicles.companyId, companyId))
      .groupBy(vehicles.sizeSlug),
  ]);
  return { byStatus, bySize };
}

export type VehicleValues = Omit<
  typeof vehicles.$inferInsert,
  'id' | 'companyId' | 'createdAt' | 'updatedAt'
>;

export async function insertVehicle(db: DbOrTx, companyId: string, values: VehicleValues) {
  const [row] = await db
    .insert(vehicles)
    .values({ ...values, companyId })
    .returning({ id: vehicles.id });
  return row!.id;
}

export async function updateVehicleRow(
  db: DbOrTx,
  opts: { companyId: string; vehicleId: string },
  values: Partial<VehicleValues>,
) {
  const rows = await db
    .update(vehicles)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(vehicles.companyId, opts.companyId), eq(vehicles.id, opts.vehicleId)))
    .returning({ id: vehicles.id });
  return rows.length > 0;
}

export async function deleteVehicleRow(db: DbOrTx, opts: { companyId: string; vehicleId: string }) {
  const rows = await db
    .delete(vehicles)
    .where(and(eq(vehicles.companyId, opts.companyId), eq(vehicles.id, opts.vehicleId)))
    .returning({ id: vehicles.id });
  return rows.length > 0;
}

/** Replaces the company's vehicle's fleets with the given ones; only the company's own fleets are linked. */
export async function setVehicleFleets(
  db: DbOrTx,
  opts: { companyId: string; vehicleId: string; fleetIds: string[] },
) {
  const ownVehicle = db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(and(eq(vehicles.id, opts.vehicleId), eq(vehicles.companyId, opts.companyId)));
  await db
    .delete(fleetVehicles)
    .where(and(eq(fleetVehicles.vehicleId, opts.vehicleId), inArray(fleetVehicles.vehicleId, ownVehicle)));
  if (opts.fleetIds.length === 0) return;
  await db.insert(fleetVehicles).select(
    db
      .select({ fleetId: fleets.id, vehicleId: vehicles.id, createdAt: sql`now()`.as('created_at') })
      .from(fleets)
      .innerJoin(vehicles, eq(vehicles.companyId, fleets.companyId))
      .where(
        and(
          inArray(fleets.id, opts.fleetIds),
          eq(fleets.companyId, opts.companyId),
          eq(vehicles.id, opts.vehicleId),
        ),
      ),
  );
}
