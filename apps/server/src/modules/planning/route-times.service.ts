import type { DbOrTx } from '../../db/client.js';
import { evaluateOn, readDay, routesOf, stepPoint } from './board.service.js';
import type { TravelSource } from './travel.js';

/** A stop still ahead of a driver, timed from where they are now. */
export interface TimedStop {
  stepId: string;
  deliveryId: string;
  stepOrderNo: number;
  /** Its place among the stops ahead (0: next). */
  routePosition: number;
  /** Along the road from the driver, through the stops before it. */
  distanceM: number;
  arriveAt: number;
}

export interface DriverRouteTimes {
  /** When the driver's position was recorded, and where. */
  positionAt: Date;
  position: { lat: number; lng: number };
  stops: TimedStop[];
  /** The speed the leg the driver is on was timed at (metres a second), and where it came from. */
  speedMs: number;
  speedSource: 'recent' | 'route';
}

/**
 * The driver's stops still ahead, timed from their latest position now, in the order of their route as the board
 * shows it (the dispatcher's saved order, then what is assigned to them outside it, in each delivery's order) — the
 * board's own evaluation (`evaluateOn`: travel on the road matrix, waiting for nothing, the service minutes at every
 * stop before the next, the driver's break when due). The leg the driver is on is timed at their recent speed when
 * `recentSpeed` knows one. Null when the driver has no position. The one computation of an ETA (decision 073).
 */
export async function driverRouteTimes(
  db: DbOrTx,
  travel: TravelSource,
  opts: {
    companyId: string;
    driverUserId: string;
    now: number;
    recentSpeed?: (deliveryId: string) => Promise<number | null>;
  },
): Promise<DriverRouteTimes | null> {
  const data = await readDay(db, opts.companyId, undefined, new Date(opts.now), {
    driverUserId: opts.driverUserId,
  });
  const driver = data.drivers.find((d) => d.userId === opts.driverUserId);
  if (!driver || driver.lat === null || driver.lng === null || !driver.positionAt) return null;
  const position = { lat: driver.lat, lng: driver.lng };
  const ahead = (routesOf(data).get(driver.userId)?.stepIds ?? []).filter((id) => {
    const step = data.steps.get(id)!;
    return !step.done && step.lat !== null && step.lng !== null;
  });
  const base = { positionAt: driver.positionAt, position };
  if (ahead.length === 0) return { ...base, stops: [], speedMs: 0, speedSource: 'route' };
  // Place 0 is the driver, place i + 1 the i-th stop ahead.
  const matrix = await travel.matrix([position, ...ahead.map((id) => stepPoint(data, id)!)]);
  const placeOf = new Map(ahead.map((id, i) => [id, i + 1]));
  const first = data.steps.get(ahead[0]!)!;
  const recent = (await opts.recentSpeed?.(first.deliveryId)) ?? null;
  const durations = Array.from(matrix.durations);
  const firstLeg = { m: matrix.distances[1]!, s: matrix.durations[1]! };
  if (recent) durations[1] = firstLeg.m / recent;
  const evaluated = evaluateOn(
    { ...matrix, durations },
    data,
    driver,
    { stepIds: ahead, locked: new Set(), vehicle: null },
    { start: 0, end: null, step: (id) => placeOf.get(id)!, startAt: opts.now },
  );
  let distanceM = 0;
  const stops = ahead.map((id, i): TimedStop => {
    distanceM += matrix.distances[i * matrix.size + i + 1]!;
    const step = data.steps.get(id)!;
    return {
      stepId: id,
      deliveryId: step.deliveryId,
      stepOrderNo: step.stepOrderNo,
      routePosition: i,
      distanceM: Math.round(distanceM),
      arriveAt: Date.parse(evaluated.stops[i]!.plannedArrivalAt!),
    };
  });
  const speedMs = recent ?? (firstLeg.s > 0 ? firstLeg.m / firstLeg.s : 0);
  return { ...base, stops, speedMs, speedSource: recent ? 'recent' : 'route' };
}
