import { companyCountry, withE164Phones } from './contact-phones.js';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import {
  addresses,
  contacts,
  deliveries,
  deliveryScheduleWindows,
  deliveryStatusRecords,
  deliverySteps,
  deliveryStepTaskContacts,
  deliveryStepTaskParcels,
  deliveryStepTasks,
  deliveryScheduleWindowTypes,
  deliveryStepTaskTypes,
  parcels,
} from '../../db/schema/index.js';
import { conflict, unprocessable, type FieldErrors } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { insertAddress } from '../directory/index.js';
import { unknownSlugs } from '../lookups/index.js';
import { pointsOf, type RouteEstimator } from '../../lib/routing/routing.js';
import { assignVehicleAndDrivers } from './assignment.service.js';
import {
  contactValues,
  createdEvent,
  createdStatusValues,
  deliveryValues,
  parcelEnds,
  SCHEDULE_SET_MESSAGE,
  scheduleWindowValues,
  stepTaskSlugs,
  type CreateBody,
  typedStop,
  type StepBody,
} from './create-delivery.values.js';
import { parcelValues } from './parcels.service.js';
import { applyLiveStatus } from './status.service.js';
import { recordDeliveryEvent } from '../live/index.js';
import type { Author } from '../../access/actor.js';

type ResolvedAddress = {
  id: string | null;
  lat: number | null;
  lng: number | null;
  typed?: NonNullable<StepBody['address']>;
};

/** Directory addresses must be the company's; typed addresses are kept as they are. */
async function resolveAddresses(
  db: DbOrTx,
  companyId: string,
  steps: StepBody[],
): Promise<ResolvedAddress[]> {
  const ids = steps.flatMap((s) => (s.addressUuid ? [s.addressUuid] : []));
  const rows = ids.length
    ? await db
        .select({ id: addresses.id, lat: addresses.lat, lng: addresses.lng })
        .from(addresses)
        .where(and(eq(addresses.companyId, companyId), inArray(addresses.id, ids)))
    : [];
  const errors: FieldErrors = {};
  const resolved = steps.map((s, i): ResolvedAddress => {
    if (s.address) return { id: null, ...typedStop(s.address), typed: s.address };
    const row = rows.find((r) => r.id === s.addressUuid);
    if (!row) errors[`steps.${i}.addressUuid`] = ['Choose an address from your directory.'];
    return { id: row?.id ?? null, lat: row?.lat ?? null, lng: row?.lng ?? null };
  });
  if (Object.keys(errors).length) throw unprocessable(errors);
  return resolved;
}

/** The schedule window types and task types the bodies name that are not in the lookups, asked once for all. */
export async function unknownLookups(db: DbOrTx, bodies: readonly CreateBody[]) {
  const windowTypes = bodies.flatMap((b) => b.scheduleWindows.map((w) => w.deliveryScheduleWindowTypeSlug));
  const taskTypes = bodies.flatMap((b) => b.steps.flatMap((s) => s.extraTaskTypes));
  return {
    windowTypes: new Set(await unknownSlugs(db, deliveryScheduleWindowTypes, windowTypes)),
    taskTypes: new Set(await unknownSlugs(db, deliveryStepTaskTypes, taskTypes)),
  };
}

/** A body's lookup errors (422), or null when every slug it names is known. */
export function lookupErrors(
  body: CreateBody,
  unknown: Awaited<ReturnType<typeof unknownLookups>>,
): FieldErrors | null {
  const errors: FieldErrors = {};
  if (body.scheduleWindows.some((w) => unknown.windowTypes.has(w.deliveryScheduleWindowTypeSlug)))
    errors.scheduleWindows = ['Unknown schedule window type.'];
  if (body.steps.some((s) => s.extraTaskTypes.some((t) => unknown.taskTypes.has(t))))
    errors.steps = ['Unknown task type.'];
  return Object.keys(errors).length ? errors : null;
}

async function checkLookups(db: DbOrTx, body: CreateBody) {
  const errors = lookupErrors(body, await unknownLookups(db, [body]));
  if (errors) throw unprocessable(errors);
}

/**
 * Creates a delivery with its windows, steps, tasks, parcels and contacts, and links a vehicle and drivers when
 * given, all in one transaction: if any part is refused, nothing is kept. The route estimate is computed first,
 * outside the transaction (it may call a routing server).
 */
export async function createDelivery(
  db: Db,
  routing: RouteEstimator,
  opts: { companyId: string; author: Author; body: CreateBody },
): Promise<string> {
  const phones = withE164Phones(opts.body, await companyCountry(db, opts.companyId));
  if (phones.errors) throw unprocessable(phones.errors);
  const { body } = phones;
  await checkLookups(db, body);
  const stops = await resolveAddresses(db, opts.companyId, body.steps);
  const route = await routing.estimate(pointsOf(stops));

  if (body.externalId) await refuseTakenExternalId(db, opts.companyId, body.externalId);
  try {
    return await db.transaction(async (tx) => {
      const [delivery] = await tx
        .insert(deliveries)
        .values(deliveryValues({ ...opts, route, firstStop: stops[0] }))
        .returning({ id: deliveries.id });
      const deliveryId = delivery!.id;
      await recordDeliveryEvent(tx, deliveryId, createdEvent(deliveryId, opts.author));
      await tx.insert(deliveryStatusRecords).values(createdStatusValues(deliveryId, opts.author));
      if (body.scheduleWindows.length) {
        await tx
          .insert(deliveryScheduleWindows)
          .values(scheduleWindowValues(deliveryId, body.scheduleWindows));
      }

      const mainTaskIds: string[] = [];
      for (const [i, step] of body.steps.entries()) {
        const stop = stops[i]!;
        let addressId = stop.id;
        // A typed address is kept with the delivery, outside any directory.
        if (stop.typed) addressId = await insertAddress(tx, { companyId: null, values: stop.typed });
        const [s] = await tx
          .insert(deliverySteps)
          .values({ deliveryId, stepOrderNo: i + 1, addressId, lat: stop.lat, lng: stop.lng })
          .returning({ id: deliverySteps.id });
        const tasks = await tx
          .insert(deliveryStepTasks)
          .values(
            stepTaskSlugs(step).map((typeSlug, n) => ({
              stepId: s!.id,
              typeSlug,
              taskOrderNo: n + 1,
            })),
          )
          .returning({ id: deliveryStepTasks.id });
        const mainTask = tasks[0]!.id;
        mainTaskIds.push(mainTask);
        if (step.contacts.length) {
          const made = await tx
            .insert(contacts)
            .values(step.contacts.map((c) => contactValues(opts.companyId, c)))
            .returning({ id: contacts.id });
          await tx
            .insert(deliveryStepTaskContacts)
            .values(made.map((c) => ({ taskId: mainTask, contactId: c.id })));
        }
      }

      if (body.parcels.length) {
        const made = await tx
          .insert(parcels)
          .values(body.parcels.map((p) => parcelValues(opts.companyId, p, body.currencyCode)))
          .returning({ id: parcels.id });
        const ends = parcelEnds(mainTaskIds);
        await tx
          .insert(deliveryStepTaskParcels)
          .values(made.flatMap((p) => ends.map((taskId) => ({ taskId, parcelId: p.id }))));
      }

      let status = 'created';
      if (body.scheduleWindows.length) {
        await applyLiveStatus(tx, {
          deliveryId,
          from: status,
          to: 'scheduled',
          actor: 'system',
          ...opts.author,
          message: SCHEDULE_SET_MESSAGE,
        });
        status = 'scheduled';
      }
      if (body.vehicleUuid) {
        await assignVehicleAndDrivers(tx, {
          companyId: opts.companyId,
          deliveryId,
          liveStatus: status,
          vehicleId: body.vehicleUuid,
          driverUserIds: body.driverUserUuids,
          ...opts.author,
        });
      }
      return deliveryId;
    });
  } catch (err) {
    // Two creates with one external id at once: the second is told as a retry would be.
    if (body.externalId && isUniqueViolation(err, 'deliveries_owner_external_id_idx'))
      await refuseTakenExternalId(db, opts.companyId, body.externalId);
    throw err;
  }
}

/**
 * A company's external ids are unique (issue 34): a create that names one already taken is a client's retry, or a
 * mistake; either way it is told which delivery has it (409), and nothing is made twice.
 */
async function refuseTakenExternalId(db: DbOrTx, companyId: string, externalId: string) {
  const [taken] = await db
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(and(eq(deliveries.ownerCompanyId, companyId), eq(deliveries.externalId, externalId)));
  if (taken) throw externalIdTaken(externalId, taken.id);
}

/** The answer (409) to a create naming an external id that a delivery of the company has already. */
export function externalIdTaken(externalId: string, deliveryId: string) {
  const message = `A delivery with the external id ${JSON.stringify(externalId)} exists already: ${deliveryId}.`;
  return conflict(message, { externalId: [message] });
}
