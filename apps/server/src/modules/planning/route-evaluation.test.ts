import { describe, expect, it } from 'vitest';
import { evaluateRoute, type EvaluatedStop, type RouteInput } from './route-evaluation.js';
import type { Matrix } from './solver/model.js';

// Three places 10 minutes (and 5 km) apart each way.
const matrix: Matrix = {
  size: 3,
  durations: [0, 600, 600, 600, 0, 600, 600, 600, 0],
  distances: [0, 5000, 5000, 5000, 0, 5000, 5000, 5000, 0],
};
const H = 3_600_000;
const stop = (place: number, extra: Partial<EvaluatedStop> = {}): EvaluatedStop => ({
  place,
  window: null,
  serviceS: 300,
  deltaKg: 0,
  deltaCm3: 0,
  done: false,
  ...extra,
});
const route = (stops: EvaluatedStop[], extra: Partial<RouteInput> = {}): RouteInput => ({
  startAt: 8 * H,
  startPlace: 0,
  endPlace: null,
  shiftEnd: 18 * H,
  break: null,
  onBoardKg: 0,
  onBoardCm3: 0,
  capacity: { kg: 100, cm3: null },
  stops,
  ...extra,
});

describe('a route evaluated', () => {
  it('times each stop from the last: travel, waiting for its window, service', () => {
    const r = evaluateRoute(matrix, route([stop(1), stop(2, { window: { start: 9 * H, end: 10 * H } })]));
    expect(r.stops.map((s) => [s.arrivalAt! / 60_000, s.departureAt! / 60_000])).toEqual([
      [490, 495],
      [505, 545],
    ]);
    expect(r.figures).toMatchObject({ distanceM: 10_000, lateStops: 0, overShift: false });
    expect(r.figures.durationS).toBe((545 - 480) * 60);
  });

  it('counts lateness past a window, an end place, the shift overrun and a break taken once due', () => {
    const late = evaluateRoute(
      matrix,
      route([stop(1, { window: { start: 0, end: 8 * H } })], { endPlace: 0, shiftEnd: 8 * H + 20 * 60_000 }),
    );
    expect(late.stops[0]!.lateMinutes).toBe(10);
    expect(late.figures).toMatchObject({ lateStops: 1, lateMinutes: 10, distanceM: 10_000, overShift: true });
    const rest = evaluateRoute(
      matrix,
      route([stop(1), stop(2)], { break: { from: 8 * H, until: 9 * H, minutes: 30 } }),
    );
    // The break is taken at the start (its window is open), once.
    expect(rest.stops.map((s) => s.arrivalAt! / 60_000)).toEqual([520, 535]);
  });

  it('follows the load on board against the capacity, done stops skipped', () => {
    const r = evaluateRoute(
      matrix,
      route([stop(1, { deltaKg: 80 }), stop(2, { deltaKg: 40 }), stop(0, { deltaKg: -80 })], {
        onBoardKg: 0,
      }),
    );
    expect(r.stops.map((s) => s.loadKg)).toEqual([80, 120, 40]);
    expect(r.figures).toMatchObject({ peakKg: 120, overCapacity: true });
    const done = evaluateRoute(
      matrix,
      route([stop(1, { done: true, deltaKg: 80 }), stop(2, { deltaKg: -80 })], { onBoardKg: 80 }),
    );
    expect(done.stops[0]!.arrivalAt).toBeNull();
    // No point of the driver: on from the done stop (10 minutes to the next), not from nowhere.
    const from = evaluateRoute(matrix, route([stop(1, { done: true }), stop(2)], { startPlace: null }));
    expect(from.stops[1]!.arrivalAt! / 60_000).toBe(490);
    expect(from.figures.distanceM).toBe(5000);
    expect(done.stops[1]!.loadKg).toBe(0);
    expect(done.figures.overCapacity).toBe(false);
  });
});
