import { z } from 'zod';
import { defineCall } from '../api/define-call.js';
import { IsoDateTimeSchema, LatLngSchema, UuidSchema } from '../common.js';
import {
  RecipientInstructionsBodySchema,
  RecipientInstructionsSchema,
  RecipientRatingBodySchema,
  RecipientRatingSchema,
} from './recipient-input.schemas.js';

/**
 * The recipient's tracking page (decision 022): anyone holding a delivery's tracking token sees what a recipient
 * needs and nothing of the companies behind it — no names of office users, no other stops, no company data.
 */
/** Any text: a token of the wrong shape is as unknown as a wrong one (404), and says nothing more. */
export const TrackingParamsSchema = z.object({ token: z.string().max(256) });

/** A proof of the dropoff a recipient may see: its picture is at TRACKING_PROOF_FILE_PATH with the same token. */
export const PublicProofSchema = z.object({
  uuid: UuidSchema,
  kind: z.enum(['photo', 'signature']),
  /** What the driver wrote on it: a photo's caption, or the name of who signed; null when they wrote nothing. */
  note: z.string().nullable(),
  at: IsoDateTimeSchema,
});
export type PublicProof = z.infer<typeof PublicProofSchema>;

/** What happens after a failed attempt: the company gets in touch (and it is tried again), or it goes back. */
export const TRACKING_FAILURE_NEXT = ['in-touch', 'returning'] as const;

export const PublicTrackingSchema = z.object({
  /**
   * The country of the company that sends the delivery (ISO 3166-1, `GB` when it never said): the page writes its
   * dates and times in that country's style (decision 064), as the company's own screens do.
   */
  countryCode: z.string(),
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
  /**
   * Once delivered (issue 36): when, the photos and signatures of the dropoff taken at that attempt, whether the
   * recipient's handover code was given, and the safe place the recipient asked for. Null before.
   */
  delivered: z
    .object({
      at: IsoDateTimeSchema,
      proofs: z.array(PublicProofSchema),
      handedOverWithCode: z.boolean(),
      safePlace: z.string().nullable(),
    })
    .nullable(),
  /**
   * After a failed attempt, while the delivery is failed or on its way back: when, why (the failed status's
   * message, as the driver or office wrote it; null when none was written), and what happens next.
   */
  failure: z
    .object({
      at: IsoDateTimeSchema,
      reason: z.string().nullable(),
      next: z.enum(TRACKING_FAILURE_NEXT),
    })
    .nullable(),
  /** The recipient's own instructions for the driver, as last written; null when none. */
  instructions: RecipientInstructionsSchema.nullable(),
  /** The recipient's rating, once given. */
  rating: RecipientRatingSchema.nullable(),
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

/**
 * A proof's picture for the token's holder (issue 36): only a photo or signature the answer lists under `delivered`;
 * any other document, or a wrong token, is a plain 404.
 */
export const TRACKING_PROOF_FILE_PATH = '/track/:token/proof/:documentUuid';

export const trackingCalls = {
  getTracking: defineCall({
    method: 'GET',
    path: '/track/:token',
    summary:
      "A delivery as its recipient follows it: status, ETA window, the driver's first name and position",
    params: TrackingParamsSchema,
    data: PublicTrackingSchema,
  }),
  /**
   * The recipient's delivery instructions for the driver (issue 36), written again as often as they like until the
   * delivery is delivered, cancelled or returned (then 409). They reach the driver's stop and the office live.
   */
  saveTrackingInstructions: defineCall({
    method: 'PUT',
    path: '/track/:token/instructions',
    summary:
      'Write the delivery instructions for the driver (door code, safe place, call on arrival, a note)',
    params: TrackingParamsSchema,
    body: RecipientInstructionsBodySchema,
    data: RecipientInstructionsSchema,
    errors: [409],
  }),
  /** The recipient's rating, once the delivery is delivered (409 before, and on a second rating). */
  rateTrackedDelivery: defineCall({
    method: 'POST',
    path: '/track/:token/rating',
    summary: 'Rate the delivery, 1 to 5 stars with an optional comment (once, after delivery)',
    params: TrackingParamsSchema,
    body: RecipientRatingBodySchema,
    data: RecipientRatingSchema,
    status: 201,
    errors: [409],
  }),
};
