import {
  LIVE_UNDER_WAY_STATUSES,
  POSITIONS,
  type DeliveryLive,
  type Eta,
  type LiveStatus,
} from '@courier/contract';
import type { DbOrTx } from '../../db/client.js';
import { iso } from '../../lib/dates.js';
import { haversineM, type RouteEstimator } from '../../lib/routing/routing.js';
import { arrivals, recentSpeed, remainingStops, routeSpeed, type StopArrival } from './eta.js';
import { findDriverPosition, listRecentPoints, listStops, type LiveSubject } from './live.queries.js';

const underWay = (slug: string) => LIVE_UNDER_WAY_STATUSES.includes(slug as LiveStatus);

export interface LiveView {
  live: DeliveryLive;
  /** Every remaining stop's arrival (the public page picks its dropoff from these). */
  arrivals: StopArrival[];
  position: { lat: number; lng: number; recordedAt: Date; heading: number | null } | null;
}

const present = (a: StopArrival) => ({
  deliveryStepUuid: a.stepId,
  stepOrderNo: a.stepOrderNo,
  distanceM: a.distanceM,
  durationS: a.durationS,
  arriveAt: iso(a.arriveAt),
  earliestAt: iso(a.earliestAt),
  latestAt: iso(a.latestAt),
});

/**
 * The live side of a delivery (decision 022): while it is under way, its driver's latest position and, from there,
 * the way on through its remaining stops with the route estimator (OSRM or straight lines × 1.3), timed at the
 * driver's recent speed or the estimator's. Nothing while it is not under way: a driver's position between
 * deliveries, or on another company's work, is not this delivery's to show.
 */
export async function deliveryLive(
  db: DbOrTx,
  estimator: RouteEstimator,
  access: LiveSubject,
  now = Date.now(),
): Promise<LiveView> {
  const none: LiveView = { live: { eta: null, lastPosition: null }, arrivals: [], position: null };
  const { delivery } = access;
  if (!underWay(delivery.liveStatusSlug)) return none;
  const driver = await findDriverPosition(db, access);
  if (!driver) return none;
  const position = {
    lat: driver.lat,
    lng: driver.lng,
    recordedAt: driver.recordedAt,
    heading: driver.heading,
  };
  const lastPosition = {
    location: { lat: driver.lat, lng: driver.lng },
    recordedAt: iso(driver.recordedAt),
    heading: driver.heading,
    driverFirstName: driver.firstName,
  };
  const [steps, recent] = await Promise.all([
    listStops(db, delivery.id),
    listRecentPoints(db, {
      deliveryId: delivery.id,
      userId: driver.userId,
      count: POSITIONS.recentSpeedPoints,
    }),
  ]);
  const stops = remainingStops(steps, delivery.liveStatusSlug);
  const next = stops[0];
  if (!next) return { live: { eta: null, lastPosition }, arrivals: [], position };
  const legs = await Promise.all(
    stops.map((stop, i) => estimator.estimate([i === 0 ? position : stops[i - 1]!, stop])),
  );
  const speed = recentSpeed(recent, now);
  const all = arrivals(stops, legs, {
    now,
    recentSpeedMs: speed,
    positionAgeS: Math.max(0, (now - driver.recordedAt.getTime()) / 1000),
  });
  const eta: Eta = {
    computedAt: new Date(now).toISOString(),
    speedMs: Math.round((speed ?? routeSpeed(legs)) * 10) / 10,
    speedSource: speed === null ? 'route' : 'recent',
    nextStop: present(all[0]!),
    lastStop: present(all[all.length - 1]!),
    remainingStops: stops.length,
    arriving: haversineM(position, next) <= POSITIONS.arrivingWithinM,
  };
  return { live: { eta, lastPosition }, arrivals: all, position };
}
