import { describe, expect, it } from 'vitest';
import { compile, earliestStart, JOB_DELIVERY, DELIVERY, type Instance } from './built-in-instance.js';
import { Random } from './built-in-random.js';
import { BREAK, END, Route } from './built-in-route.js';
import { search } from './built-in-search.js';
import { builtInSolver, solve } from './built-in-solver.js';
import { checkSolution } from './check-solution.js';
import type { Job, Problem, RouteStep, Shipment, Solution, Vehicle } from './model.js';

/** Places on a line, one unit of travel (1 s, 1 m) per unit of distance. */
function line(...xs: number[]): Problem['matrix'] {
  const size = xs.length;
  const m = new Float64Array(size * size);
  for (let i = 0; i < size; i++) for (let j = 0; j < size; j++) m[i * size + j] = Math.abs(xs[i]! - xs[j]!);
  return { size, durations: m, distances: m };
}

const van = (over: Partial<Vehicle> = {}): Vehicle => ({
  id: 'van',
  start: 0,
  end: 0,
  shift: [0, 1000],
  capacity: [10],
  ...over,
});
const job = (id: string, place: number, over: Partial<Job> = {}): Job => ({
  id,
  kind: 'delivery',
  stop: { place, service: 0, windows: [] },
  amount: [1],
  ...over,
});
const shipment = (id: string, from: number, to: number, over: Partial<Shipment> = {}): Shipment => ({
  id,
  pickup: { place: from, service: 0, windows: [] },
  delivery: { place: to, service: 0, windows: [] },
  amount: [1],
  ...over,
});

type StopStep = Extract<RouteStep, { id: string }>;

const OPTIONS = { timeLimitMs: 5000, iterations: 300, seed: 7 };

/** Solves, asserts the checker finds nothing, returns the solution. */
function solved(problem: Problem, options = OPTIONS): Solution {
  const solution = solve(problem, options);
  expect(checkSolution(problem, solution)).toEqual([]);
  return solution;
}

const stops = (solution: Solution, vehicle: string) =>
  solution.routes
    .find((r) => r.vehicle === vehicle)
    ?.steps.filter((s) => s.type === 'pickup' || s.type === 'delivery')
    .map((s) => `${s.type} ${(s as { id: string }).id}`) ?? [];

describe('the built-in solver on small problems', () => {
  it('picks a shipment up before delivering it, on one route', () => {
    // The delivery lies before the pickup on the way out: the van must pass it, pick up, and come back.
    const problem: Problem = {
      matrix: line(0, 10, 20),
      vehicles: [van()],
      shipments: [shipment('s', 2, 1)],
      jobs: [],
    };
    expect(stops(solved(problem), 'van')).toEqual(['pickup s', 'delivery s']);
  });

  it('keeps windows, waiting when early', () => {
    const problem: Problem = {
      matrix: line(0, 10, 20),
      vehicles: [van()],
      shipments: [],
      // b's window forces it first although a is nearer.
      jobs: [
        job('a', 1, { stop: { place: 1, service: 5, windows: [[100, 200]] } }),
        job('b', 2, { stop: { place: 2, service: 5, windows: [[30, 40]] } }),
      ],
    };
    const solution = solved(problem);
    expect(stops(solution, 'van')).toEqual(['delivery b', 'delivery a']);
    const a = solution.routes[0]!.steps.find((s) => s.type === 'delivery' && s.id === 'a') as StopStep;
    expect(a.start).toBeGreaterThanOrEqual(100);
    expect(a.waiting).toBeCloseTo(a.start - a.arrival);
  });

  it('picks the window among several that fits the route', () => {
    const problem: Problem = {
      matrix: line(0, 10),
      vehicles: [van()],
      shipments: [],
      jobs: [
        job('a', 1, {
          stop: {
            place: 1,
            service: 0,
            windows: [
              [0, 5],
              [50, 60],
            ],
          },
        }),
      ],
    };
    const step = solved(problem).routes[0]!.steps[1] as StopStep;
    expect(step.start).toBeGreaterThanOrEqual(50);
  });

  it('orders pickups and deliveries so the load never exceeds the capacity', () => {
    // 6 on board from the start for d; p picks up 6: only d first, then p, fits in 10, although p on the way to d
    // would be shorter (the route ends at its last stop).
    const problem: Problem = {
      matrix: line(0, 20, 5),
      vehicles: [van({ end: undefined })],
      shipments: [],
      jobs: [job('d', 1, { amount: [6] }), job('p', 2, { kind: 'pickup', amount: [6] })],
    };
    expect(stops(solved(problem), 'van')).toEqual(['delivery d', 'pickup p']);

    // Two shipments of 6 in a van of 10: never both on board.
    const pairs: Problem = {
      matrix: line(0, 10, 20, 30, 40),
      vehicles: [van()],
      shipments: [shipment('s1', 1, 3, { amount: [6] }), shipment('s2', 2, 4, { amount: [6] })],
      jobs: [],
    };
    const order = stops(solved(pairs), 'van');
    expect(order).toHaveLength(4);
    expect(order.indexOf(`delivery ${order[0]!.split(' ')[1]}`)).toBe(1);
  });

  it('checks every capacity dimension', () => {
    const problem: Problem = {
      matrix: line(0, 10, 20),
      vehicles: [van({ capacity: [10, 3] })],
      shipments: [],
      jobs: [job('a', 1, { amount: [1, 2] }), job('b', 2, { amount: [1, 2] })],
    };
    const solution = solved(problem);
    expect(solution.unassigned).toHaveLength(1);
    expect(solution.unassigned[0]!.reason).toBe("No room left in any route within the drivers' shifts.");
  });

  it('ends within the shift, leaving out what does not fit', () => {
    const problem: Problem = {
      matrix: line(0, 40, -40),
      vehicles: [van({ shift: [0, 100] })],
      shipments: [],
      jobs: [job('east', 1), job('west', 2)],
    };
    const solution = solved(problem);
    expect(solution.routes[0]!.steps.at(-1)!.arrival).toBeLessThanOrEqual(100);
    expect(solution.unassigned).toHaveLength(1);
  });

  it('starts at the first stop and ends at the last without start and end places', () => {
    const problem: Problem = {
      matrix: line(0, 10, 20),
      vehicles: [van({ start: undefined, end: undefined })],
      shipments: [],
      jobs: [job('a', 1, { stop: { place: 1, service: 0, windows: [[100, 200]] } }), job('b', 2)],
    };
    const route = solved(problem).routes[0]!;
    expect(route.steps.map((s) => s.type)).toEqual(['delivery', 'delivery']);
    expect(route.distance).toBe(10);
    expect(route.waiting).toBe(0);
  });

  it('takes the break inside its window where the driver is, and skips it when done before it opens', () => {
    const problem: Problem = {
      matrix: line(0, 10, 20, 30),
      vehicles: [van({ break: { window: [25, 35], duration: 15 } })],
      shipments: [],
      jobs: [job('a', 1, { stop: { place: 1, service: 10, windows: [] } }), job('b', 2), job('c', 3)],
    };
    const route = solved(problem).routes[0]!;
    const pause = route.steps.find((s) => s.type === 'break')!;
    expect(pause.start).toBeGreaterThanOrEqual(25);
    expect(pause.start).toBeLessThanOrEqual(35);
    expect(pause.departure - pause.start).toBe(15);
    // Travel is the same as without the break.
    expect(route.distance).toBe(60);

    const early: Problem = { ...problem, vehicles: [van({ break: { window: [500, 600], duration: 15 } })] };
    expect(solved(early).routes[0]!.steps.some((s) => s.type === 'break')).toBe(false);
  });

  it('keeps the locked steps first, in their order', () => {
    const problem: Problem = {
      matrix: line(0, 10, 20, 30),
      // Locked far first, then near: not what the search would do.
      vehicles: [
        van({
          locked: [
            { type: 'job', job: 'far' },
            { type: 'job', job: 'near' },
          ],
        }),
      ],
      shipments: [shipment('s', 2, 1)],
      jobs: [job('near', 1), job('far', 3)],
    };
    const solution = solved(problem);
    expect(stops(solution, 'van').slice(0, 2)).toEqual(['delivery far', 'delivery near']);
    expect(solution.warnings).toBeUndefined();
  });

  it('places the delivery of a shipment whose pickup is locked on the same route', () => {
    const problem: Problem = {
      matrix: line(0, 10, 20),
      vehicles: [van({ id: 'a' }), van({ id: 'b', locked: [{ type: 'pickup', shipment: 's' }] })],
      shipments: [shipment('s', 1, 2)],
      jobs: [],
    };
    expect(stops(solved(problem), 'b')).toEqual(['pickup s', 'delivery s']);
  });

  it('keeps an infeasible locked prefix as given and says so', () => {
    const problem: Problem = {
      matrix: line(0, 10, 20),
      vehicles: [van({ id: 'late', locked: [{ type: 'job', job: 'x' }] }), van({ id: 'other' })],
      shipments: [],
      jobs: [job('x', 2, { stop: { place: 2, service: 0, windows: [[0, 5]] } }), job('y', 1)],
    };
    const solution = solve(problem, OPTIONS);
    expect(stops(solution, 'late')).toEqual(['delivery x']);
    expect(stops(solution, 'other')).toEqual(['delivery y']);
    expect(solution.warnings?.[0]).toMatch(/Vehicle late's locked steps cannot all be kept/);
    expect(checkSolution(problem, solution)).toEqual([
      expect.stringMatching(/service starts at 20 s, outside/),
    ]);
  });

  it('puts a request only on the vehicles it may go on', () => {
    const problem: Problem = {
      matrix: line(0, 10),
      vehicles: [van({ id: 'small' }), van({ id: 'big', fixedCost: 1000 })],
      shipments: [],
      jobs: [job('a', 1, { vehicles: ['big'] })],
    };
    expect(stops(solved(problem), 'big')).toEqual(['delivery a']);
  });

  it('uses fewer vehicles when each costs something', () => {
    const problem: Problem = {
      matrix: line(0, 10, -10),
      vehicles: [van({ id: 'a', fixedCost: 100 }), van({ id: 'b', fixedCost: 100 })],
      shipments: [],
      jobs: [job('east', 1), job('west', 2)],
    };
    const solution = solved(problem);
    expect(solution.summary.vehicles).toBe(1);
    expect(solution.summary.cost).toBe(140);
  });

  it('tells why a request is left out', () => {
    const problem: Problem = {
      matrix: line(0, 10, 500),
      vehicles: [van({ id: 'v1', capacity: [250] }), van({ id: 'v2', capacity: [200], shift: [0, 2000] })],
      shipments: [],
      jobs: [
        job('heavy', 1, { amount: [320] }),
        job('far', 2, { stop: { place: 2, service: 0, windows: [[0, 100]] } }),
        job('nowhere', 1, { vehicles: ['v9'] }),
        job('big1', 1, { amount: [240], stop: { place: 1, service: 0, windows: [[10, 20]] } }),
        job('big2', 1, { amount: [240], stop: { place: 1, service: 0, windows: [[10, 20]] } }),
      ],
      units: ['kg'],
    };
    const reasons = Object.fromEntries(solved(problem).unassigned.map((u) => [u.id, u.reason]));
    expect(reasons).toEqual({
      heavy: 'No vehicle can carry 320 kg; the largest takes 250 kg.',
      far: "Its window cannot be reached within any driver's shift.",
      nowhere: 'None of the vehicles it may go on (v9) is in the plan.',
      [reasons.big1 ? 'big1' : 'big2']: 'No room left in any route within its window.',
    });
  });
});

/** A random problem with everything the model has: shipments and both kinds of job, two dimensions, windows. */
function randomProblem(seed: number, size = 24): Problem {
  const rng = new Random(seed);
  const xs = Array.from({ length: size }, () => [rng.int(1000), rng.int(1000)] as const);
  const m = new Float64Array(size * size);
  for (let i = 0; i < size; i++)
    for (let j = 0; j < size; j++)
      m[i * size + j] = Math.round(Math.hypot(xs[i]![0] - xs[j]![0], xs[i]![1] - xs[j]![1]));
  const window = (): [number, number][] => {
    const roll = rng.next();
    if (roll < 0.3) return [];
    const a = rng.int(6000);
    if (roll < 0.8) return [[a, a + 600 + rng.int(2000)]];
    return [
      [a, a + 400],
      [a + 1500, a + 2500],
    ];
  };
  const stop = () => ({ place: 1 + rng.int(size - 1), service: 60 + rng.int(240), windows: window() });
  const amount = () => [1 + rng.int(4), rng.int(3)];
  const shipments = Array.from({ length: 8 }, (_, i) => ({
    id: `s${i}`,
    pickup: stop(),
    delivery: stop(),
    amount: amount(),
  }));
  const jobs: Job[] = Array.from({ length: 10 }, (_, i) => ({
    id: `j${i}`,
    kind: i % 3 === 0 ? 'pickup' : 'delivery',
    // j1 is locked on v2: any time, so that its route stays feasible.
    stop: i === 1 ? { ...stop(), windows: [] } : stop(),
    amount: amount(),
    ...(i === 4 ? { vehicles: ['v2'] } : {}),
  }));
  const vehicles: Vehicle[] = [
    {
      id: 'v1',
      start: 0,
      end: 0,
      shift: [0, 9000],
      capacity: [10, 4],
      break: { window: [3000, 4500], duration: 900 },
    },
    {
      id: 'v2',
      start: 0,
      shift: [1000, 10000],
      capacity: [8, 6],
      fixedCost: 500,
      locked: [{ type: 'job', job: 'j1' }],
    },
    { id: 'v3', end: 0, shift: [0, 8000], capacity: [12, 2], break: { window: [2000, 6000], duration: 600 } },
  ];
  return { matrix: { size, durations: m, distances: m }, vehicles, shipments, jobs };
}

describe('the built-in solver on random problems', () => {
  it('returns solutions the checker finds valid', () => {
    for (let seed = 1; seed <= 8; seed++) {
      const problem = randomProblem(seed);
      const solution = solve(problem, { timeLimitMs: 5000, iterations: 400, seed });
      expect(checkSolution(problem, solution), `seed ${seed}`).toEqual([]);
      expect(solution.routes.length).toBeGreaterThan(0);
    }
  });

  it('finds the same solution for the same seed and iterations', () => {
    const problem = randomProblem(3);
    const strip = (s: Solution) => ({ ...s, summary: { ...s.summary, computingMs: 0 } });
    expect(strip(solve(problem, OPTIONS))).toEqual(strip(solve(problem, OPTIONS)));
  });

  it('keeps to its time limit', () => {
    const started = performance.now();
    solve(randomProblem(5), { timeLimitMs: 200, seed: 1 });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('stops at once when nothing can be moved', () => {
    const problem: Problem = {
      matrix: line(0, 10),
      vehicles: [van({ capacity: [1] })],
      shipments: [],
      jobs: [job('a', 1, { amount: [5] })],
    };
    const started = performance.now();
    expect(solve(problem, { timeLimitMs: 5000 }).unassigned).toHaveLength(1);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

/**
 * A route followed step by step (the break where it is, skipped only if last and the route is done before it
 * opens): whether it keeps every window, the break, the shift and the capacity, and its travel cost.
 */
function simulate(inst: Instance, v: number, nodes: readonly number[]): { ok: boolean; cost: number } {
  const { size, time, cost: costs, dims } = inst;
  let t = inst.vShiftStart[v]!;
  let place = inst.vStart[v]!;
  let cost = 0;
  const load = new Float64Array(dims);
  for (const node of nodes)
    if (node >= 0 && inst.taskKind[node] === JOB_DELIVERY)
      for (let d = 0; d < dims; d++) load[d] = load[d]! + inst.amount[node * dims + d]!;
  const fits = () => load.every((x, d) => x <= inst.vCapacity[v * dims + d]!);
  let ok = fits();
  for (let k = 1; k < nodes.length; k++) {
    const node = nodes[k]!;
    if (node === BREAK) {
      const last = k === nodes.length - 2;
      if (last && t + time[place * size + inst.vEnd[v]!]! <= inst.vBreakStart[v]!) continue;
      const s = Math.max(t, inst.vBreakStart[v]!);
      if (s > inst.vBreakEnd[v]!) ok = false;
      t = s + inst.vBreakDuration[v]!;
      continue;
    }
    const to = node === END ? inst.vEnd[v]! : inst.taskPlace[node]!;
    t += time[place * size + to]!;
    cost += costs[place * size + to]!;
    place = to;
    if (node === END) {
      if (t > inst.vShiftEnd[v]!) ok = false;
      continue;
    }
    const s = earliestStart(inst, node, t);
    if (s === Infinity) ok = false;
    t = s + inst.taskService[node]!;
    const kind = inst.taskKind[node]!;
    const sign = kind === JOB_DELIVERY || kind === DELIVERY ? -1 : 1;
    for (let d = 0; d < dims; d++) load[d] = load[d]! + sign * inst.amount[node * dims + d]!;
    if (!fits()) ok = false;
  }
  return { ok, cost };
}

describe('the insertion checks', () => {
  it('agree with following the route step by step, for every task and route', () => {
    let checked = 0;
    let feasible = 0;
    for (let seed = 1; seed <= 6; seed++) {
      const problem = randomProblem(seed, 30);
      // No locked steps: every arc is open.
      problem.vehicles = problem.vehicles.map((v) => ({ ...v, locked: undefined }));
      const inst = compile(problem);
      const { routes } = search(inst, { deadline: Infinity, iterations: 50, seed });
      const rng = new Random(1);
      for (const route of routes) {
        const nodes = Array.from(route.nodes.subarray(0, route.n));
        expect(simulate(inst, route.v, nodes).ok).toBe(true);
        const base = route.cost;
        for (let r = 0; r < inst.requests; r++) {
          const t = inst.requestTask[r]!;
          if (nodes.includes(t) || inst.fits[r * inst.vehicles + route.v] === 0) continue;
          const pair = inst.requestIsShipment[r] === 1;
          let best = Infinity;
          for (let i = 0; i < route.n - 1; i++)
            for (let j = pair ? i : 0; j < (pair ? route.n - 1 : 1); j++) {
              const next = [...nodes];
              if (pair) {
                next.splice(j + 1, 0, t + 1);
                next.splice(i + 1, 0, t);
              } else next.splice(i + 1, 0, t);
              const run = simulate(inst, route.v, next);
              if (run.ok) best = Math.min(best, run.cost - base);
            }
          const found = pair ? route.evalPair(t, Infinity, rng, 0) : route.evalSingle(t, Infinity, rng, 0);
          if (best === Infinity) expect(found, `seed ${seed}, request ${r}`).toBe(Infinity);
          else expect(found, `seed ${seed}, request ${r}`).toBeCloseTo(best, 6);
          checked++;
          if (best < Infinity) feasible++;
        }
      }
    }
    // Both outcomes were exercised.
    expect(feasible).toBeGreaterThan(20);
    expect(checked - feasible).toBeGreaterThan(20);
  });

  it('place a lone task at the cheapest arc that keeps the route on time', () => {
    const problem: Problem = {
      matrix: line(0, 10, 20, 30),
      vehicles: [van()],
      shipments: [],
      jobs: [
        job('a', 1, { stop: { place: 1, service: 0, windows: [[0, 15]] } }),
        job('c', 3, { stop: { place: 3, service: 0, windows: [[0, 35]] } }),
        job('b', 2, { stop: { place: 2, service: 0, windows: [[0, 1000]] } }),
      ],
    };
    const inst = compile(problem);
    const route = new Route(inst, 0, new Int32Array(3), new Int32Array(3));
    expect(route.setNodes(Int32Array.from([-1, 0, 1, END]), 4)).toBe(true);
    // b between a and c: no detour on the line.
    expect(route.evalSingle(2, Infinity, new Random(1), 0)).toBe(0);
    expect(route.bestI).toBe(1);
    // With 5 s of service at b and c's window closing at 30, b before c makes c late: b goes after c, on the way
    // home (no detour either).
    const tight = compile({
      ...problem,
      jobs: [
        problem.jobs[0]!,
        job('c', 3, { stop: { place: 3, service: 0, windows: [[0, 30]] } }),
        job('b', 2, { stop: { place: 2, service: 5, windows: [] } }),
      ],
    });
    const late = new Route(tight, 0, new Int32Array(3), new Int32Array(3));
    expect(late.setNodes(Int32Array.from([-1, 0, 1, END]), 4)).toBe(true);
    expect(late.evalSingle(2, Infinity, new Random(1), 0)).toBe(0);
    expect(late.bestI).toBe(2);
  });
});

describe('builtInSolver', () => {
  it('solves in a worker thread, as the direct solve does, while the event loop keeps ticking', async () => {
    const problem = randomProblem(2);
    const options = { timeLimitMs: 10_000, iterations: 3000, seed: 4 };
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const started = performance.now();
    const fromWorker = await builtInSolver.solve(problem, options);
    const elapsed = performance.now() - started;
    clearInterval(timer);
    expect(checkSolution(problem, fromWorker)).toEqual([]);
    const direct = solve(problem, options);
    const strip = (s: Solution) => ({ ...s, summary: { ...s.summary, computingMs: 0 } });
    expect(strip(fromWorker)).toEqual(strip(direct));
    // The loop ran during the solve: at least a tick per 50 ms of it.
    expect(ticks).toBeGreaterThan(elapsed / 50);
  });

  it('rejects when the solve throws', async () => {
    const problem: Problem = { matrix: line(0, 10), vehicles: [van()], shipments: [], jobs: [job('a', 7)] };
    await expect(builtInSolver.solve(problem, OPTIONS)).rejects.toThrow(/place 7 is not in the matrix/);
  });
});
