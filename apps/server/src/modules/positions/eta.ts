import { POSITIONS } from '@courier/contract';
import { haversineM, type Point } from '../../lib/routing/routing.js';

/** A recent point of the driver's track (newest first when given to `recentSpeed`). */
export interface TrackPoint extends Point {
  at: number;
  speed: number | null;
}

/** Below this a driver is stopped (lights, a queue): the route's average speed says more about the way ahead. */
const MOVING_MS = 2;
/** Above this (162 km/h) the points jumped (a GPS fix far from the last one), they did not drive. */
const PLAUSIBLE_MS = 45;

/**
 * The driver's recent speed in metres a second, from their last points: the mean of the speeds the phone reported
 * when most points carry one, else the distance along the points over their time span. Null when the points are
 * stale (the newest older than POSITIONS.staleAfterMinutes), too few, show a driver who is not moving, or a jump no
 * vehicle makes.
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
  return speed >= MOVING_MS && speed <= PLAUSIBLE_MS ? speed : null;
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
