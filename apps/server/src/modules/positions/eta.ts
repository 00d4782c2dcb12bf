import { POSITIONS } from '@courier/contract';
import { haversineM, type Point, type RouteEstimate } from '../../lib/routing/routing.js';

/** A recent point of the driver's track (newest first when given to `recentSpeed`). */
export interface TrackPoint extends Point {
  at: number;
  speed: number | null;
}

/** Below this a driver is stopped (lights, a queue): the route's average speed says more about the way ahead. */
const MOVING_MS = 2;

/**
 * The driver's recent speed in metres a second, from their last points: the mean of the speeds the phone reported
 * when most points carry one, else the distance along the points over their time span. Null when the points are
 * stale (the newest older than POSITIONS.staleAfterMinutes), too few, or show a driver who is not moving.
 */
export function recentSpeed(points: readonly TrackPoint[], now: number): number | null {
  const newest = points[0];
  if (!newest || points.length < 2) return null;
  if (now - newest.at > POSITIONS.staleAfterMinutes * 60_000) return null;
  const reported = points.flatMap((p) => (p.speed === null ? [] : [p.speed]));
  let speed: number;
  if (reported.length * 2 >= points.length) {
    speed = reported.reduce((a, b) => a + b, 0) / reported.length;
  } else {
    const oldest = points[points.length - 1]!;
    const seconds = (newest.at - oldest.at) / 1000;
    if (seconds <= 0) return null;
    let metres = 0;
    for (let i = 1; i < points.length; i++) metres += haversineM(points[i - 1]!, points[i]!);
    speed = metres / seconds;
  }
  return speed >= MOVING_MS ? speed : null;
}

export interface StopArrival {
  stepId: string;
  stepOrderNo: number;
  distanceM: number;
  durationS: number;
  arriveAt: Date;
  earliestAt: Date;
  latestAt: Date;
}

/**
 * The window to tell a customer around an arrival `durationS` from now: a little earlier (10 %, at least a minute)
 * and more later (25 %, at least three minutes), because traffic delays far more often than it speeds up.
 */
export function windowOf(now: number, durationS: number, positionAgeS = 0) {
  const early = Math.max(60, durationS * 0.1);
  // A position older than POSITIONS.staleAfterMinutes says less of where the driver is now (issue 36): the window
  // widens later by the minutes it has been silent, rather than pretending it knows.
  const silent = positionAgeS > POSITIONS.staleAfterMinutes * 60 ? positionAgeS : 0;
  const late = Math.max(180, durationS * 0.25) + silent;
  return {
    arriveAt: new Date(now + durationS * 1000),
    earliestAt: new Date(now + Math.max(0, durationS - early) * 1000),
    latestAt: new Date(now + (durationS + late) * 1000),
  };
}

/**
 * Arrival at every remaining stop, from the legs the route estimator gave (position to first stop, then stop to
 * stop): distances add up along the road; durations are the estimator's, or the distance at the driver's recent
 * speed when there is one.
 */
export function arrivals(
  stops: readonly { id: string; stepOrderNo: number }[],
  legs: readonly RouteEstimate[],
  opts: { now: number; recentSpeedMs: number | null; positionAgeS?: number },
): StopArrival[] {
  let distanceM = 0;
  let durationS = 0;
  return stops.map((stop, i) => {
    const leg = legs[i] ?? { distanceM: 0, durationS: 0 };
    distanceM += leg.distanceM;
    durationS += opts.recentSpeedMs ? leg.distanceM / opts.recentSpeedMs : leg.durationS;
    return {
      stepId: stop.id,
      stepOrderNo: stop.stepOrderNo,
      distanceM: Math.round(distanceM),
      durationS: Math.round(durationS),
      ...windowOf(opts.now, Math.round(durationS), opts.positionAgeS),
    };
  });
}

/** The estimator's own average speed over the legs (metres a second), for the answer when no recent speed is known. */
export function routeSpeed(legs: readonly RouteEstimate[]): number {
  const d = legs.reduce((a, l) => a + l.distanceM, 0);
  const t = legs.reduce((a, l) => a + l.durationS, 0);
  return t > 0 ? d / t : 0;
}

export interface StopRow {
  id: string;
  stepOrderNo: number;
  lat: number | null;
  lng: number | null;
  /** Task type slugs and whether each is done. */
  tasks: { typeSlug: string; done: boolean }[];
}

const AFTER_PICKUP = ['picked-up', 'en-route-to-dropoff', 'at-dropoff'];

/**
 * The stops still ahead, in order, with coordinates: a stop is behind the driver when all its tasks are done, and
 * once the delivery is picked up a stop that only collects is behind too (drivers seldom tick every task).
 */
export function remainingStops(steps: readonly StopRow[], liveStatus: string) {
  return steps
    .filter((s) => s.lat !== null && s.lng !== null)
    .filter((s) => !(s.tasks.length > 0 && s.tasks.every((t) => t.done)))
    .filter(
      (s) =>
        !(
          AFTER_PICKUP.includes(liveStatus) &&
          s.tasks.length > 0 &&
          s.tasks.every((t) => t.typeSlug === 'pickup')
        ),
    )
    .map((s) => ({ id: s.id, stepOrderNo: s.stepOrderNo, lat: s.lat!, lng: s.lng! }));
}
