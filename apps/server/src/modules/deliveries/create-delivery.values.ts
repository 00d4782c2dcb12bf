import type { CreateDeliveryBodySchema, StepInputSchema } from '@courier/contract';
import type { z } from 'zod';
import type { Author } from '../../access/actor.js';
import type { RouteEstimate } from '../../lib/routing/routing.js';
import { newHandoverPin } from '../../lib/handover-pin.js';
import { newTrackingToken, trackingCode } from '../../lib/tracking-code.js';

// The values a new delivery's rows are written with, shared by the form's create (`createDelivery`, row by row) and
// the batch's set insert (`batch-create.queries.ts`), so the two paths cannot write different rows.

export type CreateBody = z.output<typeof CreateDeliveryBodySchema>;
export type StepBody = z.output<typeof StepInputSchema>;

/** The status record's message of a delivery created with a schedule window (it moves to `scheduled` at once). */
export const SCHEDULE_SET_MESSAGE = 'Schedule window set';

/** A status record's author columns. */
export const recordedBy = (author: Author) => ({
  createdByUserId: author.userId,
  createdByApiKeyId: author.apiKeyId,
});

/** The deliveries row, without its id; `firstStop` is where the delivery is shown on a map until it moves. */
export function deliveryValues(opts: {
  companyId: string;
  author: Author;
  body: CreateBody;
  route: RouteEstimate;
  firstStop: { lat: number | null; lng: number | null } | undefined;
}) {
  const { body, route } = opts;
  return {
    ownerCompanyId: opts.companyId,
    name: body.name,
    description: body.description,
    currencyCode: body.currencyCode,
    isScheduled: body.scheduleWindows.length > 0,
    distanceM: route.distanceM,
    originalDistanceM: route.distanceM,
    durationS: route.durationS,
    originalDurationS: route.durationS,
    maxVolumeCm3: body.parcels.reduce((sum, p) => sum + p.volumeCm3 * p.quantity, 0),
    maxWeightKg: body.parcels.reduce((sum, p) => sum + p.weightKg * p.quantity, 0),
    maxParcelPriceMinor: Math.max(0, ...body.parcels.map((p) => p.valueMinor ?? 0)),
    trackingCode: trackingCode(),
    externalId: body.externalId ?? null,
    handoverPin: newHandoverPin(),
    trackingToken: newTrackingToken(),
    createdByUserId: opts.author.userId,
    createdByApiKeyId: opts.author.apiKeyId,
    lat: opts.firstStop?.lat ?? null,
    lng: opts.firstStop?.lng ?? null,
  };
}

/** A new delivery's first two status records: live `created`, quote `draft`. */
export const createdStatusValues = (deliveryId: string, author: Author) => [
  { deliveryId, statusType: 'live' as const, statusSlug: 'created', ...recordedBy(author) },
  { deliveryId, statusType: 'quote' as const, statusSlug: 'draft', ...recordedBy(author) },
];

export const scheduleWindowValues = (deliveryId: string, windows: CreateBody['scheduleWindows']) =>
  windows.map((w) => ({
    deliveryId,
    typeSlug: w.deliveryScheduleWindowTypeSlug,
    startAt: new Date(w.startAt),
    endAt: new Date(w.endAt),
  }));

/** A typed-in address's point (where the route goes through, when it has one). */
export const typedStop = (address: NonNullable<StepBody['address']>) => ({
  lat: address.lat ?? null,
  lng: address.lng ?? null,
});

/** A step's tasks in order: its pickup or dropoff (the main task, which holds its contacts and parcels), then extras. */
export const stepTaskSlugs = (step: StepBody) => [step.kind, ...step.extraTaskTypes];

export const contactValues = (companyId: string, c: StepBody['contacts'][number]) => ({
  companyId,
  firstname: c.firstname,
  lastname: c.lastname,
  email: c.email ?? null,
  phoneNumber: c.phoneNumber,
  companyName: c.companyName,
});

/** Parcels are carried from the first pickup to the last dropoff: the main tasks of the first and last steps. */
export const parcelEnds = (mainTaskIds: readonly string[]) => [mainTaskIds[0]!, mainTaskIds.at(-1)!];

/** The live stream's (and webhooks') event of a new delivery. */
export const createdEvent = (deliveryId: string, author: Author) => ({
  type: 'delivery.created' as const,
  data: { deliveryUuid: deliveryId, at: new Date().toISOString() },
  actorUserId: author.userId,
});
