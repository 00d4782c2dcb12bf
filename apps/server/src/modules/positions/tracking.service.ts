import { LIVE_ACTIVE_STATUSES, type LiveStatus, type PublicTracking } from '@courier/contract';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { iso } from '../../lib/dates.js';
import { presentInstructions } from '../../lib/recipient-instructions.js';
import type { TravelSource } from '../planning/index.js';
import { deliveryLive } from './eta.service.js';
import { findInstructions, findRating, listStepProofs } from './recipient-input.queries.js';
import {
  lastFailureAt,
  presentDelivered,
  presentFailure,
  RECIPIENT_PROOF_TYPES,
} from './tracking-outcome.js';
import { findFirstName, findLastDropoff, findTrackedDelivery, listTimeline } from './tracking.queries.js';

/** While a driver is on it (assigned until delivered): the recipient may know who is coming. */
const DRIVER_NAMED: readonly string[] = [...LIVE_ACTIVE_STATUSES, 'delivered'];
/** Companies made before the country was asked write dates as the default country does (web: DEFAULT_COUNTRY_CODE). */
const DEFAULT_COUNTRY_CODE = 'GB';

/**
 * A delivery as its recipient follows it (decision 022, issue 36). The token is the credential, so the answer holds
 * only what a recipient needs: the status and its timeline (no messages, no names of office users), the dropoff's
 * city and postcode, the driver's first name, the ETA window to the dropoff while under way, the driver's position
 * only while they are on their way to this dropoff as their next stop; once delivered, when and the proofs of that
 * attempt; after a failed attempt, its reason; the recipient's own instructions and rating. A wrong token is a
 * plain 404.
 */
export async function trackDelivery(
  db: DbOrTx,
  travel: TravelSource,
  token: string,
): Promise<PublicTracking> {
  const delivery = await findTrackedDelivery(db, token);
  if (!delivery) throw new AppError(404, 'not_found', 'Not found.');
  const [timeline, dropoff, view, instructionRow, rating] = await Promise.all([
    listTimeline(db, delivery.id),
    findLastDropoff(db, delivery.id),
    deliveryLive(db, travel, { delivery }),
    findInstructions(db, delivery.id),
    findRating(db, delivery.id),
  ]);
  const status = delivery.liveStatusSlug;
  const instructions = presentInstructions(instructionRow);
  const proofs =
    dropoff && (status === 'delivered' || status === 'completed')
      ? await listStepProofs(db, {
          deliveryId: delivery.id,
          stepId: dropoff.stepId,
          since: lastFailureAt(timeline),
          types: RECIPIENT_PROOF_TYPES,
        })
      : [];
  const driverId = delivery.assignedDriverIds[0];
  const named = driverId !== undefined && DRIVER_NAMED.includes(status);
  const atDropoff = view.arrivals.find((a) => a.stepId === dropoff?.stepId);
  const headingHere =
    status === ('en-route-to-dropoff' satisfies LiveStatus) &&
    atDropoff !== undefined &&
    view.arrivals[0]?.stepId === atDropoff.stepId;
  return {
    countryCode: delivery.countryCode ?? DEFAULT_COUNTRY_CODE,
    status,
    statusChangedAt: iso(delivery.liveStatusChangedAt),
    timeline: timeline.map((t) => ({ status: t.status, at: iso(t.at) })),
    dropoff:
      dropoff?.city != null && dropoff.postcode != null
        ? {
            city: dropoff.city,
            postcode: dropoff.postcode,
            location:
              dropoff.lat !== null && dropoff.lng !== null ? { lat: dropoff.lat, lng: dropoff.lng } : null,
          }
        : null,
    driverFirstName: named
      ? (view.live.lastPosition?.driverFirstName ?? (await findFirstName(db, driverId)))
      : null,
    eta: atDropoff
      ? {
          arriveAt: iso(atDropoff.arriveAt),
          earliestAt: iso(atDropoff.earliestAt),
          latestAt: iso(atDropoff.latestAt),
          arriving: headingHere && (view.live.eta?.arriving ?? false),
        }
      : null,
    driverPosition:
      headingHere && view.position
        ? {
            lat: view.position.lat,
            lng: view.position.lng,
            recordedAt: iso(view.position.recordedAt),
            heading: view.position.heading,
          }
        : null,
    delivered: presentDelivered({
      status,
      statusChangedAt: delivery.liveStatusChangedAt,
      timeline,
      proofs,
      safePlace: instructions?.safePlace ?? null,
    }),
    failure: presentFailure(status, timeline),
    instructions,
    rating: rating ? { ...rating, createdAt: iso(rating.createdAt) } : null,
  };
}
