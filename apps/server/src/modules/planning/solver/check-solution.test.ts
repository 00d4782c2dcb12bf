import { describe, expect, it } from 'vitest';
import { checkSolution } from './check-solution.js';
import type { Problem, Route, RouteStep, Solution } from './model.js';

/**
 * Four places in a line, 100 s and 1 km apart per index: 0 is the depot. Vehicle v1 picks up shipment s1 at 1,
 * waits for its window at 2, drops job j1 (on board from the start) at 3, waits for its break and returns; v2 (a
 * fixed cost of 50) picks up job j2 at 1; v3 has no start or end place and picks up job j4 at 2 when its shift
 * opens at 200 s; v4 stays home; job j3 is too heavy for anyone.
 */
function fixture(): { problem: Problem; solution: Solution } {
  const size = 4;
  const durations: number[] = [];
  const distances: number[] = [];
  for (let from = 0; from < size; from++)
    for (let to = 0; to < size; to++) {
      durations.push(Math.abs(from - to) * 100);
      distances.push(Math.abs(from - to) * 1000);
    }
  const problem: Problem = {
    matrix: { size, durations, distances },
    vehicles: [
      {
        id: 'v1',
        start: 0,
        end: 0,
        shift: [0, 10_000],
        capacity: [10],
        break: { window: [1000, 3000], duration: 300 },
      },
      { id: 'v2', start: 0, end: 0, shift: [0, 10_000], capacity: [5], fixedCost: 50 },
      { id: 'v3', shift: [200, 5000], capacity: [5] },
      { id: 'v4', start: 0, shift: [0, 10_000], capacity: [1] },
    ],
    shipments: [
      {
        id: 's1',
        pickup: { place: 1, service: 60, windows: [] },
        delivery: { place: 2, service: 60, windows: [[500, 2000]] },
        amount: [4],
      },
    ],
    jobs: [
      { id: 'j1', kind: 'delivery', stop: { place: 3, service: 30, windows: [] }, amount: [3] },
      {
        id: 'j2',
        kind: 'pickup',
        stop: { place: 1, service: 20, windows: [] },
        amount: [2],
        vehicles: ['v2'],
      },
      { id: 'j3', kind: 'delivery', stop: { place: 2, service: 0, windows: [] }, amount: [20] },
      { id: 'j4', kind: 'pickup', stop: { place: 2, service: 10, windows: [] }, amount: [1] },
    ],
  };
  const v1: Route = {
    vehicle: 'v1',
    steps: [
      { type: 'start', place: 0, arrival: 0, departure: 0, load: [3] },
      stop('pickup', 's1', 'shipment', 1, 100, 100, 160, [7]),
      stop('delivery', 's1', 'shipment', 2, 260, 500, 560, [3]),
      stop('delivery', 'j1', 'job', 3, 660, 660, 690, [0]),
      { type: 'break', arrival: 690, start: 1000, departure: 1300, load: [0] },
      { type: 'end', place: 0, arrival: 1600, departure: 1600, load: [0] },
    ],
    distance: 6000,
    duration: 600,
    waiting: 550,
    service: 150,
  };
  const v2: Route = {
    vehicle: 'v2',
    steps: [
      { type: 'start', place: 0, arrival: 0, departure: 0, load: [0] },
      stop('pickup', 'j2', 'job', 1, 100, 100, 120, [2]),
      { type: 'end', place: 0, arrival: 220, departure: 220, load: [2] },
    ],
    distance: 2000,
    duration: 200,
    waiting: 0,
    service: 20,
  };
  const v3: Route = {
    vehicle: 'v3',
    steps: [stop('pickup', 'j4', 'job', 2, 200, 200, 210, [1])],
    distance: 0,
    duration: 0,
    waiting: 0,
    service: 10,
  };
  const solution: Solution = {
    routes: [v1, v2, v3],
    unassigned: [{ id: 'j3', of: 'job', reason: 'It is heavier than any vehicle can carry.' }],
    summary: { distance: 8000, duration: 800, vehicles: 3, cost: 850, computingMs: 1 },
  };
  return { problem, solution };
}

function stop(
  type: 'pickup' | 'delivery',
  id: string,
  of: 'shipment' | 'job',
  place: number,
  arrival: number,
  start: number,
  departure: number,
  load: number[],
): RouteStep {
  return { type, id, of, place, arrival, start, departure, waiting: start - arrival, load };
}

/** The fixture's route of a vehicle, and its step at an index. */
const route = (s: Solution, vehicle: string) => s.routes.find((r) => r.vehicle === vehicle)!;
const step = (s: Solution, vehicle: string, i: number) => route(s, vehicle).steps[i]!;
const vehicle = (p: Problem, id: string) => p.vehicles.find((v) => v.id === id)!;

/** Mutable views of the fixture for the tests (the model's arrays are read-only). */
type Mutable<T> = { -readonly [K in keyof T]: Mutable<T[K]> };
function broken(change: (problem: Mutable<Problem>, solution: Solution) => void): string[] {
  const { problem, solution } = fixture();
  change(problem as Mutable<Problem>, solution);
  return checkSolution(problem, solution);
}
const mentions = (text: string) => expect.stringContaining(text) as string;

describe('checkSolution', () => {
  it('accepts a valid solution', () => {
    const { problem, solution } = fixture();
    expect(checkSolution(problem, solution)).toEqual([]);
  });

  it('accepts totals within the relative tolerance', () => {
    expect(
      broken((_, s) => {
        route(s, 'v1').distance = 6000 * (1 + 1e-7);
        s.summary.cost = 850 * (1 - 1e-7);
      }),
    ).toEqual([]);
  });

  describe('assignment', () => {
    it('finds a job neither on a route nor unassigned', () => {
      expect(broken((_, s) => (s.unassigned = []))).toEqual([
        'Job "j3" is neither on a route nor unassigned.',
      ]);
    });

    it('finds a job both on a route and unassigned', () => {
      expect(broken((_, s) => s.unassigned.push({ id: 'j1', of: 'job', reason: 'x' }))).toEqual([
        'Job "j1" is both on a route and unassigned.',
      ]);
    });

    it('finds a job listed unassigned twice, and one with no reason', () => {
      expect(broken((_, s) => s.unassigned.push({ id: 'j3', of: 'job', reason: ' ' }))).toEqual([
        'Unassigned job "j3" has no reason.',
        'Job "j3" is listed as unassigned 2 times.',
      ]);
    });

    it('finds an unassigned id that is not in the problem, or of the wrong kind', () => {
      expect(broken((_, s) => s.unassigned.push({ id: 'j3', of: 'shipment', reason: 'x' }))).toEqual([
        'Unassigned shipment "j3" is not in the problem.',
      ]);
    });

    it('finds a job visited twice', () => {
      const errors = broken((_, s) => {
        const v2 = route(s, 'v2');
        v2.steps.splice(2, 0, stop('pickup', 'j2', 'job', 1, 120, 120, 140, [4]));
      });
      expect(errors).toContainEqual('Job "j2" is visited 2 times.');
    });

    it('finds a shipment delivered before it is picked up, with a load below zero', () => {
      const errors = broken((_, s) => {
        const steps = route(s, 'v1').steps;
        [steps[1], steps[2]] = [steps[2]!, steps[1]!];
      });
      expect(errors).toContainEqual('Shipment "s1" is delivered before it is picked up.');
      expect(errors).toContainEqual(mentions('falls to -1, below zero'));
    });

    it('finds a shipment split over two routes', () => {
      const errors = broken((_, s) => {
        const delivery = route(s, 'v1').steps.splice(2, 1)[0]!;
        route(s, 'v2').steps.splice(2, 0, delivery);
      });
      expect(errors).toContainEqual('Shipment "s1" is picked up and delivered on different routes.');
    });

    it('finds a shipment missing its delivery', () => {
      const errors = broken((_, s) => route(s, 'v1').steps.splice(2, 1));
      expect(errors).toContainEqual(
        'Shipment "s1" has 1 pickups and 0 deliveries on routes; it needs one of each.',
      );
    });

    it('finds a step for an unknown shipment, and a job visited as the wrong kind', () => {
      const errors = broken((_, s) => {
        Object.assign(step(s, 'v1', 1), { id: 'nope' });
        Object.assign(step(s, 'v2', 1), { type: 'delivery' });
      });
      expect(errors).toContainEqual(mentions('there is no shipment "nope"'));
      expect(errors).toContainEqual(mentions('job "j2" is a pickup, not a delivery'));
    });
  });

  describe('routes', () => {
    it('finds a route for an unknown vehicle and a second route for one vehicle', () => {
      const errors = broken((_, s) => {
        s.routes.push({ vehicle: 'v9', steps: [], distance: 0, duration: 0, waiting: 0, service: 0 });
        s.routes.push({ vehicle: 'v4', steps: [], distance: 0, duration: 0, waiting: 0, service: 0 });
        s.routes.push({ vehicle: 'v4', steps: [], distance: 0, duration: 0, waiting: 0, service: 0 });
      });
      expect(errors).toEqual([
        'Route 4 is for vehicle "v9", which is not in the problem.',
        'Vehicle "v4" has more than one route.',
      ]);
    });

    it('finds a missing start step, a wrong start place and a missing end step', () => {
      expect(broken((_, s) => route(s, 'v2').steps.shift())).toContainEqual(
        'Vehicle "v2" has a start place but its route does not begin with a start step.',
      );
      expect(broken((p) => (vehicle(p, 'v2').start = 2))).toContainEqual(
        'Vehicle "v2", step 1 (start): starts at place 0, not at the vehicle\'s start place 2.',
      );
      expect(broken((_, s) => route(s, 'v2').steps.pop())).toContainEqual(
        'Vehicle "v2" has an end place but its route does not finish with an end step.',
      );
    });

    it('finds a stop at the wrong place', () => {
      expect(broken((_, s) => Object.assign(step(s, 'v3', 0), { place: 3 }))).toEqual([
        'Vehicle "v3", step 1 (pickup of job "j4"): is at place 3, not at 2.',
      ]);
    });

    it('finds a place outside the matrix', () => {
      expect(broken((_, s) => Object.assign(step(s, 'v3', 0), { place: 7 }))).toContainEqual(
        'Vehicle "v3", step 1 (pickup of job "j4"): place 7 is not in the matrix (size 4).',
      );
    });
  });

  describe('times', () => {
    it('finds an arrival that does not follow from the previous departure and the travel', () => {
      expect(
        broken((_, s) => {
          Object.assign(step(s, 'v1', 1), { arrival: 90, waiting: 10 });
          route(s, 'v1').waiting = 560;
        }),
      ).toEqual([
        'Vehicle "v1", step 2 (pickup of shipment "s1"): arrives at 90 s, but leaving at 0 s with 100 s of travel it arrives at 100 s.',
      ]);
    });

    it('finds service starting before arrival', () => {
      const errors = broken((_, s) =>
        Object.assign(step(s, 'v2', 1), { start: 90, departure: 110, waiting: -10 }),
      );
      expect(errors).toContainEqual(
        'Vehicle "v2", step 2 (pickup of job "j2"): starts at 90 s, before it arrives at 100 s.',
      );
    });

    it('finds service starting outside the windows', () => {
      expect(
        broken(
          (p) =>
            (p.shipments[0]!.delivery.windows = [
              [0, 400],
              [600, 2000],
            ]),
        ),
      ).toEqual([
        'Vehicle "v1", step 3 (delivery of shipment "s1"): service starts at 500 s, outside its windows 0–400 s, 600–2000 s.',
      ]);
    });

    it('finds a waiting time that is not start − arrival', () => {
      expect(broken((_, s) => Object.assign(step(s, 'v1', 2), { waiting: 0 }))).toEqual([
        'Vehicle "v1", step 3 (delivery of shipment "s1"): reports 0 s of waiting; start − arrival is 240 s.',
      ]);
    });

    it('finds a departure that is not start + service', () => {
      expect(broken((p) => (p.jobs[0]!.stop.service = 40))).toEqual([
        'Vehicle "v1", step 4 (delivery of job "j1"): leaves at 690 s; starting at 660 s with 40 s of service it leaves at 700 s.',
        'Vehicle "v1" reports a service of 150; recomputed it is 160.',
      ]);
    });

    it('finds a route starting before its shift', () => {
      expect(broken((p) => (vehicle(p, 'v1').shift = [50, 10_000]))).toEqual([
        'Vehicle "v1", step 1 (start): starts at 0 s, before the shift begins at 50 s.',
      ]);
      expect(broken((p) => (vehicle(p, 'v3').shift = [300, 5000]))).toEqual([
        'Vehicle "v3", step 1 (pickup of job "j4"): arrives at 200 s, before the shift begins at 300 s.',
      ]);
    });

    it('finds a route ending after its shift, at its end place or its last stop', () => {
      expect(broken((p) => (vehicle(p, 'v1').shift = [0, 1500]))).toEqual([
        'Vehicle "v1" is done at 1600 s, after its shift ends at 1500 s.',
      ]);
      expect(broken((p) => (vehicle(p, 'v3').shift = [200, 205]))).toEqual([
        'Vehicle "v3" is done at 210 s, after its shift ends at 205 s.',
      ]);
    });
  });

  describe('loads', () => {
    it('finds a load above capacity', () => {
      expect(broken((p) => (vehicle(p, 'v1').capacity = [6]))).toEqual([
        'Vehicle "v1", step 2 (pickup of shipment "s1"): carries 7 in dimension 1, above the capacity of 6.',
      ]);
    });

    it('counts delivery jobs on board from the start', () => {
      expect(broken((p) => (vehicle(p, 'v1').capacity = [2]))).toContainEqual(
        'Vehicle "v1" at the start of its route: carries 3 in dimension 1, above the capacity of 2.',
      );
    });

    it('finds a reported load that differs from the recomputed one', () => {
      expect(broken((_, s) => Object.assign(step(s, 'v2', 2), { load: [0] }))).toEqual([
        'Vehicle "v2", step 3 (end): reports a load of [0]; recomputed it is [2].',
      ]);
    });
  });

  it('finds a vehicle not allowed to take a job', () => {
    expect(broken((p) => (p.jobs[1]!.vehicles = ['v1', 'v3']))).toEqual([
      'Vehicle "v2", step 2 (pickup of job "j2"): vehicle "v2" is not one of those allowed (v1, v3).',
    ]);
  });

  describe('locked steps', () => {
    it('accepts locked steps first in order', () => {
      expect(
        broken((p) => {
          vehicle(p, 'v1').locked = [
            { type: 'pickup', shipment: 's1' },
            { type: 'delivery', shipment: 's1' },
          ];
        }),
      ).toEqual([]);
    });

    it('finds locked steps out of place or missing', () => {
      expect(broken((p) => (vehicle(p, 'v1').locked = [{ type: 'job', job: 'j1' }]))).toEqual([
        'Vehicle "v1": its stop 1 should be the locked job "j1", but it is pickup of shipment "s1".',
      ]);
      expect(broken((p) => (vehicle(p, 'v4').locked = [{ type: 'job', job: 'j3' }]))).toEqual([
        'Vehicle "v4" has locked steps but no route.',
      ]);
    });
  });

  describe('breaks', () => {
    /** v1's route without its break: back at the depot at 990 s. */
    const withoutBreak = (s: Solution) => {
      const v1 = route(s, 'v1');
      v1.steps.splice(4, 1);
      Object.assign(v1.steps[4]!, { arrival: 990, departure: 990 });
      v1.waiting = 240;
    };

    it('lets a route skip the break when it ends before the window opens', () => {
      expect(broken((_, s) => withoutBreak(s))).toEqual([]);
    });

    it('finds a missing break', () => {
      expect(
        broken((p, s) => {
          vehicle(p, 'v1').break = { window: [600, 3000], duration: 300 };
          withoutBreak(s);
        }),
      ).toEqual([
        'Vehicle "v1" takes no break, though it works until 990 s, past 600 s when its break window opens.',
      ]);
    });

    it('finds a break outside its window or of the wrong length', () => {
      expect(broken((p) => (vehicle(p, 'v1').break = { window: [1100, 3000], duration: 300 }))).toEqual([
        'Vehicle "v1", step 5 (break): starts at 1000 s, outside its window 1100–3000 s.',
      ]);
      expect(broken((p) => (vehicle(p, 'v1').break = { window: [1000, 3000], duration: 200 }))).toEqual([
        'Vehicle "v1", step 5 (break): lasts 300 s instead of 200 s.',
      ]);
    });

    it('finds a second break, and a break for a vehicle without one', () => {
      expect(
        broken((_, s) =>
          route(s, 'v1').steps.splice(5, 0, {
            type: 'break',
            arrival: 1300,
            start: 1300,
            departure: 1600,
            load: [0],
          }),
        ),
      ).toContainEqual('Vehicle "v1", step 6 (break): the vehicle takes more than one break.');
      expect(
        broken((_, s) =>
          route(s, 'v3').steps.push({ type: 'break', arrival: 210, start: 210, departure: 220, load: [1] }),
        ),
      ).toEqual(['Vehicle "v3", step 2 (break): the vehicle has no break.']);
    });
  });

  describe('totals', () => {
    it("finds a route's distance, duration, waiting or service that is not the recomputed one", () => {
      expect(
        broken((_, s) =>
          Object.assign(route(s, 'v2'), { distance: 1999, duration: 201, waiting: 1, service: 0 }),
        ),
      ).toEqual([
        'Vehicle "v2" reports a distance of 1999; recomputed it is 2000.',
        'Vehicle "v2" reports a duration of 201; recomputed it is 200.',
        'Vehicle "v2" reports a waiting of 1; recomputed it is 0.',
        'Vehicle "v2" reports a service of 0; recomputed it is 20.',
      ]);
    });

    it('finds a summary that does not add up', () => {
      expect(
        broken((_, s) => Object.assign(s.summary, { distance: 8001, duration: 799, vehicles: 4, cost: 800 })),
      ).toEqual([
        "The summary's distance is 8001; the routes' recomputed total is 8000.",
        "The summary's duration is 799; the routes' recomputed total is 800.",
        'The summary counts 4 vehicles used; 3 routes have stops.',
        "The summary's cost is 800; recomputed from the routes it is 850.",
      ]);
    });

    it('counts distance as the cost when the objective is distance', () => {
      expect(broken((p) => (p.objective = 'distance'))).toEqual([
        "The summary's cost is 850; recomputed from the routes it is 8050.",
      ]);
    });
  });
});
