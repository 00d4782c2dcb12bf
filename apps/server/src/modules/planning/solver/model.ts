/**
 * The route optimiser's problem and solution (issue 35, decision 070): one shape for both engines, the built-in
 * solver and VROOM over HTTP. Plain data only (it crosses into a worker thread and over HTTP): places are indices
 * into the matrices, times are whole seconds from the plan's day start, amounts are integers per dimension.
 */

/** A window a stop may start in: [earliest, latest] seconds. Service starts inside it; arriving early waits. */
export type TimeWindow = readonly [number, number];

export interface Matrix {
  /** Number of places; `durations` and `distances` are size × size, row-major (from × size + to). */
  size: number;
  /** Travel time in seconds. */
  durations: ArrayLike<number>;
  /** Travel distance in metres (or the benchmark's units). */
  distances: ArrayLike<number>;
  /** Where the numbers come from: road routing (OSRM), straight-line estimates, or given as they are (benchmark). */
  source?: 'osrm' | 'estimate' | 'given';
}

export interface Stop {
  /** Index of the place in the matrix. */
  place: number;
  /** Seconds spent there (parking, handing over, signing). */
  service: number;
  /** Windows sorted and disjoint; empty means any time in the vehicle's shift. */
  windows: readonly TimeWindow[];
}

/** A pickup and its dropoff: both on one route, the pickup first; the amount is on board between them. */
export interface Shipment {
  id: string;
  pickup: Stop;
  delivery: Stop;
  /** Per capacity dimension (e.g. [kg, cm³ / 1000]). */
  amount: readonly number[];
  /** Vehicles able to take it (e.g. those at least the size it needs); undefined means any. */
  vehicles?: readonly string[];
}

/**
 * One stop alone: a dropoff whose goods are already on board at the route's start (picked up before the plan), or
 * a pickup whose goods stay on board to the route's end.
 */
export interface Job {
  id: string;
  kind: 'pickup' | 'delivery';
  stop: Stop;
  amount: readonly number[];
  vehicles?: readonly string[];
}

/** A step of a route fixed before solving: kept in this order at the start of the vehicle's route. */
export type LockedStep = { type: 'pickup' | 'delivery'; shipment: string } | { type: 'job'; job: string };

export interface Vehicle {
  id: string;
  /** Where the shift starts and ends; undefined start means at the first stop, undefined end at the last. */
  start?: number;
  end?: number;
  /** The shift: the route leaves no earlier than [0] and is back (or done) by [1]. */
  shift: TimeWindow;
  /** Per capacity dimension, same order as the amounts. */
  capacity: readonly number[];
  /** A break of `duration` seconds to start within `window`, taken where the driver is. */
  break?: { window: TimeWindow; duration: number };
  /** Steps that must stay first, in this order (work under way, or stops the dispatcher locked). */
  locked?: readonly LockedStep[];
  /** Cost of using this vehicle at all (0: the objective is travel only, as in the benchmark). */
  fixedCost?: number;
}

export interface Problem {
  matrix: Matrix;
  vehicles: readonly Vehicle[];
  shipments: readonly Shipment[];
  jobs: readonly Job[];
  /** What a route's travel costs: its duration (default, real plans) or its distance (the benchmark). */
  objective?: 'duration' | 'distance';
  /** Units of the capacity dimensions (e.g. ['kg', 'L']), for the unassigned reasons in words. */
  units?: readonly string[];
}

export interface SolveOptions {
  /** Wall-clock time the search may use, in milliseconds. */
  timeLimitMs: number;
  /** For repeatable runs (tests, the bench). */
  seed?: number;
  /**
   * Stops the search after this many iterations, whatever time is left: with a seed, the same answer on any
   * machine (tests). Engines without iterations (VROOM) ignore it.
   */
  iterations?: number;
}

export type RouteStep =
  | { type: 'start' | 'end'; place: number; arrival: number; departure: number; load: number[] }
  | {
      type: 'pickup' | 'delivery';
      /** The shipment's or the job's id. */
      id: string;
      /** Whether it belongs to a shipment (pair) or a job (alone). */
      of: 'shipment' | 'job';
      place: number;
      arrival: number;
      /** When service begins (after waiting for the window to open). */
      start: number;
      departure: number;
      waiting: number;
      load: number[];
    }
  | { type: 'break'; arrival: number; start: number; departure: number; load: number[] };

export interface Route {
  vehicle: string;
  steps: RouteStep[];
  distance: number;
  duration: number;
  waiting: number;
  service: number;
}

export interface Unassigned {
  id: string;
  of: 'shipment' | 'job';
  /** In words for the dispatcher: no vehicle can carry it, its window cannot be reached in any shift, … */
  reason: string;
}

export interface Solution {
  routes: Route[];
  unassigned: Unassigned[];
  summary: { distance: number; duration: number; vehicles: number; cost: number; computingMs: number };
  /** What the solver kept although it breaks a constraint (a locked prefix that is itself infeasible), in words. */
  warnings?: string[];
}

/** One engine: the built-in solver or VROOM. */
export interface RouteSolver {
  readonly name: 'built-in' | 'vroom';
  solve(problem: Problem, options: SolveOptions): Promise<Solution>;
}
