import type { Problem, Stop } from './model.js';

/**
 * The built-in solver's view of a problem (issue 35): everything the search reads in its inner loops, in typed
 * arrays indexed by number, so that checking a move costs a few array reads and no allocation.
 *
 * A request is a shipment (two tasks: its pickup, then its delivery at the next index) or a job (one task). Places
 * get one extra, virtual place at index `virtual`, with no travel to or from it: a vehicle without a start (end)
 * place starts (ends) there, so that "the route starts at its first stop" needs no special case.
 */
export interface Instance {
  /** Places, the virtual one included; `time` and `cost` are size × size. */
  size: number;
  virtual: number;
  time: Float64Array;
  /** What the objective counts: the durations or the distances (the same array as `time` for durations). */
  cost: Float64Array;
  /** Capacity dimensions. */
  dims: number;

  tasks: number;
  taskPlace: Int32Array;
  taskService: Float64Array;
  taskKind: Uint8Array;
  taskRequest: Int32Array;
  /** A task's windows are winStart/winEnd[winFrom[t] .. winFrom[t + 1]); a task without windows gets (-∞, ∞). */
  winFrom: Int32Array;
  winStart: Float64Array;
  winEnd: Float64Array;
  /** The request's amount, per task: tasks × dims. */
  amount: Float64Array;

  requests: number;
  /** Its first task (a shipment's pickup). */
  requestTask: Int32Array;
  requestIsShipment: Uint8Array;
  /** Whether the request may go on the vehicle at all (eligible and within its capacity): requests × vehicles. */
  fits: Uint8Array;

  vehicles: number;
  vStart: Int32Array;
  vEnd: Int32Array;
  vShiftStart: Float64Array;
  vShiftEnd: Float64Array;
  /** vehicles × dims. */
  vCapacity: Float64Array;
  vHasBreak: Uint8Array;
  vBreakStart: Float64Array;
  vBreakEnd: Float64Array;
  vBreakDuration: Float64Array;
  vFixed: Float64Array;
  /** Vehicles alike in every respect get one type, so that the search tries one empty route per type. */
  vType: Int32Array;
  /** The tasks each vehicle's route must begin with. */
  locked: Int32Array[];
  /** A shipment whose pickup is locked on a vehicle and whose delivery is not: that vehicle, else -1. */
  pinnedTo: Int32Array;
  /** Locked steps that were left out or cannot be kept valid, in words. */
  warnings: string[];
  /** What one unserved request costs in the search: more than any route could, so serving comes first. */
  penalty: number;
}

export const JOB_DELIVERY = 0;
export const JOB_PICKUP = 1;
export const PICKUP = 2;
export const DELIVERY = 3;

/** Turns the problem into the search's arrays; throws on a problem that cannot be read (a place off the matrix). */
export function compile(problem: Problem): Instance {
  const { matrix } = problem;
  const n = matrix.size;
  const size = n + 1;
  if (matrix.durations.length < n * n || matrix.distances.length < n * n)
    throw new Error(`The matrix is smaller than ${n} × ${n}.`);
  const time = new Float64Array(size * size);
  const distance = problem.objective === 'distance' ? new Float64Array(size * size) : time;
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      time[i * size + j] = matrix.durations[i * n + j]!;
      if (distance !== time) distance[i * size + j] = matrix.distances[i * n + j]!;
    }
  const place = (p: number | undefined, what: string): number => {
    if (p === undefined) return n;
    if (!Number.isInteger(p) || p < 0 || p >= n) throw new Error(`${what}: place ${p} is not in the matrix.`);
    return p;
  };

  const { shipments, jobs, vehicles } = problem;
  const dims = Math.max(0, ...vehicles.map((v) => v.capacity.length));
  const tasks = shipments.length * 2 + jobs.length;
  const requests = shipments.length + jobs.length;
  const taskPlace = new Int32Array(tasks);
  const taskService = new Float64Array(tasks);
  const taskKind = new Uint8Array(tasks);
  const taskRequest = new Int32Array(tasks);
  const winFrom = new Int32Array(tasks + 1);
  const starts: number[] = [];
  const ends: number[] = [];
  const amount = new Float64Array(tasks * dims);
  const requestTask = new Int32Array(requests);
  const requestIsShipment = new Uint8Array(requests);
  const requestAmount = new Float64Array(requests * dims);
  const requestVehicles: (readonly string[] | undefined)[] = [];

  let t = 0;
  const addTask = (stop: Stop, kind: number, r: number, what: string) => {
    taskPlace[t] = place(stop.place, what);
    taskService[t] = stop.service;
    taskKind[t] = kind;
    taskRequest[t] = r;
    winFrom[t] = starts.length;
    if (stop.windows.length === 0) {
      starts.push(-Infinity);
      ends.push(Infinity);
    }
    for (const [a, b] of stop.windows) {
      starts.push(a);
      ends.push(b);
    }
    for (let d = 0; d < dims; d++) amount[t * dims + d] = requestAmount[r * dims + d]!;
    t++;
  };
  const setRequest = (r: number, amounts: readonly number[], allowed: readonly string[] | undefined) => {
    requestTask[r] = t;
    for (let d = 0; d < dims; d++) requestAmount[r * dims + d] = amounts[d] ?? 0;
    requestVehicles.push(allowed);
  };
  shipments.forEach((s, r) => {
    setRequest(r, s.amount, s.vehicles);
    requestIsShipment[r] = 1;
    addTask(s.pickup, PICKUP, r, `Shipment ${s.id}'s pickup`);
    addTask(s.delivery, DELIVERY, r, `Shipment ${s.id}'s delivery`);
  });
  jobs.forEach((j, k) => {
    const r = shipments.length + k;
    setRequest(r, j.amount, j.vehicles);
    addTask(j.stop, j.kind === 'delivery' ? JOB_DELIVERY : JOB_PICKUP, r, `Job ${j.id}`);
  });
  winFrom[tasks] = starts.length;

  const m = vehicles.length;
  const vStart = new Int32Array(m);
  const vEnd = new Int32Array(m);
  const vShiftStart = new Float64Array(m);
  const vShiftEnd = new Float64Array(m);
  const vCapacity = new Float64Array(m * dims);
  const vHasBreak = new Uint8Array(m);
  const vBreakStart = new Float64Array(m);
  const vBreakEnd = new Float64Array(m);
  const vBreakDuration = new Float64Array(m);
  const vFixed = new Float64Array(m);
  vehicles.forEach((v, i) => {
    vStart[i] = place(v.start, `Vehicle ${v.id}'s start`);
    vEnd[i] = place(v.end, `Vehicle ${v.id}'s end`);
    vShiftStart[i] = v.shift[0];
    vShiftEnd[i] = v.shift[1];
    for (let d = 0; d < dims; d++) vCapacity[i * dims + d] = v.capacity[d] ?? 0;
    if (v.break) {
      vHasBreak[i] = 1;
      vBreakStart[i] = v.break.window[0];
      vBreakEnd[i] = v.break.window[1];
      vBreakDuration[i] = v.break.duration;
    }
    vFixed[i] = v.fixedCost ?? 0;
  });

  const fits = new Uint8Array(requests * m);
  const vehicleIndex = new Map(vehicles.map((v, i) => [v.id, i]));
  for (let r = 0; r < requests; r++) {
    const allowed = requestVehicles[r];
    const eligible = allowed ? new Set(allowed.map((id) => vehicleIndex.get(id))) : undefined;
    for (let v = 0; v < m; v++) {
      let ok = !eligible || eligible.has(v);
      for (let d = 0; ok && d < dims; d++) ok = requestAmount[r * dims + d]! <= vCapacity[v * dims + d]!;
      fits[r * m + v] = ok ? 1 : 0;
    }
  }

  const { locked, pinnedTo, warnings } = lockedTasks(problem, requestTask);
  const vType = new Int32Array(m);
  const types = new Map<string, number>();
  vehicles.forEach((v, i) => {
    let key = JSON.stringify([v.start, v.end, v.shift, v.capacity, v.break, v.fixedCost ?? 0]);
    // Locked steps make a vehicle unlike any other; so does a request that may go on some vehicles only.
    if (locked[i]!.length > 0) key += `|locked ${i}`;
    for (let r = 0; r < requests; r++) if (requestVehicles[r]) key += fits[r * m + i] ? '1' : '0';
    if (!types.has(key)) types.set(key, types.size);
    vType[i] = types.get(key)!;
  });

  // More than any solution costs: no more arcs than tasks and vehicles, each at most the dearest, every vehicle used.
  let dearest = 0;
  for (let i = 0; i < distance.length; i++) if (distance[i]! > dearest) dearest = distance[i]!;
  const penalty = (tasks + m + 1) * dearest + vFixed.reduce((a, b) => a + b, 0) + 1;

  return {
    size,
    virtual: n,
    time,
    cost: distance,
    dims,
    tasks,
    taskPlace,
    taskService,
    taskKind,
    taskRequest,
    winFrom,
    winStart: Float64Array.from(starts),
    winEnd: Float64Array.from(ends),
    amount,
    requests,
    requestTask,
    requestIsShipment,
    fits,
    vehicles: m,
    vStart,
    vEnd,
    vShiftStart,
    vShiftEnd,
    vCapacity,
    vHasBreak,
    vBreakStart,
    vBreakEnd,
    vBreakDuration,
    vFixed,
    vType,
    locked,
    pinnedTo,
    warnings,
    penalty,
  };
}

/** Each vehicle's locked steps as tasks, in order; a step naming nothing, or locked twice, is left out and told. */
function lockedTasks(problem: Problem, requestTask: Int32Array) {
  const { shipments, jobs, vehicles } = problem;
  const shipmentIndex = new Map(shipments.map((s, i) => [s.id, i]));
  const jobIndex = new Map(jobs.map((j, i) => [j.id, shipments.length + i]));
  /** Task → the vehicle locking it and its place in that vehicle's list. */
  const lockedOn = new Map<number, { v: number; k: number }>();
  const warnings: string[] = [];
  const locked = vehicles.map((vehicle, v) => {
    const list: number[] = [];
    for (const step of vehicle.locked ?? []) {
      const name = step.type === 'job' ? `job ${step.job}` : `the ${step.type} of shipment ${step.shipment}`;
      const r = step.type === 'job' ? jobIndex.get(step.job) : shipmentIndex.get(step.shipment);
      if (r === undefined) {
        warnings.push(
          `Vehicle ${vehicle.id}'s locked step, ${name}, is not in the problem; it was left out.`,
        );
        continue;
      }
      const task = requestTask[r]! + (step.type === 'delivery' ? 1 : 0);
      const owner = lockedOn.get(task);
      if (owner !== undefined) {
        const other = vehicles[owner.v]!.id;
        warnings.push(
          `Vehicle ${vehicle.id} locks ${name}, already locked on vehicle ${other}; it was left out.`,
        );
        continue;
      }
      lockedOn.set(task, { v, k: list.length });
      list.push(task);
      const allowed = (step.type === 'job' ? jobs[r - shipments.length] : shipments[r])?.vehicles;
      if (allowed && !allowed.includes(vehicle.id))
        warnings.push(`Vehicle ${vehicle.id} locks ${name}, which may not go on it; it was kept.`);
    }
    return Int32Array.from(list);
  });
  // A shipment locked by its pickup alone is pinned: its delivery goes on the same route, after the locked steps.
  const pinnedTo = new Int32Array(shipments.length + jobs.length).fill(-1);
  shipments.forEach((s, r) => {
    const pickup = lockedOn.get(requestTask[r]!);
    const delivery = lockedOn.get(requestTask[r]! + 1);
    if (pickup && !delivery) pinnedTo[r] = pickup.v;
    else if (delivery && (!pickup || pickup.v !== delivery.v || pickup.k > delivery.k))
      warnings.push(
        `Vehicle ${vehicles[delivery.v]!.id} locks the delivery of shipment ${s.id} without its pickup before it.`,
      );
  });
  return { locked, pinnedTo, warnings };
}

/** The earliest time service can start at `task` when arriving at `t`: ∞ when every window has closed. */
export function earliestStart(inst: Instance, task: number, t: number): number {
  const { winStart, winEnd } = inst;
  for (let w = inst.winFrom[task]!, end = inst.winFrom[task + 1]!; w < end; w++)
    if (t <= winEnd[w]!) return t > winStart[w]! ? t : winStart[w]!;
  return Infinity;
}

/** The latest time service can start at `task` no later than `t`: -∞ when no window opens by then. */
export function latestStart(inst: Instance, task: number, t: number): number {
  const { winStart, winEnd } = inst;
  for (let w = inst.winFrom[task + 1]! - 1, first = inst.winFrom[task]!; w >= first; w--)
    if (t >= winStart[w]!) return t < winEnd[w]! ? t : winEnd[w]!;
  return -Infinity;
}
