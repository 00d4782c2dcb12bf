import { LIVE_ACTIVE_STATUSES, type VehicleInputSchema } from '@courier/contract';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import {
  deliveries,
  deliveryAssignments,
  fleets,
  vehicleColours,
  vehicleFeatures,
  vehicleMakes,
  vehicleModels,
} from '../../db/schema/index.js';
import { conflict, notFound, unprocessable, type FieldErrors } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { unknownSlugs } from '../lookups/index.js';
import {
  deleteVehicleRow,
  insertVehicle,
  lockOwnVehicle,
  registrationTaken,
  setVehicleFleets,
  updateVehicleRow,
  type VehicleValues,
} from './vehicles.queries.js';

type VehicleInput = z.output<typeof VehicleInputSchema>;
export const REGISTRATION_TAKEN = 'A vehicle with this registration number is already in your company.';

/** Checks every reference of the input (model, make, colour, features, fleets) and answers the values to store. */
async function resolveInput(
  db: DbOrTx,
  companyId: string,
  input: VehicleInput,
): Promise<{ values: VehicleValues; fleetIds: string[] }> {
  const errors: FieldErrors = {};
  let makeSlug = input.vehicleMakeTypeSlug ?? null;
  let sizeSlug = input.vehicleSizeTypeSlug;
  if (input.vehicleModelUuid) {
    const [model] = await db
      .select({ make: vehicleModels.vehicleMakeSlug, size: vehicleModels.vehicleSizeSlug })
      .from(vehicleModels)
      .where(
        and(
          eq(vehicleModels.id, input.vehicleModelUuid),
          or(isNull(vehicleModels.companyId), eq(vehicleModels.companyId, companyId)),
        ),
      );
    if (!model) errors.vehicleModelUuid = ['Choose a vehicle model from the list.'];
    else {
      makeSlug ??= model.make;
      if (sizeSlug === 'unknown') sizeSlug = model.size as typeof sizeSlug;
    }
  }
  if (makeSlug && (await unknownSlugs(db, vehicleMakes, [makeSlug])).length)
    errors.vehicleMakeTypeSlug = ['Unknown vehicle make.'];
  if (
    input.vehicleColourTypeSlug &&
    (await unknownSlugs(db, vehicleColours, [input.vehicleColourTypeSlug])).length
  ) {
    errors.vehicleColourTypeSlug = ['Unknown colour.'];
  }
  const badFeatures = await unknownSlugs(db, vehicleFeatures, input.vehicleFeatureTypes);
  if (badFeatures.length) errors.vehicleFeatureTypes = [`Unknown features: ${badFeatures.join(', ')}.`];
  const fleetIds = [...new Set(input.fleetUuids)];
  if (fleetIds.length) {
    const own = await db
      .select({ id: fleets.id })
      .from(fleets)
      .where(and(eq(fleets.companyId, companyId), inArray(fleets.id, fleetIds)));
    if (own.length !== fleetIds.length) errors.fleetUuids = ['Choose fleets of your company.'];
  }
  if (Object.keys(errors).length) throw unprocessable(errors);
  return {
    fleetIds,
    values: {
      name: input.name,
      description: input.description,
      registrationNumber: input.registrationNumber,
      statusSlug: input.vehicleStatusTypeSlug,
      sizeSlug,
      modelId: input.vehicleModelUuid ?? null,
      makeSlug,
      colourSlug: input.vehicleColourTypeSlug ?? null,
      year: input.vehicleYear ?? null,
      featureSlugs: [...new Set(input.vehicleFeatureTypes)],
      ...(input.location !== undefined
        ? { lat: input.location?.lat ?? null, lng: input.location?.lng ?? null }
        : {}),
    },
  };
}

function registrationConflict(): never {
  throw conflict(REGISTRATION_TAKEN, { registrationNumber: [REGISTRATION_TAKEN] });
}

export async function createVehicle(
  db: Db,
  opts: { companyId: string; input: VehicleInput },
): Promise<string> {
  try {
    return await db.transaction(async (tx) => {
      const { values, fleetIds } = await resolveInput(tx, opts.companyId, opts.input);
      if (
        await registrationTaken(tx, {
          companyId: opts.companyId,
          registrationNumber: values.registrationNumber,
        })
      )
        registrationConflict();
      const id = await insertVehicle(tx, opts.companyId, values);
      await setVehicleFleets(tx, { companyId: opts.companyId, vehicleId: id, fleetIds });
      return id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) registrationConflict();
    throw err;
  }
}

export async function updateVehicle(
  db: Db,
  opts: { companyId: string; vehicleId: string; input: VehicleInput },
): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      if (!(await lockOwnVehicle(tx, opts))) throw notFound('Vehicle');
      const { values, fleetIds } = await resolveInput(tx, opts.companyId, opts.input);
      const taken = await registrationTaken(tx, {
        companyId: opts.companyId,
        registrationNumber: values.registrationNumber,
        exceptId: opts.vehicleId,
      });
      if (taken) registrationConflict();
      if (!(await updateVehicleRow(tx, opts, values))) throw notFound('Vehicle');
      await setVehicleFleets(tx, { companyId: opts.companyId, vehicleId: opts.vehicleId, fleetIds });
    });
  } catch (err) {
    if (isUniqueViolation(err)) registrationConflict();
    throw err;
  }
}

/** A vehicle linked to a delivery that is still being worked cannot be deleted: the delivery would lose it. */
export async function deleteVehicle(db: Db, opts: { companyId: string; vehicleId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    // The vehicle must be the company's before anything is said about it: a stranger gets 404 and nothing else.
    if (!(await lockOwnVehicle(tx, opts))) throw notFound('Vehicle');
    const [busy] = await tx
      .select({
        name: deliveries.name,
        status: deliveries.liveStatusSlug,
        // Only a delivery the company sees is named (a carrier that lost a delivery learns nothing of it).
        seen: sql<boolean>`(${deliveries.ownerCompanyId} = ${opts.companyId} or ${deliveries.carrierCompanyId} = ${opts.companyId})`,
      })
      .from(deliveryAssignments)
      .innerJoin(deliveries, eq(deliveries.id, deliveryAssignments.deliveryId))
      .where(
        and(
          eq(deliveryAssignments.vehicleId, opts.vehicleId),
          isNull(deliveryAssignments.unassignedAt),
          inArray(deliveries.liveStatusSlug, [...LIVE_ACTIVE_STATUSES]),
        ),
      )
      .limit(1);
    if (busy) {
      throw conflict(
        busy.seen
          ? `This vehicle is assigned to the delivery "${busy.name}", which is ${busy.status.replace(/-/g, ' ')}. Unlink it from that delivery first.`
          : 'This vehicle is assigned to a delivery that is still being worked. Unlink it from that delivery first.',
      );
    }
    if (!(await deleteVehicleRow(tx, opts))) throw notFound('Vehicle');
  });
}
