import { z } from 'zod';
import { defineCall } from '../api/define-call.js';
import { IsoDateTimeSchema, LatLngSchema } from '../common.js';

/**
 * The recipient's tracking page (decision 022): anyone holding a delivery's tracking token sees what a recipient
 * needs and nothing of the companies behind it — no names of office users, no other stops, no company data.
 */
/** Any text: a token of the wrong shape is as unknown as a wrong one (404), and says nothing more. */
export const TrackingParamsSchema = z.object({ token: z.string().max(256) });

export const PublicTrackingSchema = z.object({
  /** The live status (its slug). */
  status: z.string(),
  statusChangedAt: IsoDateTimeSchema,
  /** Every live status the delivery went through, oldest first: status and time only. */
  timeline: z.array(z.object({ status: z.string(), at: IsoDateTimeSchema })),
  /**
   * Where it goes, as far as a recipient needs: city and postcode of the last dropoff, and its point for the map
   * (the recipient's own address; null until it is placed).
   */
  dropoff: z.object({ city: z.string(), postcode: z.string(), location: LatLngSchema.nullable() }).nullable(),
  /** The driver's first name, once one is assigned and until the delivery ends. */
  driverFirstName: z.string().nullable(),
  /** When the driver should reach the dropoff, while the delivery is under way. */
  eta: z
    .object({
      arriveAt: IsoDateTimeSchema,
      earliestAt: IsoDateTimeSchema,
      latestAt: IsoDateTimeSchema,
      arriving: z.boolean(),
    })
    .nullable(),
  /** The driver's position, only while they are on their way to this dropoff and it is their next stop. */
  driverPosition: z
    .object({
      lat: z.number(),
      lng: z.number(),
      recordedAt: IsoDateTimeSchema,
      /** Which way the driver is going, degrees from north (null when the phone did not say). */
      heading: z.number().nullable(),
    })
    .nullable(),
});
export type PublicTracking = z.infer<typeof PublicTrackingSchema>;

/**
 * The tracking page's live stream (Server-Sent Events, decisions 022 and 023): no sign-in, the token is the
 * credential. Every message is a `tracking` event whose data is the whole `PublicTracking`, the same answer as
 * `getTracking` (the first one on connect, then one after each change the recipient may see); no `id:`, no catch-up.
 * It ends after the last snapshot once the delivery reaches a final status. A wrong token answers a plain 404.
 */
export const TRACKING_STREAM_PATH = '/track/:token/stream';
/** The `event:` name of the stream's snapshots. */
export const TRACKING_STREAM_EVENT = 'tracking';

export const trackingCalls = {
  getTracking: defineCall({
    method: 'GET',
    path: '/track/:token',
    summary:
      "A delivery as its recipient follows it: status, ETA window, the driver's first name and position",
    params: TrackingParamsSchema,
    data: PublicTrackingSchema,
  }),
};
