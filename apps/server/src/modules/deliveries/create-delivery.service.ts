import type { CreateDeliveryBodySchema, StepInputSchema } from '@courier/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
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
import { newHandoverPin } from '../../lib/handover-pin.js';
import { newTrackingToken, trackingCode } from '../../lib/tracking-code.js';
import { assignVehicleAndDrivers } from './assignment.service.js';
import { parcelValues } from './parcels.service.js';
import { applyLiveStatus } from './status.service.js';
import { recordDeliveryEvent } from '../live/index.js';
import type { Author } from '../../access/actor.js';

type CreateBody = z.output<typeof CreateDeliveryBodySchema>;
type StepBody = z.output<typeof StepInputSchema>;
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
    if (s.address)
      return { id: null, lat: s.address.lat ?? null, lng: s.address.lng ?? null, typed: s.address };
    const row = rows.find((r) => r.id === s.addressUuid);
    if (!row) errors[`steps.${i}.addressUuid`] = ['Choose an address from your directory.'];
    return { id: row?.id ?? null, lat: row?.lat ?? null, lng: row?.lng ?? null };
  });
  if (Object.keys(errors).length) throw unprocessable(errors);
  return resolved;
}

async function checkLookups(db: DbOrTx, body: CreateBody) {
  const errors: FieldErrors = {};
  if (
    (
      await unknownSlugs(
        db,
        deliveryScheduleWindowTypes,
        body.scheduleWindows.map((w) => w.deliveryScheduleWindowTypeSlug),
      )
    ).length
  ) {
    errors.scheduleWindows = ['Unknown schedule window type.'];
  }
  const extra = body.steps.flatMap((s) => s.extraTaskTypes);
  if ((await unknownSlugs(db, deliveryStepTaskTypes, extra)).length) errors.steps = ['Unknown task type.'];
  if (Object.keys(errors).length) throw unprocessable(errors);
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
  const { body } = opts;
  await checkLookups(db, body);
  const stops = await resolveAddresses(db, opts.companyId, body.steps);
  const route = await routing.estimate(pointsOf(stops));
  const volume = body.parcels.reduce((sum, p) => sum + p.volumeCm3 * p.quantity, 0);
  const weight = body.parcels.reduce((sum, p) => sum + p.weightKg * p.quantity, 0);
  const maxValue = Math.max(0, ...body.parcels.map((p) => p.valueMinor ?? 0));

  if (body.externalId) await refuseTakenExternalId(db, opts.companyId, body.externalId);
  try {
    return await db.transaction(async (tx) => {
      const [delivery] = await tx
        .insert(deliveries)
        .values({
          ownerCompanyId: opts.companyId,
          name: body.name,
          description: body.description,
          currencyCode: body.currencyCode,
          isScheduled: body.scheduleWindows.length > 0,
          distanceM: route.distanceM,
          originalDistanceM: route.distanceM,
          durationS: route.durationS,
          originalDurationS: route.durationS,
          maxVolumeCm3: volume,
          maxWeightKg: weight,
          maxParcelPriceMinor: maxValue,
          trackingCode: trackingCode(),
          externalId: body.externalId ?? null,
          handoverPin: newHandoverPin(),
          trackingToken: newTrackingToken(),
          createdByUserId: opts.author.userId,
          createdByApiKeyId: opts.author.apiKeyId,
          lat: stops[0]?.lat ?? null,
          lng: stops[0]?.lng ?? null,
        })
        .returning({ id: deliveries.id });
      const deliveryId = delivery!.id;
      await recordDeliveryEvent(tx, deliveryId, {
        type: 'delivery.created',
        data: { deliveryUuid: deliveryId, at: new Date().toISOString() },
        actorUserId: opts.author.userId,
      });
      await tx.insert(deliveryStatusRecords).values([
        { deliveryId, statusType: 'live', statusSlug: 'created', ...recordedBy(opts.author) },
        { deliveryId, statusType: 'quote', statusSlug: 'draft', ...recordedBy(opts.author) },
      ]);
      if (body.scheduleWindows.length) {
        await tx.insert(deliveryScheduleWindows).values(
          body.scheduleWindows.map((w) => ({
            deliveryId,
            typeSlug: w.deliveryScheduleWindowTypeSlug,
            startAt: new Date(w.startAt),
            endAt: new Date(w.endAt),
          })),
        );
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
            [step.kind, ...step.extraTaskTypes].map((typeSlug, n) => ({
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
            .values(
              step.contacts.map((c) => ({
                companyId: opts.companyId,
                firstname: c.firstname,
                lastname: c.lastname,
                email: c.email ?? null,
                phoneNumber: c.phoneNumber,
                companyName: c.companyName,
              })),
            )
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
        // Carried from the first pickup to the last dropoff.
        const ends = [mainTaskIds[0]!, mainTaskIds.at(-1)!];
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
          message: 'Schedule window set',
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

/** A status record's author columns. */
const recordedBy = (author: Author) => ({
  createdByUserId: author.userId,
  createdByApiKeyId: author.apiKeyId,
});

/**
 * A company's external ids are unique (issue 34): a create that names one already taken is a client's retry, or a
 * mistake; either way it is told which delivery has it (409), and nothing is made twice.
 */
async function refuseTakenExternalId(db: DbOrTx, companyId: string, externalId: string) {
  const [taken] = await db
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(and(eq(deliveries.ownerCompanyId, companyId), eq(deliveries.externalId, externalId)));
  if (taken) {
    const message = `A delivery with the external id ${JSON.stringify(externalId)} exists already: ${taken.id}.`;
    throw conflict(message, { externalId: [message] });
  }
}
