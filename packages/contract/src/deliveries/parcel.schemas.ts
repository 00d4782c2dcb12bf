// The schemas of the parcel calls' params, queries, bodies and answers, apart from the calls (parcel.calls.ts): a call
// needs none of them in the browser, whose first screens load no zod (decision 050).
import { z } from 'zod';
import { TimeZoneSchema, UuidSchema } from '../common.js';
import { DeliveryStatusRecordSchema, ParcelSchema } from './deliveries.entities.js';
import { CompanyParamsSchema } from '../params.js';
import { ParcelInputSchema } from './inputs.js';
import { LIVE_STATUSES } from './status-machine.js';

export const ParcelWriteBodySchema = z
  .object({
    parcel: ParcelInputSchema,
    /** Put the parcel on a task of a delivery; without it the parcel waits unassigned. */
    deliveryUuid: UuidSchema.optional(),
    deliveryStepTaskUuid: UuidSchema.optional(),
  })
  .refine((b) => Boolean(b.deliveryUuid) === Boolean(b.deliveryStepTaskUuid), {
    message: 'Choose both the delivery and its task, or neither',
    path: ['deliveryStepTaskUuid'],
  });

export const ParcelTrackSchema = z.object({
  parcel: ParcelSchema,
  delivery: z
    .object({ uuid: UuidSchema, name: z.string(), liveStatusSlug: z.string(), trackingCode: z.string() })
    .nullable(),
  timeline: z.array(DeliveryStatusRecordSchema),
});

export const DeliveryStatsQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(366).default(14),
  /** IANA time zone for "today" and the per-day buckets. */
  tz: TimeZoneSchema.default('UTC'),
});

export const DeliveryStatsSchema = z.object({
  total: z.number().int(),
  byStatus: z.record(z.enum(LIVE_STATUSES), z.number().int()),
  /** Deliveries with a window today, or created today when they have none. */
  today: z.number().int(),
  /** Still being worked past the end of their dropoff window. */
  late: z.number().int(),
  /** Of deliveries finished in the period that had a dropoff window, the share finished inside it; null when none. */
  onTimeRate: z.number().min(0).max(1).nullable(),
  perDay: z.array(z.object({ date: z.iso.date(), created: z.number().int(), completed: z.number().int() })),
  /**
   * Recipients' ratings from the tracking page (issue 36) over the last TRACKING.satisfactionDays days, of the
   * deliveries the company owns or carries: the average stars (null with no rating) and how many there were.
   */
  recipientSatisfaction: z.object({
    averageStars: z.number().min(1).max(5).nullable(),
    ratings: z.number().int(),
  }),
});
export type DeliveryStats = z.infer<typeof DeliveryStatsSchema>;
export const ParcelParams = CompanyParamsSchema.extend({ parcelUuid: UuidSchema });
export const TrackParams = CompanyParamsSchema.extend({ trackingCode: z.string().trim().min(4).max(20) });
