import { compile, earliestStart, JOB_PICKUP, PICKUP, type Instance } from './built-in-instance.js';
import { Random } from './built-in-random.js';
import { BREAK, Route, START, END } from './built-in-route.js';
import { search, type SearchResult } from './built-in-search.js';
import type {
  Problem,
  Route as RouteOut,
  RouteSolver,
  RouteStep,
  Solution,
  SolveOptions,
  Unassigned,
} from './model.js';
import { solveInWorker } from './solve-in-worker.js';

/**
 * The built-in route optimiser (issue 35, decision 070): pickup-and-delivery with time windows, capacities, shifts,
 * breaks, eligibility and locked steps, solved by cheapest insertion then SISR's ruin and recreate
 * (built-in-search.ts) until `timeLimitMs`. Synchronous and pure (the same seed and iteration limit give the same
 * solution); the server calls it through `builtInSolver`, in a worker thread. The first solution is always
 * finished, even past the limit (a quarter of a second for a thousand stops, 1.5 s for six thousand).
 *
 * Every route it returns keeps every hard constraint, except a vehicle's locked steps when they break one
 * themselves: they are kept as given, nothing is added to that route, and `warnings` says so. What cannot be
 * placed is unassigned, with the reason in words.
 */
export function solve(problem: Problem, options: SolveOptions): Solution {
  const started = performance.now();
  const inst = compile(problem);
  const result = search(inst, {
    deadline: started + options.timeLimitMs,
    iterations: options.iterations ?? Infinity,
    seed: options.seed ?? 1,
  });
  return toSolution(problem, inst, result, started);
}

/**
 * The built-in engine for the server: the solve runs in a worker thread (solve-in-worker.ts), so the event loop
 * keeps answering during the seconds it searches.
 */
export const builtInSolver: RouteSolver = {
  name: 'built-in',
  solve: (problem, options) => solveInWorker(problem, options),
};

const TOLERANCE = 1e-9;
const within = (a: number, b: number) => a <= b + TOLERANCE * Math.max(1, Math.abs(b));

function toSolution(problem: Problem, inst: Instance, result: SearchResult, started: number): Solution {
  const routes: RouteOut[] = [];
  const warnings = [...inst.warnings];
  const summary = { distance: 0, duration: 0, vehicles: 0, cost: 0, computingMs: 0 };
  for (const route of result.routes) {
    if (route.tasks === 0) continue;
    const vehicle = problem.vehicles[route.v]!;
    const frozen = result.frozen[route.v]!;
    if (frozen)
      warnings.push(
        `Vehicle ${vehicle.id}'s locked steps cannot all be kept in their windows, its shift, break and capacity; ` +
          'they were kept as given and nothing was added to its route.',
      );
    const out = routeOut(problem, inst, route, frozen);
    routes.push(out);
    summary.distance += out.distance;
    summary.duration += out.duration;
    summary.vehicles += 1;
    summary.cost +=
      (problem.objective === 'distance' ? out.distance : out.duration) + (vehicle.fixedCost ?? 0);
  }
  const unassigned = result.absent.map((r) => unassignedOut(problem, inst, result, r));
  for (const r of result.absent) {
    const v = inst.pinnedTo[r]!;
    if (v >= 0)
      warnings.push(
        `Vehicle ${problem.vehicles[v]!.id} carries shipment ${problem.shipments[r]!.id} from its locked pickup to the end, with no delivery.`,
      );
  }
  summary.computingMs = Math.round(performance.now() - started);
  return { routes, unassigned, summary, ...(warnings.length ? { warnings } : {}) };
}

/**
 * A route's steps with their times: leaving as late as the route allows without ending later (no waiting at the
 * first stop for nothing), on time everywhere. A frozen route (infeasible locked steps) leaves at the shift's start
 * and is simulated as it is, late where it is late.
 */
function routeOut(problem: Problem, inst: Instance, route: Route, frozen: boolean): RouteOut {
  const vehicle = problem.vehicles[route.v]!;
  const { n, nodes } = route;
  const shiftStart = vehicle.shift[0];
  let leave = shiftStart;
  if (!frozen) {
    const end = timeline(inst, route, shiftStart).end;
    const latest = latestDeparture(inst, route, end);
    if (Number.isFinite(latest) && latest > shiftStart) leave = latest;
  }
  const times = timeline(inst, route, leave);
  const dims = vehicle.capacity.length;
  const loadAt = (k: number) => Array.from(route.load.subarray(k * inst.dims, k * inst.dims + dims));
  const steps: RouteStep[] = [];
  if (vehicle.start !== undefined)
    steps.push({ type: 'start', place: vehicle.start, arrival: leave, departure: leave, load: loadAt(0) });
  let waiting = 0;
  let service = 0;
  for (let k = 1; k < n - 1; k++) {
    const node = nodes[k]!;
    const arrival = times.arrival[k]!;
    const start = times.start[k]!;
    const departure = times.departure[k]!;
    if (node === BREAK) {
      if (times.skipped) continue;
      steps.push({ type: 'break', arrival, start, departure, load: loadAt(k) });
      waiting += start - arrival;
      continue;
    }
    const r = inst.taskRequest[node]!;
    const shipment = r < problem.shipments.length;
    const kind = inst.taskKind[node]!;
    steps.push({
      type: kind === PICKUP || kind === JOB_PICKUP ? 'pickup' : 'delivery',
      id: shipment ? problem.shipments[r]!.id : problem.jobs[r - problem.shipments.length]!.id,
      of: shipment ? 'shipment' : 'job',
      place: inst.taskPlace[node]!,
      arrival,
      start,
      departure,
      waiting: start - arrival,
      load: loadAt(k),
    });
    waiting += start - arrival;
    service += inst.taskService[node]!;
  }
  if (vehicle.end !== undefined) {
    const arrival = times.arrival[n - 1]!;
    steps.push({ type: 'end', place: vehicle.end, arrival, departure: arrival, load: loadAt(n - 1) });
  }
  // Travel along the places visited, from the problem's own matrix.
  const { matrix } = problem;
  let distance = 0;
  let duration = 0;
  let from: number | undefined;
  for (const step of steps) {
    if (step.type === 'break') continue;
    if (from !== undefined) {
      distance += matrix.distances[from * matrix.size + step.place]!;
      duration += matrix.durations[from * matrix.size + step.place]!;
    }
    from = step.place;
  }
  return { vehicle: vehicle.id, steps, distance, duration, waiting, service };
}

/** Arrival, service start and departure at each position, leaving the start at `leave`; and the route's end. */
function timeline(inst: Instance, route: Route, leave: number) {
  const { n, nodes, pl, pin } = route;
  const { time, size } = inst;
  const v = route.v;
  const arrival = new Float64Array(n);
  const start = new Float64Array(n);
  const departure = new Float64Array(n);
  let skipped = false;
  arrival[0] = start[0] = departure[0] = leave;
  for (let k = 1; k < n; k++) {
    const node = nodes[k]!;
    if (node === BREAK) {
      const t = departure[k - 1]!;
      arrival[k] = t;
      if (k === n - 2 && within(t + time[pl[k]! * size + pin[k + 1]!]!, inst.vBreakStart[v]!)) {
        skipped = true;
        start[k] = departure[k] = t;
      } else {
        start[k] = Math.max(t, inst.vBreakStart[v]!);
        departure[k] = start[k]! + inst.vBreakDuration[v]!;
      }
      continue;
    }
    const a = departure[k - 1]! + time[pl[k - 1]! * size + pin[k]!]!;
    arrival[k] = a;
    if (node === END) start[k] = departure[k] = a;
    else {
      // A hair past a window's end (rounding) still starts in it; truly late (a frozen route) starts on arrival.
      let s = earliestStart(inst, node, a);
      if (s === Infinity) {
        const lastEnd = inst.winEnd[inst.winFrom[node + 1]! - 1]!;
        s = within(a, lastEnd) ? Math.max(a, inst.winStart[inst.winFrom[node + 1]! - 1]!) : a;
      }
      start[k] = s;
      departure[k] = s + inst.taskService[node]!;
    }
  }
  return { arrival, start, departure, skipped, end: arrival[n - 1]! };
}

/** The latest the route can leave its start and still be done by `end` (the backward pass of Route, bounded). */
function latestDeparture(inst: Instance, route: Route, end: number): number {
  const { n, nodes, pl, pin } = route;
  const { time, size } = inst;
  const v = route.v;
  const bStart = inst.vBreakStart[v]!;
  let late = end;
  for (let k = n - 2; k >= 0; k--) {
    const node = nodes[k]!;
    const latestDep = nodes[k + 1] === BREAK ? late : late - time[pl[k]! * size + pin[k + 1]!]!;
    if (node >= 0) {
      late = -Infinity;
      const target = latestDep - inst.taskService[node]!;
      for (let w = inst.winFrom[node + 1]! - 1; w >= inst.winFrom[node]!; w--)
        if (target >= inst.winStart[w]!) {
          late = Math.min(target, inst.winEnd[w]!);
          break;
        }
    } else if (node === BREAK) {
      const take = Math.min(inst.vBreakEnd[v]!, latestDep - inst.vBreakDuration[v]!);
      late = take >= bStart ? take : -Infinity;
      if (k === n - 2)
        late = Math.max(late, Math.min(bStart - time[pl[k]! * size + pin[k + 1]!]!, latestDep));
    } else if (node === START) late = latestDep;
  }
  return late;
}

function unassignedOut(problem: Problem, inst: Instance, result: SearchResult, r: number): Unassigned {
  const shipment = r < problem.shipments.length;
  const request = shipment ? problem.shipments[r]! : problem.jobs[r - problem.shipments.length]!;
  return { id: request.id, of: shipment ? 'shipment' : 'job', reason: reasonFor(problem, inst, result, r) };
}

/** Why a request is left out, in the dispatcher's words: the first of eligibility, capacity, time, room. */
function reasonFor(problem: Problem, inst: Instance, result: SearchResult, r: number): string {
  const shipment = r < problem.shipments.length;
  const request = shipment ? problem.shipments[r]! : problem.jobs[r - problem.shipments.length]!;
  const pinned = inst.pinnedTo[r]!;
  if (pinned >= 0) {
    const vehicle = problem.vehicles[pinned]!.id;
    return result.frozen[pinned]
      ? `Its pickup is locked on vehicle ${vehicle}, whose locked steps cannot all be kept, so nothing was added there.`
      : `Its delivery fits nowhere on vehicle ${vehicle}'s route after the locked steps, its pickup among them.`;
  }
  const { vehicles } = problem;
  const eligible = vehicles.filter((v) => !request.vehicles || request.vehicles.includes(v.id));
  if (eligible.length === 0)
    return request.vehicles?.length
      ? `None of the vehicles it may go on (${request.vehicles.join(', ')}) is in the plan.`
      : 'No vehicle may take it.';

  const amountOf = (d: number) => request.amount[d] ?? 0;
  const dims = Math.max(inst.dims, request.amount.length);
  const carries = eligible.filter((v) => {
    for (let d = 0; d < dims; d++) if (amountOf(d) > (v.capacity[d] ?? 0)) return false;
    return true;
  });
  if (carries.length === 0) {
    const units = problem.units;
    const quantity = (x: number, d: number) =>
      units?.[d] ? `${x} ${units[d]}` : `${x} (capacity dimension ${d + 1})`;
    for (let d = 0; d < dims; d++) {
      const largest = Math.max(...eligible.map((v) => v.capacity[d] ?? 0));
      if (amountOf(d) > largest)
        return `No vehicle can carry ${quantity(amountOf(d), d)}; the largest takes ${quantity(largest, d)}.`;
    }
    const all = request.amount.map((x, d) => quantity(x, d)).join(' and ');
    return `No vehicle can carry ${all} at once.`;
  }

  // Could it be served alone, on an empty route of a vehicle that carries it?
  const stops = shipment
    ? [problem.shipments[r]!.pickup, problem.shipments[r]!.delivery]
    : [problem.jobs[r - problem.shipments.length]!.stop];
  const windowed = stops.some((s) => s.windows.length > 0);
  const scratch = { route: new Int32Array(inst.tasks), pos: new Int32Array(inst.tasks) };
  const rng = new Random(1);
  const empty = new Int32Array([START, END]);
  const tried = new Set<number>();
  const alone = carries.some((vehicle) => {
    const v = vehicles.indexOf(vehicle);
    const type = inst.vType[v]!;
    if (tried.has(type)) return false;
    tried.add(type);
    const route = new Route(
      { ...inst, locked: inst.locked.map(() => new Int32Array(0)) },
      v,
      scratch.route,
      scratch.pos,
    );
    route.setNodes(empty, 2);
    const task = inst.requestTask[r]!;
    return (
      (shipment ? route.evalPair(task, Infinity, rng, 0) : route.evalSingle(task, Infinity, rng, 0)) <
      Infinity
    );
  });
  if (!alone)
    return windowed
      ? "Its window cannot be reached within any driver's shift."
      : "It cannot be reached and done within any driver's shift.";
  return windowed
    ? 'No room left in any route within its window.'
    : "No room left in any route within the drivers' shifts.";
}
