import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkSolution } from './check-solution.js';
import type { Problem } from './model.js';
import { vroomSolver } from './vroom.js';

/*
 * There is no VROOM binary on this machine (and no internet to fetch one), so the adapter is tested against VROOM's
 * documented protocol (docs/API.md of VROOM-Project/vroom, served by vroom-express): a stand-in server checks each
 * input is well-formed as the document describes and answers a valid solution in VROOM's output format, found by a
 * plain greedy (each task, in input order, at the end of the first vehicle that can take it).
 */

type Pair = [number, number];
interface VStep {
  id: number;
  location_index: number;
  service: number;
  time_windows?: Pair[];
}
interface VJob extends VStep {
  delivery?: number[];
  pickup?: number[];
  skills?: number[];
  priority?: number;
}
interface VVehicle {
  id: number;
  start_index?: number;
  end_index?: number;
  capacity: number[];
  time_window: Pair;
  skills: number[];
  breaks?: { id: number; time_windows: Pair[]; service: number }[];
  costs?: { fixed: number };
}
interface VInput {
  vehicles: VVehicle[];
  jobs: VJob[];
  shipments: { pickup: VStep; delivery: VStep; amount: number[]; skills?: number[] }[];
  matrices: { car: { durations: number[][]; distances: number[][]; costs?: number[][] } };
  options?: { l?: number };
}

/** What the API document requires of an input; every breach in words. */
function breaches(input: VInput): string[] {
  const out: string[] = [];
  const int = (x: unknown, what: string, min = 0) => {
    if (!Number.isInteger(x) || (x as number) < min)
      out.push(`${what} is not an integer ≥ ${min}: ${String(x)}`);
  };
  const ints = (xs: unknown, what: string) =>
    Array.isArray(xs) ? xs.forEach((x, i) => int(x, `${what}[${i}]`)) : out.push(`${what} is not an array`);
  const square = (m: unknown, what: string) => {
    if (!Array.isArray(m)) return out.push(`${what} is missing`);
    m.forEach((row, i) =>
      Array.isArray(row) && row.length === m.length
        ? ints(row, `${what}[${i}]`)
        : out.push(`${what}[${i}] is not a row of ${m.length}`),
    );
  };
  const { car } = input.matrices;
  const n = car.durations.length;
  square(car.durations, 'durations');
  square(car.distances, 'distances');
  if (car.costs) square(car.costs, 'costs');
  const index = (x: unknown, what: string) => {
    int(x, what);
    if ((x as number) >= n) out.push(`${what} ${String(x)} is outside the matrices (${n})`);
  };
  const windows = (ws: Pair[] | undefined, what: string) =>
    ws?.forEach(([a, b], i) => {
      int(a, `${what}[${i}][0]`);
      int(b, `${what}[${i}][1]`);
      if (a > b) out.push(`${what}[${i}] ends before it starts`);
    });
  const unique = (ids: number[], what: string) => {
    ids.forEach((id, i) => int(id, `${what} id ${i}`));
    if (new Set(ids).size !== ids.length) out.push(`${what} ids are not unique`);
  };
  const dims = input.vehicles[0]?.capacity.length ?? 0;
  const amount = (a: number[] | undefined, what: string) => {
    if (a === undefined) return;
    ints(a, what);
    if (a.length !== dims) out.push(`${what} has ${a.length} dimensions, capacity ${dims}`);
  };
  unique(
    input.vehicles.map((v) => v.id),
    'vehicle',
  );
  for (const v of input.vehicles) {
    const what = `vehicle ${v.id}`;
    if (v.start_index === undefined && v.end_index === undefined)
      out.push(`${what} has neither start nor end`);
    if (v.start_index !== undefined) index(v.start_index, `${what} start_index`);
    if (v.end_index !== undefined) index(v.end_index, `${what} end_index`);
    amount(v.capacity, `${what} capacity`);
    windows([v.time_window], `${what} time_window`);
    ints(v.skills, `${what} skills`);
    v.breaks?.forEach((b) => {
      int(b.id, `${what} break id`);
      windows(b.time_windows, `${what} break time_windows`);
      int(b.service, `${what} break service`);
    });
    if (v.costs) int(v.costs.fixed, `${what} costs.fixed`);
  }
  const step = (s: VStep, what: string) => {
    index(s.location_index, `${what} location_index`);
    int(s.service, `${what} service`);
    windows(s.time_windows, `${what} time_windows`);
  };
  unique(
    input.jobs.map((j) => j.id),
    'job',
  );
  for (const j of input.jobs) {
    step(j, `job ${j.id}`);
    amount(j.delivery, `job ${j.id} delivery`);
    amount(j.pickup, `job ${j.id} pickup`);
    if (j.skills) ints(j.skills, `job ${j.id} skills`);
    if (j.priority !== undefined && (!Number.isInteger(j.priority) || j.priority > 100))
      out.push(`job ${j.id} priority is not in [0, 100]`);
  }
  unique(
    input.shipments.map((s) => s.pickup.id),
    'pickup',
  );
  unique(
    input.shipments.map((s) => s.delivery.id),
    'delivery',
  );
  for (const s of input.shipments) {
    step(s.pickup, `pickup ${s.pickup.id}`);
    step(s.delivery, `delivery ${s.delivery.id}`);
    amount(s.amount, `shipment ${s.pickup.id} amount`);
    if (s.skills) ints(s.skills, `shipment ${s.pickup.id} skills`);
  }
  return out;
}

/** One task as VROOM sees it in a route. */
interface VTask {
  type: 'job' | 'pickup' | 'delivery';
  id: number;
  step: VStep;
  skills: number[];
  pickup: number[];
  delivery: number[];
}

/** VROOM's answer for one vehicle doing these tasks in order, or undefined when that breaks a constraint. */
function simulate(v: VVehicle, durations: number[][], tasks: VTask[]) {
  const zero = v.capacity.map(() => 0);
  let load = tasks.reduce((l, t) => (t.type === 'job' ? l.map((x, d) => x + t.delivery[d]!) : l), zero);
  const fits = () => load.every((x, d) => x <= v.capacity[d]!);
  if (!fits()) return undefined;
  let clock = v.time_window[0];
  let place = v.start_index;
  let travelled = 0;
  let waiting = 0;
  let service = 0;
  const steps: Record<string, unknown>[] = [];
  const base = { setup: 0, violations: [] };
  if (place !== undefined)
    steps.push({
      type: 'start',
      location_index: place,
      arrival: clock,
      duration: 0,
      service: 0,
      waiting_time: 0,
      load,
    });
  const brk = v.breaks?.[0];
  let broke = false;
  const takeBreak = () => {
    const start = Math.max(clock, brk!.time_windows[0]![0]);
    if (start > brk!.time_windows[0]![1]) return false;
    steps.push({
      ...base,
      type: 'break',
      id: brk!.id,
      arrival: clock,
      duration: travelled,
      service: brk!.service,
      waiting_time: start - clock,
      load,
    });
    waiting += start - clock;
    clock = start + brk!.service;
    broke = true;
    return true;
  };
  const travel = (to: number) => (place === undefined ? 0 : durations[place]![to]!);
  for (const t of tasks) {
    if (!t.skills.every((s) => v.skills.includes(s))) return undefined;
    if (brk && !broke && clock + travel(t.step.location_index) > brk.time_windows[0]![0] && !takeBreak())
      return undefined;
    travelled += travel(t.step.location_index);
    const arrival = clock + travel(t.step.location_index);
    const window = (t.step.time_windows ?? [[0, Infinity] as Pair]).find(([, b]) => b >= arrival);
    if (!window) return undefined;
    const start = Math.max(arrival, window[0]);
    load = load.map((x, d) => x + t.pickup[d]! - t.delivery[d]!);
    if (!fits()) return undefined;
    steps.push({
      ...base,
      type: t.type,
      id: t.id,
      location_index: t.step.location_index,
      arrival,
      duration: travelled,
      service: t.step.service,
      waiting_time: start - arrival,
      load,
    });
    waiting += start - arrival;
    service += t.step.service;
    clock = start + t.step.service;
    place = t.step.location_index;
  }
  if (brk && !broke && !takeBreak()) return undefined;
  if (v.end_index !== undefined) {
    travelled += travel(v.end_index);
    clock += travel(v.end_index);
    steps.push({ type: 'end', location_index: v.end_index, arrival: clock, duration: travelled, load });
  }
  if (clock > v.time_window[1]) return undefined;
  return {
    vehicle: v.id,
    steps,
    cost: travelled,
    duration: travelled,
    waiting_time: waiting,
    service,
    setup: 0,
  };
}

/** A valid answer: each task (a shipment's two together) at the end of the first vehicle that can take it. */
function greedy(input: VInput) {
  const { durations } = input.matrices.car;
  const zero = input.vehicles[0]?.capacity.map(() => 0) ?? [];
  const units: VTask[][] = [
    ...input.jobs.map((j) => [
      {
        type: 'job' as const,
        id: j.id,
        step: j,
        skills: j.skills ?? [],
        pickup: j.pickup ?? zero,
        delivery: j.delivery ?? zero,
      },
    ]),
    ...input.shipments.map((s) => [
      {
        type: 'pickup' as const,
        id: s.pickup.id,
        step: s.pickup,
        skills: s.skills ?? [],
        pickup: s.amount,
        delivery: zero,
      },
      {
        type: 'delivery' as const,
        id: s.delivery.id,
        step: s.delivery,
        skills: s.skills ?? [],
        pickup: zero,
        delivery: s.amount,
      },
    ]),
  ];
  const plans = input.vehicles.map(() => [] as VTask[]);
  const unassigned: { id: number; type: string }[] = [];
  for (const unit of units) {
    const k = input.vehicles.findIndex((v, i) => simulate(v, durations, [...plans[i]!, ...unit]));
    if (k < 0) unassigned.push(...unit.map((t) => ({ id: t.id, type: t.type })));
    else plans[k]!.push(...unit);
  }
  const routes = input.vehicles.flatMap((v, i) =>
    plans[i]!.length ? [simulate(v, durations, plans[i]!)!] : [],
  );
  const sum = (key: 'cost' | 'duration' | 'waiting_time' | 'service') =>
    routes.reduce((s, r) => s + r[key], 0);
  return {
    code: 0,
    summary: {
      cost: sum('cost'),
      routes: routes.length,
      unassigned: unassigned.length,
      setup: 0,
      service: sum('service'),
      duration: sum('duration'),
      waiting_time: sum('waiting_time'),
      priority: 0,
      violations: [],
      computing_times: { loading: 1, solving: 1 },
    },
    unassigned,
    routes,
  };
}

function fakeVroom() {
  const state = {
    mode: 'ok' as 'ok' | 'refuse' | 'crash' | 'fail' | 'slow',
    url: '',
    inputs: [] as VInput[],
  };
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const json = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (state.mode === 'slow') return;
      if (state.mode === 'fail') return void res.writeHead(500).end('Internal Server Error');
      // As vroom-express answers VROOM's input (2) and internal (1) errors.
      if (state.mode === 'refuse') return json(400, { code: 2, error: 'Invalid shipment.' });
      if (state.mode === 'crash') return json(500, { code: 1, error: 'Internal error' });
      const input = JSON.parse(text) as VInput;
      state.inputs.push(input);
      const wrong = req.method === 'POST' ? breaches(input) : ['not a POST'];
      if (wrong.length) return json(400, { code: 2, error: wrong.join('; ') });
      json(200, greedy(input));
    });
  });
  return {
    state,
    async start() {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    },
    stop() {
      server.closeAllConnections();
      server.close();
    },
  };
}

/**
 * Six places in a line; leaving towards a higher index costs 10 s more than coming back (so a transposed matrix
 * shows), and distances differ from durations. Vehicle a has a break and a fixed cost; b ends where it stops; c has
 * neither start nor end. j-pick may go on b or c only; s2 on c only; j-heavy fits nobody; j-nobody names no vehicle of
 * the plan; j-late's window closes before anyone can get there.
 */
function problem(): Problem {
  const size = 6;
  const durations: number[] = [];
  const distances: number[] = [];
  for (let i = 0; i < size; i++)
    for (let j = 0; j < size; j++) {
      durations.push(Math.abs(i - j) * 100 + (i < j ? 10 : 0));
      distances.push(Math.abs(i - j) * 1000 + (i === j ? 0 : i));
    }
  const stop = (place: number, service = 60, windows: [number, number][] = []) => ({
    place,
    service,
    windows,
  });
  return {
    matrix: { size, durations, distances },
    units: ['kg', 'L'],
    vehicles: [
      {
        id: 'a',
        start: 0,
        end: 0,
        shift: [0, 20_000],
        capacity: [10, 5],
        break: { window: [1000, 5000], duration: 600 },
        fixedCost: 100,
      },
      { id: 'b', start: 0, shift: [0, 20_000], capacity: [8, 5] },
      { id: 'c', shift: [3000, 20_000], capacity: [10, 10] },
    ],
    jobs: [
      { id: 'j-del', kind: 'delivery', stop: stop(2, 120, [[500, 4000]]), amount: [3, 1] },
      { id: 'j-pick', kind: 'pickup', stop: stop(3), amount: [2, 1], vehicles: ['b', 'c'] },
      { id: 'j-heavy', kind: 'delivery', stop: stop(4), amount: [50, 0] },
      { id: 'j-nobody', kind: 'pickup', stop: stop(1), amount: [1, 1], vehicles: ['z'] },
      { id: 'j-late', kind: 'delivery', stop: stop(5, 60, [[100, 200]]), amount: [1, 0] },
    ],
    shipments: [
      { id: 's1', pickup: stop(1), delivery: stop(4, 60, [[0, 10_000]]), amount: [5, 2] },
      { id: 's2', pickup: stop(2), delivery: stop(5), amount: [1, 1], vehicles: ['c'] },
    ],
  };
}

const options = { timeLimitMs: 2000 };

describe('vroomSolver', () => {
  const vroom = fakeVroom();
  beforeAll(() => vroom.start());
  afterAll(() => vroom.stop());
  beforeEach(() => {
    vroom.state.mode = 'ok';
    vroom.state.inputs = [];
  });

  it("sends VROOM's documented input and reads its answer into a valid solution", async () => {
    const p = problem();
    const solution = await vroomSolver({ url: vroom.state.url }).solve(p, options);
    expect(checkSolution(p, solution)).toEqual([]);

    const input = vroom.state.inputs[0]!;
    // Vehicle c has neither start nor end: it starts at an extra place, nowhere (no time or distance to anything).
    expect(input.matrices.car.durations).toHaveLength(7);
    expect(input.matrices.car.durations[6]).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(input.matrices.car.durations[1]![2]).toBe(110);
    expect(input.matrices.car.costs).toBeUndefined();
    expect(input.vehicles.map((v) => [v.id, v.start_index, v.end_index])).toEqual([
      [1, 0, 0],
      [2, 0, undefined],
      [3, 6, undefined],
    ]);
    expect(input.vehicles[0]).toMatchObject({
      breaks: [{ id: 1, time_windows: [[1000, 5000]], service: 600 }],
      costs: { fixed: 100 },
    });
    expect(input.options).toEqual({ l: 2 });
    // One skill per list of allowed vehicles: j-pick's is held by b and c, s2's by c alone; j-nobody is not sent.
    const pick = input.jobs.find((j) => j.location_index === 3)!;
    const s2 = input.shipments.find((s) => s.pickup.location_index === 2)!;
    expect(input.vehicles.map((v) => v.skills)).toEqual([[], pick.skills, [...pick.skills!, ...s2.skills!]]);
    expect(input.jobs).toHaveLength(4);

    expect(solution.routes.map((r) => [r.vehicle, r.steps.map((s) => ('id' in s ? s.id : s.type))])).toEqual([
      ['a', ['start', 'j-del', 's1', 'break', 's1', 'end']],
      ['b', ['start', 'j-pick']],
      ['c', ['s2', 's2']],
    ]);
    expect(solution.unassigned).toEqual([
      { id: 'j-nobody', of: 'job', reason: 'None of the vehicles it may go on (z) is in the plan.' },
      { id: 'j-heavy', of: 'job', reason: 'No vehicle can carry 50 kg; the largest takes 10 kg.' },
      { id: 'j-late', of: 'job', reason: 'VROOM left it unassigned (no feasible route found).' },
    ]);
    // Vehicle a leaves the depot as late as its first stop's window allows (it opens at 500 s, 210 s away); c
    // arrives at its first stop when its shift opens.
    expect(solution.routes[0]!.steps.slice(0, 2)).toMatchObject([
      { type: 'start', arrival: 290, departure: 290 },
      { id: 'j-del', arrival: 500, start: 500, waiting: 0 },
    ]);
    expect(solution.routes[2]!.steps[0]).toMatchObject({ arrival: 3000, start: 3000, waiting: 0 });
  });

  it('minimises distance through the costs matrix when the objective is distance', async () => {
    const p = { ...problem(), objective: 'distance' as const };
    const solution = await vroomSolver({ url: vroom.state.url }).solve(p, options);
    expect(checkSolution(p, solution)).toEqual([]);
    const { car } = vroom.state.inputs[0]!.matrices;
    expect(car.costs).toEqual(car.distances);
    expect(car.distances[2]![1]).toBe(1002);
  });

  it('keeps locked stops first, and lets VROOM plan the rest of the day from where they end', async () => {
    const p = problem();
    p.vehicles[1]!.locked = [{ type: 'pickup', shipment: 's1' }];
    const solution = await vroomSolver({ url: vroom.state.url }).solve(p, options);
    expect(checkSolution(p, solution)).toEqual([]);
    const input = vroom.state.inputs[0]!;
    // b is sent starting at s1's pickup (place 1) when it is done there (110 s of travel, 60 s of service), with
    // s1's delivery as a delivery only b may take, first among its tasks to keep.
    expect(input.vehicles[1]).toMatchObject({ start_index: 1, time_window: [170, 20_000], capacity: [8, 5] });
    expect(input.shipments).toHaveLength(1);
    const open = input.jobs.find((j) => j.location_index === 4 && j.priority === 100)!;
    expect(open).toMatchObject({ delivery: [5, 2], time_windows: [[0, 10_000]] });
    expect(input.vehicles.filter((v) => v.skills.includes(open.skills![0]!)).map((v) => v.id)).toEqual([2]);
    const b = solution.routes.find((r) => r.vehicle === 'b')!;
    expect(b.steps.slice(0, 2).map((s) => ('id' in s ? `${s.type} ${s.id}` : s.type))).toEqual([
      'start',
      'pickup s1',
    ]);
  });

  it('keeps locked stops that break a constraint as given, adds nothing to that vehicle, and warns', async () => {
    const p = problem();
    p.vehicles[1]!.locked = [{ type: 'job', job: 'j-late' }];
    const solution = await vroomSolver({ url: vroom.state.url }).solve(p, options);
    expect(solution.warnings).toEqual([
      "Vehicle b's locked steps cannot all be kept in their windows, its shift, break and capacity; they were kept as given and nothing was added to its route.",
    ]);
    expect(checkSolution(p, solution)).toEqual([
      'Vehicle "b", step 2 (delivery of job "j-late"): service starts at 510 s, outside its windows 100–200 s.',
    ]);
    // b is not sent: j-pick, which b or c may take, goes to c.
    expect(vroom.state.inputs[0]!.vehicles).toHaveLength(2);
    expect(
      solution.routes.find((r) => r.vehicle === 'c')!.steps.map((s) => ('id' in s ? s.id : s.type)),
    ).toEqual(['j-pick', 's2', 's2']);
  });

  it('leaves out a locked delivery without its pickup, with a warning', async () => {
    const p = problem();
    p.vehicles[1]!.locked = [{ type: 'delivery', shipment: 's1' }];
    const solution = await vroomSolver({ url: vroom.state.url }).solve(p, options);
    expect(solution.warnings).toEqual([
      'Vehicle b locks the delivery of shipment s1 without its pickup before it; it was left out.',
    ]);
    expect(checkSolution(p, solution)).toEqual([
      expect.stringContaining('Vehicle "b": its stop 1 should be the locked delivery of shipment "s1"'),
    ]);
  });

  it("unassigns a shipment whose locked pickup's delivery fits nowhere after it, with a warning", async () => {
    const p = problem();
    p.vehicles[1]!.locked = [{ type: 'pickup', shipment: 's1' }];
    p.shipments[0]!.delivery.windows = [[0, 100]];
    const solution = await vroomSolver({ url: vroom.state.url }).solve(p, options);
    expect(solution.unassigned).toContainEqual({
      id: 's1',
      of: 'shipment',
      reason: "Its delivery fits nowhere on vehicle b's route after the locked steps, its pickup among them.",
    });
    expect(solution.warnings).toEqual([
      'Vehicle b carries shipment s1 from its locked pickup to the end, with no delivery.',
    ]);
    expect(solution.routes.find((r) => r.vehicle === 'b')!.steps[1]).toMatchObject({
      type: 'pickup',
      id: 's1',
    });
  });

  it('does not call VROOM when there is nothing to plan', async () => {
    const p = { ...problem(), vehicles: [] };
    const solution = await vroomSolver({ url: vroom.state.url }).solve(p, options);
    expect(checkSolution(p, solution)).toEqual([]);
    expect(solution.unassigned.map((u) => [u.id, u.reason])).toEqual([
      ['j-del', 'No vehicle may take it.'],
      ['j-pick', 'None of the vehicles it may go on (b, c) is in the plan.'],
      ['j-heavy', 'No vehicle may take it.'],
      ['j-nobody', 'None of the vehicles it may go on (z) is in the plan.'],
      ['j-late', 'No vehicle may take it.'],
      ['s1', 'No vehicle may take it.'],
      ['s2', 'None of the vehicles it may go on (c) is in the plan.'],
    ]);
    expect(vroom.state.inputs).toEqual([]);
  });

  it('says what went wrong when VROOM refuses, fails or is too slow', async () => {
    vroom.state.mode = 'refuse';
    await expect(vroomSolver({ url: vroom.state.url }).solve(problem(), options)).rejects.toThrow(
      'The route optimiser (VROOM) refused the problem: Invalid shipment.',
    );
    vroom.state.mode = 'crash';
    await expect(vroomSolver({ url: vroom.state.url }).solve(problem(), options)).rejects.toThrow(
      'The route optimiser (VROOM) failed: Internal error',
    );
    vroom.state.mode = 'fail';
    await expect(vroomSolver({ url: vroom.state.url }).solve(problem(), options)).rejects.toThrow(
      'The route optimiser (VROOM) answered HTTP 500.',
    );
    vroom.state.mode = 'slow';
    await expect(
      vroomSolver({ url: vroom.state.url, timeoutMs: 300 }).solve(problem(), options),
    ).rejects.toThrow('The route optimiser (VROOM) did not answer within 0.3 s.');
  });
});
