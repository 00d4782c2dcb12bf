import type { Job, Problem, Route, RouteStep, Shipment, Solution, Stop, Vehicle } from './model.js';

/**
 * An independent check of a solution against its problem (issue 35): both engines' answers, in tests and in the
 * bench, go through it, so it imports nothing but the model and recomputes everything from the matrix.
 *
 * What it holds a solution to, beyond the model's comments:
 * - A route has a `start` step first exactly when its vehicle has a start place, and an `end` step last exactly when
 *   it has an end place (a route with no steps at all is an unused vehicle and is fine).
 * - Times: a step's arrival is the previous step's departure plus the travel time between their places (a break
 *   is taken where the driver is, so it adds no travel and arrives at the previous departure); service starts at or
 *   after arrival and inside one of the stop's windows; `waiting` is start − arrival; departure is start + service.
 *   The route starts (its start step's arrival, else its first step's arrival) no earlier than shift[0] and ends
 *   (its end step's arrival, else its last step's departure) no later than shift[1].
 * - Loads: a step's `load` is what is on board after it; delivery jobs are on board from the start.
 * - Break: at most one, only when the vehicle has one, lasting its duration and starting in its window. A route
 *   with stops may skip it only when it ends at or before the window opens.
 * - Totals: a route's `distance` and `duration` are its travel only (as in VROOM); `waiting` sums every step's
 *   start − arrival, breaks included; `service` sums the stops' service times (not the break). The summary's
 *   `distance` and `duration` sum the routes'; `vehicles` counts the routes with at least one stop; `cost` is the
 *   routes' travel the objective counts (duration by default, distance for the benchmark) plus the fixed cost of
 *   each vehicle used.
 * Numbers are compared within 1e-6 relative (the matrices may hold fractions, as the benchmark's do).
 *
 * Returns every violation in plain words; an empty list means the solution is valid.
 */
export function checkSolution(problem: Problem, solution: Solution): string[] {
  const errors: string[] = [];
  const shipments = new Map(problem.shipments.map((s) => [s.id, s]));
  const jobs = new Map(problem.jobs.map((j) => [j.id, j]));
  const vehicles = new Map(problem.vehicles.map((v) => [v.id, v]));
  const visits: Visit[] = [];
  const routed = new Set<string>();
  const total = { distance: 0, duration: 0, vehicles: 0, cost: 0 };

  solution.routes.forEach((route, r) => {
    const vehicle = vehicles.get(route.vehicle);
    if (!vehicle) {
      errors.push(`Route ${r + 1} is for vehicle "${route.vehicle}", which is not in the problem.`);
      return;
    }
    if (routed.has(vehicle.id)) errors.push(`Vehicle "${vehicle.id}" has more than one route.`);
    routed.add(vehicle.id);
    const travel = checkRoute({ problem, vehicle, route, r, shipments, jobs, visits, errors });
    total.distance += travel.distance;
    total.duration += travel.duration;
    total.cost += problem.objective === 'distance' ? travel.distance : travel.duration;
    if (travel.stops > 0) {
      total.vehicles += 1;
      total.cost += vehicle.fixedCost ?? 0;
    }
  });
  for (const vehicle of problem.vehicles)
    if (vehicle.locked?.length && !routed.has(vehicle.id))
      errors.push(`Vehicle "${vehicle.id}" has locked steps but no route.`);

  checkAssignment(problem, solution, visits, errors);

  const { summary } = solution;
  if (!close(summary.distance, total.distance))
    errors.push(
      `The summary's distance is ${summary.distance}; the routes' recomputed total is ${total.distance}.`,
    );
  if (!close(summary.duration, total.duration))
    errors.push(
      `The summary's duration is ${summary.duration}; the routes' recomputed total is ${total.duration}.`,
    );
  if (summary.vehicles !== total.vehicles)
    errors.push(`The summary counts ${summary.vehicles} vehicles used; ${total.vehicles} routes have stops.`);
  if (!close(summary.cost, total.cost))
    errors.push(`The summary's cost is ${summary.cost}; recomputed from the routes it is ${total.cost}.`);
  return errors;
}

type StopStep = Extract<RouteStep, { type: 'pickup' | 'delivery' }>;

/** Where a shipment's or job's step was found. */
interface Visit {
  key: string;
  type: 'pickup' | 'delivery';
  route: number;
  step: number;
}

const TOLERANCE = 1e-6;
const scale = (a: number, b: number) => TOLERANCE * Math.max(1, Math.abs(a), Math.abs(b));
const close = (a: number, b: number) => Math.abs(a - b) <= scale(a, b);
const atMost = (a: number, b: number) => a <= b + scale(a, b);
const keyOf = (of: 'shipment' | 'job', id: string) => `${of} "${id}"`;

function describe(step: RouteStep): string {
  if (step.type === 'pickup' || step.type === 'delivery') return `${step.type} of ${keyOf(step.of, step.id)}`;
  return step.type;
}

interface RouteContext {
  problem: Problem;
  vehicle: Vehicle;
  route: Route;
  r: number;
  shipments: ReadonlyMap<string, Shipment>;
  jobs: ReadonlyMap<string, Job>;
  visits: Visit[];
  errors: string[];
}

/** Checks one route's steps and totals; returns its recomputed travel and how many stops it makes. */
function checkRoute(ctx: RouteContext): { distance: number; duration: number; stops: number } {
  const { problem, vehicle, route, errors } = ctx;
  const { matrix } = problem;
  const name = `Vehicle "${vehicle.id}"`;
  const at = (i: number, step: RouteStep) => `${name}, step ${i + 1} (${describe(step)})`;
  const steps = route.steps;
  const dimensions = vehicle.capacity.length;
  const recomputed = { distance: 0, duration: 0, waiting: 0, service: 0, stops: 0 };

  // Delivery jobs are on board from the start.
  let load: number[] = new Array<number>(dimensions).fill(0);
  for (const step of steps)
    if (step.type === 'delivery' && step.of === 'job') {
      const job = ctx.jobs.get(step.id);
      if (job) load = add(load, job.amount, 1);
    }
  checkCapacity(load, vehicle, `${name} at the start of its route`, errors);

  if (steps.length > 0) {
    const first = steps[0]!;
    const last = steps[steps.length - 1]!;
    if (vehicle.start !== undefined && first.type !== 'start')
      errors.push(`${name} has a start place but its route does not begin with a start step.`);
    if (vehicle.end !== undefined && last.type !== 'end')
      errors.push(`${name} has an end place but its route does not finish with an end step.`);
  }

  let place: number | undefined;
  let clock: number | undefined;
  let breaks = 0;
  steps.forEach((step, i) => {
    const where = at(i, step);
    if (step.type === 'start') {
      if (i !== 0) errors.push(`${where}: a start step may only come first.`);
      if (vehicle.start === undefined) errors.push(`${where}: the vehicle has no start place.`);
      else if (step.place !== vehicle.start)
        errors.push(
          `${where}: starts at place ${step.place}, not at the vehicle's start place ${vehicle.start}.`,
        );
      if (!atMost(vehicle.shift[0], step.arrival))
        errors.push(
          `${where}: starts at ${step.arrival} s, before the shift begins at ${vehicle.shift[0]} s.`,
        );
      if (!atMost(step.arrival, step.departure))
        errors.push(`${where}: leaves at ${step.departure} s, before it starts at ${step.arrival} s.`);
    } else if (step.type === 'end') {
      if (i !== steps.length - 1) errors.push(`${where}: an end step may only come last.`);
      if (vehicle.end === undefined) errors.push(`${where}: the vehicle has no end place.`);
      else if (step.place !== vehicle.end)
        errors.push(`${where}: ends at place ${step.place}, not at the vehicle's end place ${vehicle.end}.`);
    } else if (step.type === 'break') {
      breaks += 1;
      if (!vehicle.break) errors.push(`${where}: the vehicle has no break.`);
      else if (breaks > 1) errors.push(`${where}: the vehicle takes more than one break.`);
      else {
        const { window, duration } = vehicle.break;
        if (!atMost(window[0], step.start) || !atMost(step.start, window[1]))
          errors.push(`${where}: starts at ${step.start} s, outside its window ${window[0]}–${window[1]} s.`);
        if (!close(step.departure, step.start + duration))
          errors.push(`${where}: lasts ${step.departure - step.start} s instead of ${duration} s.`);
      }
    }

    // Arrival: the previous departure plus the travel (a break travels nowhere).
    const to = step.type === 'break' ? place : step.place;
    if (to !== undefined && !(Number.isInteger(to) && to >= 0 && to < matrix.size)) {
      errors.push(`${where}: place ${to} is not in the matrix (size ${matrix.size}).`);
      return;
    }
    if (clock === undefined) {
      if (step.type !== 'start' && !atMost(vehicle.shift[0], step.arrival))
        errors.push(
          `${where}: arrives at ${step.arrival} s, before the shift begins at ${vehicle.shift[0]} s.`,
        );
    } else {
      let leg = 0;
      if (place !== undefined && to !== undefined) {
        leg = matrix.durations[place * matrix.size + to]!;
        recomputed.duration += leg;
        recomputed.distance += matrix.distances[place * matrix.size + to]!;
      }
      if (!close(step.arrival, clock + leg))
        errors.push(
          `${where}: arrives at ${step.arrival} s, but leaving at ${clock} s with ${leg} s of travel it arrives at ${clock + leg} s.`,
        );
    }

    if (step.type === 'pickup' || step.type === 'delivery') {
      recomputed.stops += 1;
      const task = taskOf(ctx, step, where);
      if (task) {
        checkStop(task.stop, step, where, errors);
        recomputed.service += task.stop.service;
        if (task.vehicles && !task.vehicles.includes(vehicle.id))
          errors.push(
            `${where}: vehicle "${vehicle.id}" is not one of those allowed (${task.vehicles.join(', ')}).`,
          );
        // A pickup comes on board; a delivery leaves it (a delivery job's goods were on board from the start).
        load = add(load, task.amount, step.type === 'pickup' ? 1 : -1);
        ctx.visits.push({ key: keyOf(step.of, step.id), type: step.type, route: ctx.r, step: i });
      }
      checkCapacity(load, vehicle, where, errors);
    }
    if (step.type === 'pickup' || step.type === 'delivery' || step.type === 'break') {
      if (!atMost(step.arrival, step.start))
        errors.push(`${where}: starts at ${step.start} s, before it arrives at ${step.arrival} s.`);
      recomputed.waiting += step.start - step.arrival;
    }
    if (!sameLoad(step.load, load))
      errors.push(
        `${where}: reports a load of [${step.load.join(', ')}]; recomputed it is [${load.join(', ')}].`,
      );

    // Carry on from what the step reports, so that one wrong time is reported once, not at every later step.
    clock = step.departure;
    if (to !== undefined) place = to;
  });

  const last = steps[steps.length - 1];
  if (last) {
    const end = last.type === 'end' ? last.arrival : last.departure;
    if (!atMost(end, vehicle.shift[1]))
      errors.push(`${name} is done at ${end} s, after its shift ends at ${vehicle.shift[1]} s.`);
    if (vehicle.break && breaks === 0 && recomputed.stops > 0 && !atMost(end, vehicle.break.window[0]))
      errors.push(
        `${name} takes no break, though it works until ${end} s, past ${vehicle.break.window[0]} s when its break window opens.`,
      );
  }
  checkLocked(vehicle, route, errors);

  for (const field of ['distance', 'duration', 'waiting', 'service'] as const)
    if (!close(route[field], recomputed[field]))
      errors.push(`${name} reports a ${field} of ${route[field]}; recomputed it is ${recomputed[field]}.`);
  return { distance: recomputed.distance, duration: recomputed.duration, stops: recomputed.stops };
}

/** The stop, amount and eligible vehicles a pickup or delivery step refers to, or undefined (reported) if none. */
function taskOf(
  ctx: RouteContext,
  step: StopStep,
  where: string,
): { stop: Stop; amount: readonly number[]; vehicles?: readonly string[] } | undefined {
  if (step.of === 'shipment') {
    const shipment = ctx.shipments.get(step.id);
    if (!shipment) {
      ctx.errors.push(`${where}: there is no shipment "${step.id}".`);
      return undefined;
    }
    return {
      stop: step.type === 'pickup' ? shipment.pickup : shipment.delivery,
      amount: shipment.amount,
      vehicles: shipment.vehicles,
    };
  }
  const job = ctx.jobs.get(step.id);
  if (!job) {
    ctx.errors.push(`${where}: there is no job "${step.id}".`);
    return undefined;
  }
  if (job.kind !== step.type) {
    ctx.errors.push(`${where}: job "${job.id}" is a ${job.kind}, not a ${step.type}.`);
    return undefined;
  }
  return job;
}

/** Place, window, waiting and service of one visit. */
function checkStop(stop: Stop, step: StopStep, where: string, errors: string[]) {
  if (step.place !== stop.place) errors.push(`${where}: is at place ${step.place}, not at ${stop.place}.`);
  if (
    stop.windows.length > 0 &&
    !stop.windows.some(([a, b]) => atMost(a, step.start) && atMost(step.start, b))
  )
    errors.push(
      `${where}: service starts at ${step.start} s, outside its windows ${stop.windows.map(([a, b]) => `${a}–${b} s`).join(', ')}.`,
    );
  if (!close(step.waiting, step.start - step.arrival))
    errors.push(
      `${where}: reports ${step.waiting} s of waiting; start − arrival is ${step.start - step.arrival} s.`,
    );
  if (!close(step.departure, step.start + stop.service))
    errors.push(
      `${where}: leaves at ${step.departure} s; starting at ${step.start} s with ${stop.service} s of service it leaves at ${step.start + stop.service} s.`,
    );
}

function checkCapacity(load: readonly number[], vehicle: Vehicle, where: string, errors: string[]) {
  load.forEach((amount, d) => {
    const capacity = vehicle.capacity[d] ?? 0;
    if (amount > capacity)
      errors.push(`${where}: carries ${amount} in dimension ${d + 1}, above the capacity of ${capacity}.`);
    if (amount < 0) errors.push(`${where}: the load in dimension ${d + 1} falls to ${amount}, below zero.`);
  });
}

/** The vehicle's locked steps are its route's first pickups and deliveries, in order. */
function checkLocked(vehicle: Vehicle, route: Route, errors: string[]) {
  const stops = route.steps.filter((s): s is StopStep => s.type === 'pickup' || s.type === 'delivery');
  vehicle.locked?.forEach((locked, k) => {
    const step = stops[k];
    const matches =
      step !== undefined &&
      (locked.type === 'job'
        ? step.of === 'job' && step.id === locked.job
        : step.of === 'shipment' && step.type === locked.type && step.id === locked.shipment);
    if (!matches) {
      const wanted =
        locked.type === 'job' ? keyOf('job', locked.job) : `${locked.type} of shipment "${locked.shipment}"`;
      errors.push(
        `Vehicle "${vehicle.id}": its stop ${k + 1} should be the locked ${wanted}, but it is ${step ? describe(step) : 'missing'}.`,
      );
    }
  });
}

/** Every shipment and job once: on exactly one route (a shipment's pickup before its delivery) or unassigned. */
function checkAssignment(problem: Problem, solution: Solution, visits: readonly Visit[], errors: string[]) {
  const byKey = new Map<string, Visit[]>();
  for (const visit of visits) byKey.set(visit.key, [...(byKey.get(visit.key) ?? []), visit]);
  const unassigned = new Map<string, number>();
  for (const u of solution.unassigned) {
    const key = keyOf(u.of, u.id);
    const known =
      u.of === 'shipment'
        ? problem.shipments.some((s) => s.id === u.id)
        : problem.jobs.some((j) => j.id === u.id);
    if (!known) errors.push(`Unassigned ${key} is not in the problem.`);
    if (!u.reason.trim()) errors.push(`Unassigned ${key} has no reason.`);
    unassigned.set(key, (unassigned.get(key) ?? 0) + 1);
  }
  const check = (key: string, pairs: boolean) => {
    const found = byKey.get(key) ?? [];
    const left = unassigned.get(key) ?? 0;
    if (left > 1) errors.push(`${capitalise(key)} is listed as unassigned ${left} times.`);
    if (found.length === 0) {
      if (left === 0) errors.push(`${capitalise(key)} is neither on a route nor unassigned.`);
      return;
    }
    if (left > 0) errors.push(`${capitalise(key)} is both on a route and unassigned.`);
    if (!pairs) {
      if (found.length > 1) errors.push(`${capitalise(key)} is visited ${found.length} times.`);
      return;
    }
    const pickups = found.filter((v) => v.type === 'pickup');
    const deliveries = found.filter((v) => v.type === 'delivery');
    if (pickups.length !== 1 || deliveries.length !== 1) {
      errors.push(
        `${capitalise(key)} has ${pickups.length} pickups and ${deliveries.length} deliveries on routes; it needs one of each.`,
      );
      return;
    }
    const [pickup, delivery] = [pickups[0]!, deliveries[0]!];
    if (pickup.route !== delivery.route)
      errors.push(`${capitalise(key)} is picked up and delivered on different routes.`);
    else if (pickup.step > delivery.step)
      errors.push(`${capitalise(key)} is delivered before it is picked up.`);
  };
  for (const shipment of problem.shipments) check(keyOf('shipment', shipment.id), true);
  for (const job of problem.jobs) check(keyOf('job', job.id), false);
}

function add(load: readonly number[], amount: readonly number[], sign: 1 | -1): number[] {
  return load.map((x, d) => x + sign * (amount[d] ?? 0));
}

function sameLoad(reported: readonly number[], load: readonly number[]): boolean {
  return reported.length === load.length && reported.every((x, d) => close(x, load[d]!));
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
