import { z } from 'zod';
import { defineCall } from '../api/define-call.js';
import { IsoDateTimeSchema, UuidSchema } from '../common.js';
import { LIVE_STATUSES } from '../deliveries/status-machine.js';
import { CompanyParamsSchema } from '../params.js';

/**
 * The active deliveries map (issue 12, decision 025): every delivery the company owns or carries that is being worked
 * (assigned to delivered), with its vehicle, drivers, stops and, while it is under way, its driver's latest
 * position. One answer for the whole screen; positions then follow the live stream's `position` events.
 */
export const LIVE_MAP = {
  /** Deliveries in one answer, the most recently moved first; `truncated` says when there were more. */
  max: 500,
} as const;

export const LiveMapStopSchema = z.object({
  stepOrderNo: z.number().int(),
  kind: z.enum(['pickup', 'dropoff', 'other']),
  lat: z.number(),
  lng: z.number(),
  /** Every task of the stop is done. */
  done: z.boolean(),
});
export type LiveMapStop = z.infer<typeof LiveMapStopSchema>;

export const LiveMapPositionSchema = z.object({
  driverUserUuid: UuidSchema,
  lat: z.number(),
  lng: z.number(),
  recordedAt: IsoDateTimeSchema,
  /** Degrees from north, when the phone knew it. */
  heading: z.number().nullable(),
});
export type LiveMapPosition = z.infer<typeof LiveMapPositionSchema>;

export const LiveMapDeliverySchema = z.object({
  deliveryUuid: UuidSchema,
  name: z.string(),
  status: z.enum(LIVE_STATUSES),
  statusChangedAt: IsoDateTimeSchema,
  /** Whether the company owns the delivery or carries it for another. */
  role: z.enum(['owner', 'carrier']),
  vehicle: z
    .object({ uuid: UuidSchema, name: z.string(), registrationNumber: z.string(), sizeSlug: z.string() })
    .nullable(),
  drivers: z.array(z.object({ uuid: UuidSchema, name: z.string() })),
  /** Stops with coordinates, in order (a stop with none is left out). */
  stops: z.array(LiveMapStopSchema),
  /**
   * The newest latest position among its drivers, only while the delivery is under way: before it starts, the
   * driver's whereabouts are not this delivery's to show (decision 022).
   */
  position: LiveMapPositionSchema.nullable(),
});
export type LiveMapDelivery = z.infer<typeof LiveMapDeliverySchema>;

export const LiveMapSchema = z.object({
  deliveries: z.array(LiveMapDeliverySchema),
  /** More than LIVE_MAP.max deliveries are active: the oldest moves are left out. */
  truncated: z.boolean(),
});
export type LiveMap = z.infer<typeof LiveMapSchema>;

export const liveMapCalls = {
  getLiveMap: defineCall({
    method: 'GET',
    path: '/c/:companySlug/admin/live-map',
    summary: "Active deliveries with their vehicle, drivers, stops and driver's latest position",
    params: CompanyParamsSchema,
    data: LiveMapSchema,
  }),
};
