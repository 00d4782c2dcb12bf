import {
  LIVE_FINAL_STATUSES,
  PublicTrackingSchema,
  TRACKING_STREAM_EVENT,
  type LiveEventType,
  type LiveStatus,
} from '@courier/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { TravelSource } from '../planning/index.js';
import { openSnapshotStream, type LiveStreams } from '../live/index.js';
import { findTrackedDelivery } from './tracking.queries.js';
import { trackDelivery } from './tracking.service.js';

/**
 * The events that can change what a recipient sees: the status, who drives it (the first name), a proof (a task
 * done: the stops left, so the ETA) and the driver's position. A company's notes and quotes are its own: they are not
 * even a cue, so the page's updates never tell when an office wrote one.
 */
const CUES: readonly LiveEventType[] = [
  'delivery.status',
  'delivery.assignment',
  'delivery.proof',
  // The destination placed on the map (issue 32): the page shows where the parcel is going.
  'delivery.route',
  // The one ETA moved by more than a minute (decision 073): the window is read again.
  'delivery.eta',
  // The recipient's own instructions or rating, written in another tab (issue 36).
  'delivery.recipient',
  'position',
];
/** At most one snapshot a second per stream, however fast positions come; the latest state always follows. */
const MIN_INTERVAL_MS = 1_000;
/** With no cue, a look every minute: the ETA moves with the clock, and a token that no longer opens ends it. */
const REFRESH_MS = 60_000;

const notFound = () => new AppError(404, 'not_found', 'Not found.');

/**
 * The recipient's page, live (decisions 022 and 023): each message is the whole public answer, computed by
 * `trackDelivery` exactly as `GET /track/{token}` does, so the stream can show no more than the page's GET. The
 * delivery's events are only the cue to compute it again. A wrong token answers a plain 404 before the stream starts;
 * the stream ends after the snapshot of a final status (or when the token stops opening the delivery).
 */
export async function streamTracking(
  db: Db,
  travel: TravelSource,
  live: LiveStreams,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
): Promise<void> {
  const delivery = await findTrackedDelivery(db, token);
  if (!delivery) throw notFound();
  openSnapshotStream(live.hub, live.settings, request, reply, {
    deliveryId: delivery.id,
    event: TRACKING_STREAM_EVENT,
    triggers: CUES,
    minIntervalMs: MIN_INTERVAL_MS,
    refreshMs: REFRESH_MS,
    snapshot: async () => {
      try {
        // Through the contract's schema, as the GET's answer is: nothing beyond its fields can reach the wire.
        const data = PublicTrackingSchema.parse(await trackDelivery(db, travel, token));
        return { data, last: LIVE_FINAL_STATUSES.includes(data.status as LiveStatus) };
      } catch (err) {
        if (err instanceof AppError && err.status === 404) return null;
        throw err;
      }
    },
  });
}
