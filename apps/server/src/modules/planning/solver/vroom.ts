import type {
  Job,
  Matrix,
  Problem,
  Route,
  RouteSolver,
  RouteStep,
  Shipment,
  Solution,
  Stop,
  TimeWindow,
  Unassigned,
  Vehicle,
} from './model.js';

/**
 * VROOM over HTTP (vroom-express), the optional engine (issue 35), speaking its documented API
 * (https://github.com/VROOM-Project/vroom/blob/master/docs/API.md). How our problem maps onto it:
 *
 * - Ids: VROOM wants integers, so vehicles are numbered 1… in order and tasks 1… with one number per job and two
 *   per shipment (its pickup, then its delivery), unique across all of them so that an answer's id alone names the
 *   task whatever VROOM's version says of its type.
 * - Matrices: VROOM takes whole numbers. Durations, services and the opening of windows and shifts are rounded up
 *   and their closing rounded down, so that what VROOM finds feasible stays feasible on the exact matrix; distances
 *   are rounded. The answer's times are not taken as they are: the order VROOM chose is rescheduled on our own
 *   matrix (as early as the windows allow, leaving the start place as late as the first stop allows), so a plan's
 *   times and totals always agree with the matrix it was solved on.
 * - Eligibility (`vehicles` lists): VROOM's skills mean "the vehicle must have all of the task's skills", which
 *   cannot say "any one of these vehicles" with one skill per vehicle. So each distinct list of vehicles gets one
 *   skill, held by exactly the vehicles on it; a task needs that one skill. Tasks no vehicle may take are not sent.
 * - Objective: by duration, VROOM's default cost (travel time) is right; by distance, the distances are also given
 *   as the `costs` matrix. A vehicle's fixed cost is `costs.fixed`.
 * - Locked steps: VROOM's vehicle `steps` only seed its search (it may reorder or move them), so they cannot keep
 *   work under way in place. The locked stops are scheduled here instead, and VROOM plans the rest of that
 *   vehicle's day from where and when they end, with what they leave on board: a shipment picked up there but not
 *   delivered becomes a delivery only that vehicle may take, and the vehicle's capacity shrinks by what the locked
 *   stops keep on board. As in the built-in solver, locked steps that break a constraint themselves are kept as
 *   given with nothing added to that vehicle (it is not sent), and `warnings` says so; a locked step naming nothing,
 *   doubled, or delivering what was not picked up before it is left out with a warning.
 * - A vehicle with neither start nor end place (VROOM needs one of them) starts at an extra place of the matrix
 *   that is nowhere: no time or distance to or from anything.
 * - Breaks: one VROOM break with the vehicle's window and duration.
 * - Unassigned: VROOM gives no reason, so one is inferred where the data makes it obvious (no vehicle allowed, too
 *   large for every allowed vehicle), else "VROOM left it unassigned (no feasible route found)".
 */
export function vroomSolver(opts: {
  /** The vroom-express endpoint, e.g. http://vroom:3000/ (the problem is POSTed to it). */
  url: string;
  /**
   * How long to wait for the answer (default 30 s), to be set above the solves' time limit: VROOM is asked to stop
   * searching at that limit (option `l`, which vroom-express passes on when its `override` setting is on).
   */
  timeoutMs?: number;
}): RouteSolver {
  const timeoutMs = opts.timeoutMs ?? 30_000;
  return {
    name: 'vroom',
    async solve(problem, options) {
      const began = Date.now();
      const input = buildInput(problem);
      const answer =
        input.body.jobs.length + input.body.shipments.length > 0
          ? await post(opts.url, { ...input.body, options: { l: options.timeLimitMs / 1000 } }, timeoutMs)
          : { routes: [] };
      return readAnswer(problem, input, answer, Date.now() - began);
    },
  };
}

/** A visit on a route: a stop of a job or of a shipment, or the break. */
type Visit =
  | { of: 'job'; job: Job }
  | { of: 'shipment'; shipment: Shipment; type: 'pickup' | 'delivery' }
  | { of: 'break' };
type StopVisit = Exclude<Visit, { of: 'break' }>;

const stopOf = (v: StopVisit): Stop => (v.of === 'job' ? v.job.stop : v.shipment[v.type]);
const typeOf = (v: StopVisit) => (v.of === 'job' ? v.job.kind : v.type);
const idOf = (v: StopVisit) => (v.of === 'job' ? v.job.id : v.shipment.id);
const amountOf = (v: StopVisit) => (v.of === 'job' ? v.job.amount : v.shipment.amount);
const keyOf = (of: 'job' | 'shipment', id: string) => `${of}:${id}`;

/** The service start at or after `arrival` in the first window still open, or undefined when all have closed. */
function serviceStart(windows: readonly TimeWindow[], arrival: number): number | undefined {
  if (windows.length === 0) return arrival;
  const open = windows.find(([, close]) => close >= arrival);
  return open && Math.max(arrival, open[0]);
}

/**
 * Times, loads and totals of a vehicle's visits in this order, each as early as its window allows (late when none
 * is still open, for the caller to notice). The start place is left as late as the first visit allows, so the
 * driver waits at the depot rather than at the first door. A route with no start place begins at its first stop,
 * arriving there when service may start.
 */
function schedule(matrix: Matrix, vehicle: Vehicle, visits: readonly Visit[]): Route {
  const { size, durations, distances } = matrix;
  const route: Route = { vehicle: vehicle.id, steps: [], distance: 0, duration: 0, waiting: 0, service: 0 };
  let load = vehicle.capacity.map(() => 0);
  for (const v of visits)
    if (v.of === 'job' && v.job.kind === 'delivery') load = load.map((x, d) => x + (v.job.amount[d] ?? 0));
  let place = vehicle.start;
  let clock = vehicle.shift[0];
  const travel = (to: number) => {
    if (place === undefined) return 0;
    route.distance += distances[place * size + to]!;
    route.duration += durations[place * size + to]!;
    return durations[place * size + to]!;
  };
  if (place !== undefined)
    route.steps.push({ type: 'start', place, arrival: clock, departure: clock, load: [...load] });
  for (const v of visits) {
    if (v.of === 'break') {
      const { window, duration } = vehicle.break!;
      const start = Math.max(clock, window[0]);
      route.steps.push({
        type: 'break',
        arrival: clock,
        start,
        departure: start + duration,
        load: [...load],
      });
      route.waiting += start - clock;
      clock = start + duration;
      continue;
    }
    const stop = stopOf(v);
    const first = place === undefined;
    let arrival = clock + travel(stop.place);
    const start = serviceStart(stop.windows, arrival) ?? arrival;
    if (first) arrival = start;
    const sign = typeOf(v) === 'pickup' ? 1 : -1;
    load = load.map((x, d) => x + sign * (amountOf(v)[d] ?? 0));
    route.steps.push({
      type: typeOf(v),
      id: idOf(v),
      of: v.of,
      place: stop.place,
      arrival,
      start,
      departure: start + stop.service,
      waiting: start - arrival,
      load: [...load],
    });
    route.waiting += start - arrival;
    route.service += stop.service;
    clock = start + stop.service;
    place = stop.place;
  }
  if (vehicle.end !== undefined) {
    const arrival = clock + travel(vehicle.end);
    route.steps.push({ type: 'end', place: vehicle.end, arrival, departure: arrival, load: [...load] });
  }
  const [first, next] = route.steps;
  if (first?.type === 'start' && next && 'start' in next && next.start > next.arrival) {
    const delay = next.start - next.arrival;
    first.arrival += delay;
    first.departure += delay;
    next.arrival += delay;
    if ('waiting' in next) next.waiting = 0;
    route.waiting -= delay;
  }
  return route;
}

/** A vehicle's locked stops, scheduled: where and when they leave it, and what they leave on board. */
interface Prefix {
  visits: StopVisit[];
  place: number;
  time: number;
  /** Shipments picked up in the locked stops and not delivered there. */
  open: Shipment[];
  /** What VROOM may still load (see {@link lockedPrefix}). */
  capacity: number[];
  /** The locked stops break a constraint themselves: they are kept as given and nothing is added to the route. */
  frozen: boolean;
}

/**
 * Schedules a vehicle's locked stops, leaving out (with a warning) a step that names nothing in the problem, is
 * already locked on another vehicle, or delivers a shipment not picked up before it on this one.
 *
 * Their load at each point is what they carry (delivery jobs among them from the start, pickups until delivered or
 * to the end); VROOM will add its own deliveries on top, from the start, and the open shipments it is given as
 * deliveries. So VROOM's capacity is the vehicle's less the most the locked stops carry beyond the open shipments
 * at any point, which keeps both the locked part and VROOM's within capacity.
 */
function lockedPrefix(
  problem: Problem,
  vehicle: Vehicle,
  taken: Map<string, string>,
  warnings: string[],
): Prefix | undefined {
  const name = `Vehicle ${vehicle.id}`;
  const picked = new Set<string>();
  const visits = (vehicle.locked ?? []).flatMap((locked): StopVisit[] => {
    const what =
      locked.type === 'job' ? `job ${locked.job}` : `the ${locked.type} of shipment ${locked.shipment}`;
    const visit: StopVisit | undefined =
      locked.type === 'job'
        ? mapDefined(
            problem.jobs.find((j) => j.id === locked.job),
            (job) => ({ of: 'job', job }),
          )
        : mapDefined(
            problem.shipments.find((s) => s.id === locked.shipment),
            (shipment) => ({
              of: 'shipment',
              shipment,
              type: locked.type,
            }),
          );
    if (!visit) {
      warnings.push(`${name}'s locked step, ${what}, is not in the problem; it was left out.`);
      return [];
    }
    const key = `${keyOf(visit.of, idOf(visit))}:${typeOf(visit)}`;
    const other = taken.get(key);
    if (other !== undefined) {
      warnings.push(`${name} locks ${what}, already locked on vehicle ${other}; it was left out.`);
      return [];
    }
    if (visit.of === 'shipment' && visit.type === 'delivery' && !picked.has(visit.shipment.id)) {
      warnings.push(`${name} locks ${what} without its pickup before it; it was left out.`);
      return [];
    }
    taken.set(key, vehicle.id);
    if (visit.of === 'shipment' && visit.type === 'pickup') picked.add(visit.shipment.id);
    return [visit];
  });
  if (visits.length === 0) return undefined;

  const { matrix } = problem;
  const route = schedule(matrix, { ...vehicle, end: undefined }, visits);
  const stops = route.steps.filter((s): s is Extract<RouteStep, { of: string }> => 'of' in s);
  const last = stops[stops.length - 1]!;
  const delivered = new Set(
    visits.flatMap((v) => (v.of === 'shipment' && v.type === 'delivery' ? [v.shipment.id] : [])),
  );
  const open = problem.shipments.filter((s) => picked.has(s.id) && !delivered.has(s.id));
  const openLoad = vehicle.capacity.map((_, d) => open.reduce((sum, s) => sum + (s.amount[d] ?? 0), 0));
  const initial = vehicle.capacity.map((_, d) =>
    visits.reduce(
      (sum, v) => sum + (v.of === 'job' && v.job.kind === 'delivery' ? (v.job.amount[d] ?? 0) : 0),
      0,
    ),
  );
  const loads = [initial, ...stops.map((s) => s.load)];
  const capacity = vehicle.capacity.map(
    (c, d) => c - Math.max(...loads.map((load) => load[d]! - openLoad[d]!)),
  );

  const back =
    vehicle.end === undefined
      ? last.departure
      : last.departure + matrix.durations[last.place * matrix.size + vehicle.end]!;
  const frozen =
    stops.some((step, k) => {
      const { windows } = stopOf(visits[k]!);
      return windows.length > 0 && !windows.some(([a, b]) => a <= step.start && step.start <= b);
    }) ||
    loads.some((load) => load.some((x, d) => x > vehicle.capacity[d]!)) ||
    back > vehicle.shift[1] ||
    (vehicle.break !== undefined && last.departure > vehicle.break.window[1]);
  if (frozen)
    warnings.push(
      `${name}'s locked steps cannot all be kept in their windows, its shift, break and capacity; ` +
        'they were kept as given and nothing was added to its route.',
    );
  return { visits, place: last.place, time: last.departure, open, capacity, frozen };
}

function mapDefined<T, U>(value: T | undefined, f: (value: T) => U): U | undefined {
  return value === undefined ? undefined : f(value);
}

// VROOM's input (the parts used here).
interface VroomStep {
  id: number;
  location_index: number;
  service: number;
  time_windows?: [number, number][];
}
interface VroomJob extends VroomStep {
  delivery?: number[];
  pickup?: number[];
  skills?: number[];
  priority?: number;
}
interface VroomShipment {
  pickup: VroomStep;
  delivery: VroomStep;
  amount: number[];
  skills?: number[];
}
interface VroomVehicle {
  id: number;
  start_index?: number;
  end_index?: number;
  capacity: number[];
  time_window: [number, number];
  skills: number[];
  breaks?: { id: number; time_windows: [number, number][]; service: number }[];
  costs?: { fixed: number };
}
interface VroomInput {
  vehicles: VroomVehicle[];
  jobs: VroomJob[];
  shipments: VroomShipment[];
  matrices: { car: { durations: number[][]; distances: number[][]; costs?: number[][] } };
}

/** What a VROOM task id stands for. */
type Task =
  | { of: 'job'; job: Job }
  | { of: 'shipment'; shipment: Shipment; type: 'pickup' | 'delivery' }
  /** The delivery of a shipment whose pickup is locked on `vehicle`. */
  | { of: 'open'; shipment: Shipment; vehicle: Vehicle };

interface BuiltInput {
  body: VroomInput;
  /** The vehicles sent, in VROOM's numbering from 1 (those with frozen locked steps are not sent). */
  sent: Vehicle[];
  tasks: Map<number, Task>;
  prefixes: Map<string, Prefix>;
  /** Jobs and shipments not sent: no vehicle sent may take them, or their locked pickup's route is frozen. */
  unsent: Unassigned[];
  warnings: string[];
}

function buildInput(problem: Problem): BuiltInput {
  const { matrix } = problem;
  const warnings: string[] = [];
  const taken = new Map<string, string>();
  const prefixes = new Map<string, Prefix>();
  /** The vehicle whose locked steps hold each job or shipment. */
  const holder = new Map<string, Vehicle>();
  for (const vehicle of problem.vehicles) {
    const prefix = lockedPrefix(problem, vehicle, taken, warnings);
    if (!prefix) continue;
    prefixes.set(vehicle.id, prefix);
    for (const v of prefix.visits) holder.set(keyOf(v.of, idOf(v)), vehicle);
  }
  const sent = problem.vehicles.filter((v) => !prefixes.get(v.id)?.frozen);

  // One skill per distinct list of allowed vehicles (see vroomSolver).
  const skills = new Map<string, number>();
  const vehicleSkills = new Map<string, number[]>(sent.map((v) => [v.id, []]));
  const skillFor = (allowed: readonly string[]): number[] => {
    const key = [...new Set(allowed)]
      .filter((id) => vehicleSkills.has(id))
      .sort()
      .join('\n');
    let skill = skills.get(key);
    if (skill === undefined) {
      skill = skills.size + 1;
      skills.set(key, skill);
      for (const id of key.split('\n')) vehicleSkills.get(id)?.push(skill);
    }
    return [skill];
  };
  const sendable = (allowed: readonly string[] | undefined) =>
    sent.length > 0 && (allowed === undefined || allowed.some((id) => vehicleSkills.has(id)));

  const tasks = new Map<number, Task>();
  const unsent: Unassigned[] = [];
  const jobs: VroomJob[] = [];
  const shipments: VroomShipment[] = [];
  const step = (id: number, stop: Stop): VroomStep => ({
    id,
    location_index: stop.place,
    service: Math.ceil(stop.service),
    ...windows(stop.windows),
  });
  const dimensions = problem.vehicles[0]?.capacity.length ?? 0;
  const amount = (a: readonly number[]) =>
    Array.from({ length: dimensions }, (_, d) => Math.round(a[d] ?? 0));
  let next = 1;
  for (const job of problem.jobs) {
    if (holder.has(keyOf('job', job.id))) continue;
    if (!sendable(job.vehicles)) {
      unsent.push({ id: job.id, of: 'job', reason: reasonFor(problem, job) });
      continue;
    }
    tasks.set(next, { of: 'job', job });
    jobs.push({
      ...step(next++, job.stop),
      ...(job.kind === 'pickup' ? { pickup: amount(job.amount) } : { delivery: amount(job.amount) }),
      ...(job.vehicles && { skills: skillFor(job.vehicles) }),
    });
  }
  for (const shipment of problem.shipments) {
    const vehicle = holder.get(keyOf('shipment', shipment.id));
    if (vehicle) {
      const prefix = prefixes.get(vehicle.id)!;
      if (!prefix.open.includes(shipment)) continue;
      if (prefix.frozen) {
        unsent.push({ id: shipment.id, of: 'shipment', reason: openReason(vehicle, true) });
        warnings.push(openWarning(vehicle, shipment));
        continue;
      }
      tasks.set(next, { of: 'open', shipment, vehicle });
      jobs.push({
        ...step(next++, shipment.delivery),
        delivery: amount(shipment.amount),
        skills: skillFor([vehicle.id]),
        priority: 100,
      });
      continue;
    }
    if (!sendable(shipment.vehicles)) {
      unsent.push({ id: shipment.id, of: 'shipment', reason: reasonFor(problem, shipment) });
      continue;
    }
    tasks.set(next, { of: 'shipment', shipment, type: 'pickup' });
    tasks.set(next + 1, { of: 'shipment', shipment, type: 'delivery' });
    shipments.push({
      pickup: step(next, shipment.pickup),
      delivery: step(next + 1, shipment.delivery),
      amount: amount(shipment.amount),
      ...(shipment.vehicles && { skills: skillFor(shipment.vehicles) }),
    });
    next += 2;
  }

  // The place that is nowhere, for vehicles with neither start nor end (nor locked stops to start from).
  const nowhere = matrix.size;
  let needsNowhere = false;
  const vehicles = sent.map((vehicle, i): VroomVehicle => {
    const prefix = prefixes.get(vehicle.id);
    let start = prefix ? prefix.place : vehicle.start;
    if (start === undefined && vehicle.end === undefined) {
      start = nowhere;
      needsNowhere = true;
    }
    return {
      id: i + 1,
      ...(start !== undefined && { start_index: start }),
      ...(vehicle.end !== undefined && { end_index: vehicle.end }),
      capacity: (prefix?.capacity ?? vehicle.capacity).map((c) => Math.floor(c)),
      time_window: [Math.ceil(prefix?.time ?? vehicle.shift[0]), Math.floor(vehicle.shift[1])],
      skills: vehicleSkills.get(vehicle.id)!,
      ...(vehicle.break && {
        breaks: [
          {
            id: 1,
            time_windows: [[Math.ceil(vehicle.break.window[0]), Math.floor(vehicle.break.window[1])]],
            service: Math.ceil(vehicle.break.duration),
          },
        ],
      }),
      ...(vehicle.fixedCost !== undefined && { costs: { fixed: Math.round(vehicle.fixedCost) } }),
    };
  });

  const size = matrix.size + (needsNowhere ? 1 : 0);
  const table = (values: ArrayLike<number>, round: (x: number) => number) =>
    Array.from({ length: size }, (_, from) =>
      Array.from({ length: size }, (_, to) =>
        from < matrix.size && to < matrix.size ? round(values[from * matrix.size + to]!) : 0,
      ),
    );
  const distances = table(matrix.distances, Math.round);
  const body: VroomInput = {
    vehicles,
    jobs,
    shipments,
    matrices: {
      car: {
        durations: table(matrix.durations, Math.ceil),
        distances,
        ...(problem.objective === 'distance' && { costs: distances }),
      },
    },
  };
  return { body, sent, tasks, prefixes, unsent, warnings };
}

/** VROOM's `time_windows`, whole seconds inside ours; absent when any time will do. */
function windows(ws: readonly TimeWindow[]): { time_windows?: [number, number][] } {
  if (ws.length === 0) return {};
  return { time_windows: ws.map(([a, b]): [number, number] => [Math.ceil(a), Math.floor(b)]) };
}

/**
 * Why a job or shipment is left out, in the dispatcher's words (the built-in solver's where the data shows it):
 * no vehicle may take it, none can carry it, else VROOM found no room for it.
 */
function reasonFor(problem: Problem, task: Job | Shipment): string {
  const allowed = problem.vehicles.filter((v) => !task.vehicles || task.vehicles.includes(v.id));
  if (allowed.length === 0)
    return task.vehicles?.length
      ? `None of the vehicles it may go on (${task.vehicles.join(', ')}) is in the plan.`
      : 'No vehicle may take it.';
  const amount = (d: number) => task.amount[d] ?? 0;
  if (!allowed.some((v) => v.capacity.every((c, d) => amount(d) <= c))) {
    const quantity = (x: number, d: number) =>
      problem.units?.[d] ? `${x} ${problem.units[d]}` : `${x} (capacity dimension ${d + 1})`;
    for (let d = 0; d < task.amount.length; d++) {
      const largest = Math.max(...allowed.map((v) => v.capacity[d] ?? 0));
      if (amount(d) > largest)
        return `No vehicle can carry ${quantity(amount(d), d)}; the largest takes ${quantity(largest, d)}.`;
    }
    return `No vehicle can carry ${task.amount.map(quantity).join(' and ')} at once.`;
  }
  return 'VROOM left it unassigned (no feasible route found).';
}

/** Why a shipment whose pickup is locked on `vehicle` has no delivery. */
const openReason = (vehicle: Vehicle, frozen: boolean) =>
  frozen
    ? `Its pickup is locked on vehicle ${vehicle.id}, whose locked steps cannot all be kept, so nothing was added there.`
    : `Its delivery fits nowhere on vehicle ${vehicle.id}'s route after the locked steps, its pickup among them.`;
const openWarning = (vehicle: Vehicle, shipment: Shipment) =>
  `Vehicle ${vehicle.id} carries shipment ${shipment.id} from its locked pickup to the end, with no delivery.`;

// VROOM's answer (the parts read here: what is not on a route is unassigned).
interface VroomAnswer {
  routes: { vehicle: number; steps: { type: string; id?: number }[] }[];
}

/** POSTs the problem; rejects with an error a dispatcher can read when VROOM fails, refuses or is too slow. */
async function post(url: string, body: unknown, timeoutMs: number): Promise<VroomAnswer> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    text = await res.text();
  } catch (err) {
    if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError'))
      throw new Error(`The route optimiser (VROOM) did not answer within ${timeoutMs / 1000} s.`, {
        cause: err,
      });
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    throw new Error(
      `The route optimiser (VROOM) at ${url} could not be reached (${cause?.code ?? cause?.message ?? String(err)}).`,
      { cause: err },
    );
  }
  let answer: { code?: unknown; error?: unknown; routes?: unknown } | undefined;
  try {
    answer = JSON.parse(text) as typeof answer;
  } catch {
    answer = undefined;
  }
  if (answer && typeof answer.code === 'number' && answer.code !== 0) {
    const detail = typeof answer.error === 'string' ? `: ${answer.error}` : '.';
    const what =
      answer.code === 2
        ? 'refused the problem'
        : answer.code === 3
          ? 'could not get travel times from its routing server'
          : answer.code === 4
            ? 'found the problem too large'
            : 'failed';
    throw new Error(`The route optimiser (VROOM) ${what}${detail}`);
  }
  if (!res.ok || !answer) throw new Error(`The route optimiser (VROOM) answered HTTP ${res.status}.`);
  if (!Array.isArray(answer.routes)) throw new Error('The route optimiser (VROOM) answered without routes.');
  return answer as VroomAnswer;
}

/** Our solution from VROOM's: its order of visits per vehicle, scheduled on our matrix after the locked stops. */
function readAnswer(problem: Problem, input: BuiltInput, answer: VroomAnswer, computingMs: number): Solution {
  const strange = () =>
    new Error('The route optimiser (VROOM) answered with a vehicle or a task it was not given.');
  const planned = new Map<string, Visit[]>();
  const routed = new Set<number>();
  for (const r of answer.routes) {
    const vehicle = input.sent[r.vehicle - 1];
    if (!vehicle || !Array.isArray(r.steps)) throw strange();
    planned.set(
      vehicle.id,
      r.steps.flatMap((s): Visit[] => {
        if (s.type === 'break') return [{ of: 'break' }];
        if (s.type === 'start' || s.type === 'end') return [];
        const task = s.id === undefined ? undefined : input.tasks.get(s.id);
        if (!task) throw strange();
        routed.add(s.id!);
        if (task.of === 'open') return [{ of: 'shipment', shipment: task.shipment, type: 'delivery' }];
        return [task];
      }),
    );
  }

  const routes: Route[] = [];
  for (const vehicle of problem.vehicles) {
    const prefix = input.prefixes.get(vehicle.id);
    const visits = [...(prefix?.visits ?? []), ...(planned.get(vehicle.id) ?? [])];
    if (visits.length === 0) continue;
    let route = schedule(problem.matrix, vehicle, visits);
    // VROOM plans a break on every route it makes; a route of (keepable) locked stops alone gets one if it works
    // past the window's opening.
    if (
      vehicle.break &&
      !prefix?.frozen &&
      !visits.some((v) => v.of === 'break') &&
      endOf(route) > vehicle.break.window[0]
    )
      route = schedule(problem.matrix, vehicle, [...visits, { of: 'break' }]);
    routes.push(route);
  }

  const unassigned: Unassigned[] = [...input.unsent];
  const warnings = [...input.warnings];
  const listed = new Set<string>();
  for (const [number, task] of input.tasks) {
    if (routed.has(number)) continue;
    if (task.of === 'open') {
      unassigned.push({ id: task.shipment.id, of: 'shipment', reason: openReason(task.vehicle, false) });
      warnings.push(openWarning(task.vehicle, task.shipment));
      continue;
    }
    const [of, request] =
      task.of === 'job' ? (['job', task.job] as const) : (['shipment', task.shipment] as const);
    if (listed.has(keyOf(of, request.id))) continue;
    listed.add(keyOf(of, request.id));
    unassigned.push({ id: request.id, of, reason: reasonFor(problem, request) });
  }

  const used = routes.filter((r) => r.steps.some((s) => s.type === 'pickup' || s.type === 'delivery'));
  const fixed = used.reduce(
    (sum, r) => sum + (problem.vehicles.find((v) => v.id === r.vehicle)?.fixedCost ?? 0),
    0,
  );
  const distance = routes.reduce((sum, r) => sum + r.distance, 0);
  const duration = routes.reduce((sum, r) => sum + r.duration, 0);
  return {
    routes,
    unassigned,
    summary: {
      distance,
      duration,
      vehicles: used.length,
      cost: (problem.objective === 'distance' ? distance : duration) + fixed,
      computingMs,
    },
    ...(warnings.length > 0 && { warnings }),
  };
}

/** When a route is done: back at its end place, else leaving its last stop. */
function endOf(route: Route): number {
  const last = route.steps[route.steps.length - 1];
  return last ? (last.type === 'end' ? last.arrival : last.departure) : 0;
}
