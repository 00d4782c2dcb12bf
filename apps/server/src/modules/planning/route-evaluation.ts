import type { Matrix } from './solver/model.js';

/**
 * What a route as arranged would do (issue 35): when each stop is reached against its window, the load on board
 * after it, and the route's figures. One function for the board, its preview of a change, the saved planned times
 * and the optimiser's before/after, so the dispatcher reads the same numbers everywhere. Soft: a late stop or an
 * overload is reported, never refused (the dispatcher decides).
 */

export interface EvaluatedStop {
  /** Index of its place in the matrix; null when the stop has no point yet (no travel is counted to it). */
  place: number | null;
  /** Epoch ms window its service must start in; null: any time. */
  window: { start: number; end: number } | null;
  serviceS: number;
  /** What it puts on board (a pickup: +, a dropoff: −). */
  deltaKg: number;
  deltaCm3: number;
  /** Done already: it takes no time now and its load change is behind. */
  done: boolean;
}

export interface RouteInput {
  /** When the route can start now (the shift's start, or now on a day under way). */
  startAt: number;
  /** Where it starts (the shift's place or the driver's position); null: at its first stop. */
  startPlace: number | null;
  /** Where it ends; null: at the last stop. */
  endPlace: number | null;
  shiftEnd: number;
  break: { from: number; until: number; minutes: number } | null;
  /** Load already on board when the route starts (the deliveries picked up before it). */
  onBoardKg: number;
  onBoardCm3: number;
  capacity: { kg: number | null; cm3: number | null };
  stops: readonly EvaluatedStop[];
}

export interface StopTiming {
  arrivalAt: number | null;
  departureAt: number | null;
  lateMinutes: number;
  loadKg: number;
  loadCm3: number;
}

export interface RouteResult {
  stops: StopTiming[];
  figures: {
    distanceM: number;
    durationS: number;
    lateStops: number;
    lateMinutes: number;
    peakKg: number;
    peakCm3: number;
    overCapacity: boolean;
    overShift: boolean;
  };
}

const leg = (m: Matrix, from: number | null, to: number | null) =>
  from === null || to === null
    ? { s: 0, m: 0 }
    : { s: m.durations[from * m.size + to]!, m: m.distances[from * m.size + to]! };

export function evaluateRoute(matrix: Matrix, route: RouteInput): RouteResult {
  let at = route.startAt;
  let place = route.startPlace;
  let kg = route.onBoardKg;
  let cm3 = route.onBoardCm3;
  let distanceM = 0;
  let lateStops = 0;
  let lateMinutes = 0;
  let peakKg = kg;
  let peakCm3 = cm3;
  let breakTaken = route.break === null || route.break.minutes === 0;
  const takeBreakIfDue = (latestStart: number) => {
    // Taken where the driver is, once its window has opened, before driving on (or at its latest start).
    if (breakTaken || !route.break) return;
    if (at >= route.break.from || latestStart >= route.break.until) {
      at = Math.max(at, route.break.from) + route.break.minutes * 60_000;
      breakTaken = true;
    }
  };
  const stops: StopTiming[] = [];
  for (const stop of route.stops) {
    if (stop.done) {
      // Without a fresher point of the driver, the route goes on from where they last did something.
      if (route.startPlace === null && stop.place !== null) place = stop.place;
      stops.push({ arrivalAt: null, departureAt: null, lateMinutes: 0, loadKg: kg, loadCm3: cm3 });
      continue;
    }
    const travel = leg(matrix, place ?? stop.place, stop.place);
    takeBreakIfDue(at + travel.s * 1000);
    const arrivalAt = at + travel.s * 1000;
    distanceM += travel.m;
    const serviceAt = stop.window ? Math.max(arrivalAt, stop.window.start) : arrivalAt;
    const late = stop.window ? Math.max(0, Math.ceil((serviceAt - stop.window.end) / 60_000)) : 0;
    if (late > 0) {
      lateStops++;
      lateMinutes += late;
    }
    at = serviceAt + stop.serviceS * 1000;
    kg += stop.deltaKg;
    cm3 += stop.deltaCm3;
    peakKg = Math.max(peakKg, kg);
    peakCm3 = Math.max(peakCm3, cm3);
    if (stop.place !== null) place = stop.place;
    stops.push({ arrivalAt, departureAt: at, lateMinutes: late, loadKg: kg, loadCm3: cm3 });
  }
  if (route.endPlace !== null) {
    const back = leg(matrix, place, route.endPlace);
    at += back.s * 1000;
    distanceM += back.m;
  }
  const overCapacity =
    (route.capacity.kg !== null && peakKg > route.capacity.kg + 1e-9) ||
    (route.capacity.cm3 !== null && peakCm3 > route.capacity.cm3);
  return {
    stops,
    figures: {
      distanceM: Math.round(distanceM),
      durationS: Math.max(0, Math.round((at - route.startAt) / 1000)),
      lateStops,
      lateMinutes,
      peakKg: Math.round(peakKg * 1000) / 1000,
      peakCm3,
      overCapacity,
      overShift: route.stops.some((s) => !s.done) && at > route.shiftEnd,
    },
  };
}
