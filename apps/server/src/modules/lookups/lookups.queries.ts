import { asc, eq, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { vehicleModels, type LookupTable } from '../../db/schema/index.js';

export async function listLookupRows(db: DbOrTx, table: LookupTable) {
  return db
    .select({
      id: table.id,
      slug: table.slug,
      name: table.name,
      description: table.description,
      tag: table.tag,
      sortOrder: table.sortOrder,
      isActive: table.isActive,
      createdAt: table.createdAt,
      updatedAt: table.updatedAt,
    })
    .from(table)
    .orderBy(asc(table.sortOrder), asc(table.name));
}
export type LookupRow = Awaited<ReturnType<typeof listLookupRows>>[number];

/** The shared catalogue of models plus, when a company is given, that company's own. */
export async function listVehicleModels(db: DbOrTx, opts: { companyId?: string } = {}) {
  return db
    .select({
      id: vehicleModels.id,
      vehicleMakeSlug: vehicleModels.vehicleMakeSlug,
      name: vehicleModels.name,
      vehicleSizeSlug: vehicleModels.vehicleSizeSlug,
    })
    .from(vehicleModels)
    .where(
      opts.companyId
        ? or(isNull(vehicleModels.companyId), eq(vehicleModels.companyId, opts.companyId))
        : isNull(vehicleModels.companyId),
    )
    .orderBy(asc(vehicleModels.vehicleMakeSlug), asc(vehicleModels.name));
}
