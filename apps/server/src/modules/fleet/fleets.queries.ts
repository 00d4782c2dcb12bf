import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { fleets, fleetVehicles, vehicles } from '../../db/schema/index.js';

const fleetColumns = {
  id: fleets.id,
  name: fleets.name,
  description: fleets.description,
  vehicleIds: sql<
    string[]
  >`coalesce((select array_agg(fv.vehicle_id::text order by fv.created_at) from ${fleetVehicles} fv where fv.fleet_id = ${fleets.id}), '{}')`,
};

export async function listFleets(db: DbOrTx, companyId: string) {
  return db
    .select(fleetColumns)
    .from(fleets)
    .where(eq(fleets.companyId, companyId))
    .orderBy(asc(fleets.name));
}
export type FleetRow = Awaited<ReturnType<typeof listFleets>>[number];

export async function findFleet(db: DbOrTx, opts: { companyId: string; fleetId: string }) {
  const [row] = await db
    .select(fleetColumns)
    .from(fleets)
    .where(and(eq(fleets.companyId, opts.companyId), eq(fleets.id, opts.fleetId)))
    .limit(1);
  return row;
}

export async function insertFleet(
  db: DbOrTx,
  companyId: string,
  values: { name: string; description?: string | undefined },
) {
  const [row] = await db
    .insert(fleets)
    .values({ companyId, name: values.name, description: values.description ?? null })
    .returning({ id: fleets.id });
  return row!.id;
}

export async function updateFleetRow(
  db: DbOrTx,
  opts: { companyId: string; fleetId: string },
  values: { name: string; description?: string | undefined },
) {
  const rows = await db
    .update(fleets)
    .set({
      name: values.name,
      ...(values.description !== undefined ? { description: values.description } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(fleets.companyId, opts.companyId), eq(fleets.id, opts.fleetId)))
    .returning({ id: fleets.id });
  return rows.length > 0;
}

export async function deleteFleetRow(db: DbOrTx, opts: { companyId: string; fleetId: string }) {
  const rows = await db
    .delete(fleets)
    .where(and(eq(fleets.companyId, opts.companyId), eq(fleets.id, opts.fleetId)))
    .returning({ id: fleets.id });
  return rows.length > 0;
}

export async function countOwnVehicles(db: DbOrTx, companyId: string, vehicleIds: string[]) {
  const rows = await db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(and(eq(vehicles.companyId, companyId), inArray(vehicles.id, vehicleIds)));
  return rows.length;
}

/** The company's own fleets among some ids: what a fleet membership may point at. */
const ownFleetIds = (db: DbOrTx, companyId: string) =>
  db.select({ id: fleets.id }).from(fleets).where(eq(fleets.companyId, companyId));

/** Adds the company's vehicles to the company's fleet; ids of another company's vehicle or fleet add nothing. */
export async function addVehiclesToFleet(
  db: DbOrTx,
  opts: { companyId: string; fleetId: string; vehicleIds: string[] },
) {
  if (opts.vehicleIds.length === 0) return;
  await db
    .insert(fleetVehicles)
    .select(
      db
        .select({ fleetId: fleets.id, vehicleId: vehicles.id, createdAt: sql`now()`.as('created_at') })
        .from(fleets)
        .innerJoin(vehicles, eq(vehicles.companyId, fleets.companyId))
        .where(
          and(
            eq(fleets.id, opts.fleetId),
            eq(fleets.companyId, opts.companyId),
            inArray(vehicles.id, opts.vehicleIds),
          ),
        ),
    )
    .onConflictDoNothing();
}

export async function removeVehicleFromFleet(
  db: DbOrTx,
  opts: { companyId: string; fleetId: string; vehicleId: string },
) {
  const rows = await db
    .delete(fleetVehicles)
    .where(
      and(
        eq(fleetVehicles.fleetId, opts.fleetId),
        eq(fleetVehicles.vehicleId, opts.vehicleId),
        inArray(fleetVehicles.fleetId, ownFleetIds(db, opts.companyId)),
      ),
    )
    .returning({ id: fleetVehicles.vehicleId });
  return rows.length > 0;
}
