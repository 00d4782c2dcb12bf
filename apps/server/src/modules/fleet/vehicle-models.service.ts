import type { VehicleModelInput } from '@courier/contract';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { vehicleMakes, vehicleModels } from '../../db/schema/index.js';
import { conflict, unprocessable } from '../../lib/app-error.js';
import { unknownSlugs } from '../lookups/index.js';

/** A company adds a model to its own list; the same make and name as one it can already see is a conflict. */
export async function createVehicleModel(db: Db, opts: { companyId: string; input: VehicleModelInput }) {
  const { input } = opts;
  if ((await unknownSlugs(db, vehicleMakes, [input.vehicleMakeTypeSlug])).length) {
    throw unprocessable({ vehicleMakeTypeSlug: ['Unknown vehicle make.'] });
  }
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: vehicleModels.id })
      .from(vehicleModels)
      .where(
        and(
          eq(vehicleModels.vehicleMakeSlug, input.vehicleMakeTypeSlug),
          sql`lower(${vehicleModels.name}) = ${input.name.toLowerCase()}`,
          or(isNull(vehicleModels.companyId), eq(vehicleModels.companyId, opts.companyId)),
        ),
      )
      .limit(1);
    if (existing)
      throw conflict('This model already exists for that make.', {
        name: ['This model already exists for that make.'],
      });
    const [row] = await tx
      .insert(vehicleModels)
      .values({
        vehicleMakeSlug: input.vehicleMakeTypeSlug,
        name: input.name,
        vehicleSizeSlug: input.vehicleSizeTypeSlug,
        companyId: opts.companyId,
      })
      .returning({
        id: vehicleModels.id,
        vehicleMakeSlug: vehicleModels.vehicleMakeSlug,
        name: vehicleModels.name,
        vehicleSizeSlug: vehicleModels.vehicleSizeSlug,
      });
    return row!;
  });
}
