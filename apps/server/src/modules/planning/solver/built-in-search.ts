import type { Instance } from './built-in-instance.js';
import { Random } from './built-in-random.js';
import { BREAK, Route, RouteCopy } from './built-in-route.js';

export interface SearchOptions {
  /** performance.now() by which the search returns. */
  deadline: number;
  /** Iterations at most (Infinity: the deadline alone). */
  iterations: number;
  seed: number;
}

export interface SearchResult {
  /** One per vehicle, holding the best solution found. */
  routes: Route[];
  /** Requests left out. */
  absent: number[];
  /** Per vehicle: its locked steps are infeasible, so the route was kept as given and nothing added. */
  frozen: boolean[];
  iterations: number;
}

/**
 * The search's parameters, those of SISR (Christiaens & Vanden Berghe, "Slack induction by string removals for
 * vehicle routing problems", Transportation Science 54(2), 2020) except the temperatures, which are relative to
 * the mean arc of the first solution (SISR's 100 and 1 are absolute, for its long runs), and were tuned on the
 * Solomon and Gehring–Homberger sets for runs of about a second.
 */
const AVERAGE_REMOVED = 10;
const MAX_STRING = 10;
const SPLIT_RATE = 0.5;
const SPLIT_DEPTH = 0.01;
const BLINK_RATE = 0.01;
const START_TEMPERATURE = 10;
const FINAL_TEMPERATURE = 0.03;
/** Neighbours kept per task for the removals. */
const NEIGHBOURS = 50;

/** Whether a request is placed by the search, has its delivery placed next to a locked pickup, or is locked. */
const FREE = 0;
const PINNED = 1;
const LOCKED = 2;

/**
 * Builds a first solution by cheapest insertion, then improves it by ruin and recreate until the deadline: each
 * iteration removes a few strings of consecutive stops from routes near a random stop (SISR's removals: the
 * slack they leave lets the recreate rebuild the area differently), reinserts every request left out greedily,
 * each at its cheapest feasible position, and keeps the result by simulated annealing.
 */
export function search(inst: Instance, options: SearchOptions): SearchResult {
  const s = new Search(inst, options.seed);
  s.construct();
  s.improve(options);
  return s.result();
}

class Search {
  private readonly rng: Random;
  readonly routes: Route[];
  private readonly frozen: boolean[];
  private readonly taskRoute: Int32Array;
  private readonly taskPos: Int32Array;
  private readonly lockedTask: Uint8Array;
  private readonly state: Uint8Array;
  /** Requests left out: a list and a flag per request. */
  private absent: Int32Array;
  private absentCount = 0;
  private readonly isAbsent: Uint8Array;

  // The routes an iteration changed, as they were before it.
  private stamp = 0;
  private readonly routeStamp: Int32Array;
  private readonly backup: RouteCopy[];
  private readonly touched: Int32Array;
  private touchedCount = 0;
  private readonly absentBackup: Int32Array;
  private absentBackupCount = 0;

  // The best solution.
  private bestCost = Infinity;
  private readonly bestNodes: Int32Array[];
  private readonly bestN: Int32Array;
  private bestAbsent: number[] = [];

  // Scratch of the removals and insertions.
  private readonly mark: Uint8Array;
  private readonly ruined: Int32Array;
  private readonly removed: Int32Array;
  private removedCount = 0;
  private readonly sequence: Int32Array;
  private readonly neighbours: Int32Array;
  private readonly k: number;
  private readonly typeSeen: Int32Array;
  private typeRound = 0;
  private readonly sortKey: Float64Array;
  private readonly demandKey: Float64Array;
  private readonly depotKey: Float64Array;
  private iterations = 0;

  constructor(
    private readonly inst: Instance,
    seed: number,
  ) {
    this.rng = new Random(seed);
    const { tasks, requests, vehicles } = inst;
    this.taskRoute = new Int32Array(tasks).fill(-1);
    this.taskPos = new Int32Array(tasks);
    this.routes = [];
    for (let v = 0; v < vehicles; v++) this.routes.push(new Route(inst, v, this.taskRoute, this.taskPos));
    this.frozen = this.routes.map(() => false);
    this.lockedTask = new Uint8Array(tasks);
    for (const list of inst.locked) for (const t of list) this.lockedTask[t] = 1;
    this.state = new Uint8Array(requests);
    for (let r = 0; r < requests; r++) {
      const t = inst.requestTask[r]!;
      if (inst.pinnedTo[r]! >= 0) this.state[r] = PINNED;
      else if (this.lockedTask[t] === 1 || (inst.requestIsShipment[r] === 1 && this.lockedTask[t + 1] === 1))
        this.state[r] = LOCKED;
    }
    this.absent = new Int32Array(requests);
    this.isAbsent = new Uint8Array(requests);
    this.routeStamp = new Int32Array(vehicles);
    this.backup = this.routes.map(() => new RouteCopy());
    this.touched = new Int32Array(vehicles);
    this.absentBackup = new Int32Array(requests);
    this.bestNodes = this.routes.map(() => new Int32Array(16));
    this.bestN = new Int32Array(vehicles);
    this.mark = new Uint8Array(tasks);
    this.ruined = new Int32Array(vehicles);
    this.removed = new Int32Array(requests);
    this.sequence = new Int32Array(tasks + 3);
    this.k = Math.min(NEIGHBOURS, Math.max(0, tasks - 1));
    this.neighbours = nearest(inst, this.k);
    this.typeSeen = new Int32Array(vehicles);
    this.sortKey = new Float64Array(requests);
    this.demandKey = new Float64Array(requests);
    this.depotKey = new Float64Array(requests);
    this.requestKeys();
  }

  /** Per request: its size against the largest vehicle, and its distance from the nearest start place. */
  private requestKeys() {
    const { inst } = this;
    const { dims, vehicles, size, cost } = inst;
    const starts = [...new Set(inst.vStart)].filter((p) => p !== inst.virtual);
    for (let r = 0; r < inst.requests; r++) {
      const t = inst.requestTask[r]!;
      let demand = 0;
      for (let d = 0; d < dims; d++) {
        let largest = 0;
        for (let v = 0; v < vehicles; v++) largest = Math.max(largest, inst.vCapacity[v * dims + d]!);
        if (largest > 0) demand += inst.amount[t * dims + d]! / largest;
      }
      this.demandKey[r] = demand;
      const place = inst.taskPlace[t]!;
      let depot = starts.length ? Infinity : 0;
      for (const p of starts) depot = Math.min(depot, cost[p * size + place]!);
      this.depotKey[r] = depot;
    }
  }

  /** The locked steps first; then every other request by cheapest insertion, farthest from a depot first. */
  construct() {
    const { inst, routes } = this;
    for (const route of routes) if (!route.rebuild()) this.frozen[route.v] = true;
    const order: number[] = [];
    for (let r = 0; r < inst.requests; r++) if (this.state[r] !== LOCKED) order.push(r);
    order.sort(
      (a, b) =>
        (this.state[b] === PINNED ? 1 : 0) - (this.state[a] === PINNED ? 1 : 0) ||
        this.depotKey[b]! - this.depotKey[a]!,
    );
    for (const r of order) if (!this.insert(r, 0)) this.addAbsent(r);
    this.saveBest(this.cost());
  }

  /** Ruin and recreate with simulated annealing until the deadline or the iteration limit. */
  improve(options: SearchOptions) {
    const { rng } = this;
    if (this.inst.requests === 0) return;
    const started = performance.now();
    const span = Math.max(1, options.deadline - started);
    let current = this.cost();
    const arcs = Math.max(1, this.inst.tasks + this.usedRoutes());
    const mean = Math.max(1e-9, (current - this.inst.penalty * this.absentCount) / arcs);
    const t0 = START_TEMPERATURE * mean;
    const ratio = FINAL_TEMPERATURE / START_TEMPERATURE;
    for (;;) {
      // An iteration limit sets the pace alone (the same run on any machine); the deadline still stops it.
      const elapsed = (performance.now() - started) / span;
      const progress = options.iterations < Infinity ? this.iterations / options.iterations : elapsed;
      if (progress >= 1 || elapsed >= 1) break;
      this.iterations++;
      const temperature = t0 * Math.pow(ratio, progress);
      this.begin();
      if (!this.ruin()) {
        this.restore();
        continue;
      }
      const idle = this.removedCount === 0;
      const absent = this.absentCount;
      this.recreate();
      // Nothing on a route to move and nothing more placed: no iteration can change anything.
      if (idle && this.absentCount === absent) break;
      const cost = this.cost();
      if (cost < current - temperature * Math.log(rng.next())) {
        current = cost;
        if (cost < this.bestCost - 1e-9 * mean) this.saveBest(cost);
      } else this.restore();
    }
  }

  result(): SearchResult {
    const { routes } = this;
    for (const route of routes) route.setNodes(this.bestNodes[route.v]!, this.bestN[route.v]!);
    return { routes, absent: this.bestAbsent, frozen: this.frozen, iterations: this.iterations };
  }

  private usedRoutes(): number {
    let used = 0;
    for (const route of this.routes) if (route.tasks > 0) used++;
    return used;
  }

  /** Travel, fixed costs of the vehicles used, and the penalty of every request left out. */
  private cost(): number {
    const { routes, inst } = this;
    let total = inst.penalty * this.absentCount;
    for (let v = 0; v < routes.length; v++) {
      const route = routes[v]!;
      if (route.tasks > 0) total += route.cost + inst.vFixed[v]!;
    }
    return total;
  }

  private addAbsent(r: number) {
    if (this.isAbsent[r] === 1) return;
    this.isAbsent[r] = 1;
    this.absent[this.absentCount++] = r;
  }

  private saveBest(cost: number) {
    this.bestCost = cost;
    for (const route of this.routes) {
      let copy = this.bestNodes[route.v]!;
      if (copy.length < route.n) copy = this.bestNodes[route.v] = new Int32Array(route.nodes.length);
      copy.set(route.nodes.subarray(0, route.n));
      this.bestN[route.v] = route.n;
    }
    this.bestAbsent = Array.from(this.absent.subarray(0, this.absentCount));
  }

  /** Starts an iteration: no route touched yet; the requests left out saved. */
  private begin() {
    this.stamp++;
    this.touchedCount = 0;
    for (let i = 0; i < this.absentCount; i++) this.absentBackup[i] = this.absent[i]!;
    this.absentBackupCount = this.absentCount;
  }

  /** Saves a route before the iteration first changes it. */
  private touch(v: number) {
    if (this.routeStamp[v] === this.stamp) return;
    this.routeStamp[v] = this.stamp;
    this.routes[v]!.save(this.backup[v]!);
    this.touched[this.touchedCount++] = v;
  }

  /** Undoes the iteration. */
  private restore() {
    const { inst } = this;
    for (let i = 0; i < this.absentCount; i++) this.isAbsent[this.absent[i]!] = 0;
    for (let i = 0; i < this.absentBackupCount; i++) {
      const r = this.absentBackup[i]!;
      this.isAbsent[r] = 1;
      this.absent[i] = r;
      const t = inst.requestTask[r]!;
      if (this.lockedTask[t] === 0) this.taskRoute[t] = -1;
      if (inst.requestIsShipment[r] === 1) this.taskRoute[t + 1] = -1;
    }
    this.absentCount = this.absentBackupCount;
    for (let i = 0; i < this.touchedCount; i++) {
      const v = this.touched[i]!;
      this.routes[v]!.restore(this.backup[v]!);
    }
  }

  /**
   * SISR's removals: strings of consecutive stops from a few routes near a random stop, sometimes with a
   * substring kept in the middle. Fills `removed`; false if a route became infeasible (possible only when the
   * travel times break the triangle inequality).
   */
  private ruin(): boolean {
    const { inst, rng, routes, taskRoute } = this;
    this.removedCount = 0;
    let used = 0;
    let free = 0;
    for (const route of routes)
      if (route.tasks > route.locked.length && !this.frozen[route.v]) {
        used++;
        free += route.tasks - route.locked.length;
      }
    if (used === 0) return true;
    const maxString = Math.min(MAX_STRING, free / used);
    const maxStrings = (4 * AVERAGE_REMOVED) / (1 + maxString) - 1;
    const strings = Math.floor(rng.next() * maxStrings) + 1;

    let seed = -1;
    const movable = (t: number) =>
      taskRoute[t]! >= 0 && this.lockedTask[t] === 0 && !this.frozen[taskRoute[t]!];
    for (let tries = 0; tries < 32 && seed < 0; tries++) {
      const t = rng.int(inst.tasks);
      if (movable(t)) seed = t;
    }
    for (let i = 0, from = rng.int(inst.tasks); i < inst.tasks && seed < 0; i++)
      if (movable((from + i) % inst.tasks)) seed = (from + i) % inst.tasks;
    if (seed < 0) return true;
    let ruinedCount = 0;
    for (let i = -1; i < this.k && ruinedCount < strings; i++) {
      const c = i < 0 ? seed : this.neighbours[seed * this.k + i]!;
      const v = taskRoute[c]!;
      if (v < 0 || this.lockedTask[c] === 1 || this.frozen[v] || this.routeStamp[v] === this.stamp) continue;
      this.touch(v);
      this.ruined[ruinedCount++] = v;
      this.removeString(routes[v]!, c, maxString);
    }
    let ok = true;
    for (let i = 0; i < ruinedCount; i++) {
      const route = routes[this.ruined[i]!]!;
      route.removeMarked(this.mark);
      if (!route.rebuild()) ok = false;
    }
    for (let i = 0; i < this.removedCount; i++) {
      const t = inst.requestTask[this.removed[i]!]!;
      for (let u = t; u < t + (inst.requestIsShipment[this.removed[i]!] === 1 ? 2 : 1); u++)
        if (this.mark[u] === 1) {
          this.mark[u] = 0;
          taskRoute[u] = -1;
        }
    }
    return ok;
  }

  /** Marks a string of the route's free stops containing task c (SISR's string or split string). */
  private removeString(route: Route, c: number, maxString: number) {
    const { rng, sequence } = this;
    let m = 0;
    let at = 0;
    for (let k = route.lockEnd + 1; k < route.n - 1; k++) {
      const node = route.nodes[k]!;
      if (node === BREAK) continue;
      if (node === c) at = m;
      sequence[m++] = node;
    }
    const length = Math.min(m, 1 + Math.floor(rng.next() * Math.min(m, maxString)));
    let kept = 0;
    if (length < m && rng.next() < SPLIT_RATE) {
      kept = 1;
      while (length + kept < m && rng.next() > SPLIT_DEPTH) kept++;
    }
    const span = length + kept;
    const low = Math.max(0, at - span + 1);
    const high = Math.min(at, m - span);
    const from = low + rng.int(high - low + 1);
    const keptFrom = kept > 0 ? from + rng.int(length + 1) : -1;
    for (let i = from; i < from + span; i++) {
      if (i >= keptFrom && i < keptFrom + kept) continue;
      this.markRequest(this.inst.taskRequest[sequence[i]!]!);
    }
  }

  private markRequest(r: number) {
    const { inst } = this;
    const t = inst.requestTask[r]!;
    if (this.mark[t] === 1 || (inst.requestIsShipment[r] === 1 && this.mark[t + 1] === 1)) return;
    if (this.lockedTask[t] === 0) this.mark[t] = 1;
    if (inst.requestIsShipment[r] === 1) this.mark[t + 1] = 1;
    this.removed[this.removedCount++] = r;
  }

  /** Reinserts the removed requests and those left out, in one of SISR's orders, each at its cheapest place. */
  private recreate() {
    const { rng, removed, sortKey } = this;
    for (let i = 0; i < this.absentCount; i++) removed[this.removedCount++] = this.absent[i]!;
    for (let i = 0; i < this.absentCount; i++) this.isAbsent[this.absent[i]!] = 0;
    this.absentCount = 0;
    const count = this.removedCount;
    const pick = rng.next() * 11;
    if (pick < 4) {
      for (let i = count - 1; i > 0; i--) {
        const j = rng.int(i + 1);
        const x = removed[i]!;
        removed[i] = removed[j]!;
        removed[j] = x;
      }
    } else {
      for (let i = 0; i < count; i++) {
        const r = removed[i]!;
        sortKey[i] = pick < 8 ? this.demandKey[r]! : pick < 10 ? this.depotKey[r]! : -this.depotKey[r]!;
      }
      // Insertion sort, descending (a handful of requests).
      for (let i = 1; i < count; i++) {
        const r = removed[i]!;
        const key = sortKey[i]!;
        let j = i - 1;
        while (j >= 0 && sortKey[j]! < key) {
          removed[j + 1] = removed[j]!;
          sortKey[j + 1] = sortKey[j]!;
          j--;
        }
        removed[j + 1] = r;
        sortKey[j + 1] = key;
      }
    }
    for (let i = 0; i < count; i++) {
      const r = removed[i]!;
      if (!this.insert(r, BLINK_RATE)) this.addAbsent(r);
    }
  }

  /** Inserts a request at its cheapest feasible place (blinking past some); false if there is none. */
  private insert(r: number, blink: number): boolean {
    const { inst, routes, rng } = this;
    const m = inst.vehicles;
    const first = inst.requestTask[r]!;
    const pair = inst.requestIsShipment[r] === 1 && this.state[r] === FREE;
    let best = Infinity;
    let target: Route | undefined;
    let bi = -1;
    let bj = -1;
    if (this.state[r] === PINNED) {
      const route = routes[inst.pinnedTo[r]!]!;
      if (!this.frozen[route.v] && route.evalSingle(first + 1, Infinity, rng, blink) < Infinity) {
        target = route;
        bi = route.bestI;
      }
    } else {
      const round = ++this.typeRound;
      for (let v = 0; v < m; v++) {
        if (inst.fits[r * m + v] === 0 || this.frozen[v]) continue;
        const route = routes[v]!;
        let extra = 0;
        if (route.tasks === 0) {
          const type = inst.vType[v]!;
          if (this.typeSeen[type] === round) continue;
          this.typeSeen[type] = round;
          extra = route.cost + inst.vFixed[v]!;
        }
        const c = pair
          ? route.evalPair(first, best - extra, rng, blink)
          : route.evalSingle(first, best - extra, rng, blink);
        if (c + extra < best) {
          best = c + extra;
          target = route;
          bi = route.bestI;
          bj = route.bestJ;
        }
      }
    }
    if (!target) return false;
    this.touch(target.v);
    let ok: boolean;
    if (this.state[r] === PINNED) ok = target.insert(bi, first + 1);
    else if (pair) {
      target.insertAfter(bj, first + 1);
      target.insertAfter(bi, first);
      ok = target.rebuild();
    } else ok = target.insert(bi, first);
    if (ok) return true;
    // Rounding put it a hair past a window: take it out again.
    const own = this.state[r] === PINNED ? first + 1 : first;
    this.mark[own] = 1;
    if (pair) this.mark[first + 1] = 1;
    target.removeMarked(this.mark);
    this.mark[own] = 0;
    this.mark[first + 1] = 0;
    target.rebuild();
    this.taskRoute[own] = -1;
    if (pair) this.taskRoute[first + 1] = -1;
    return false;
  }
}

/**
 * For each task, the k tasks nearest to it (by the cost of going there: one row of the matrix, read in order),
 * nearest first: a bounded max-heap per task.
 */
function nearest(inst: Instance, k: number): Int32Array {
  const { tasks, taskPlace, cost, size } = inst;
  const out = new Int32Array(tasks * k);
  const heapKey = new Float64Array(k);
  const heapTask = new Int32Array(k);
  for (let a = 0; a < tasks; a++) {
    const row = taskPlace[a]! * size;
    let count = 0;
    for (let b = 0; b < tasks; b++) {
      if (b === a) continue;
      const key = cost[row + taskPlace[b]!]!;
      if (count < k) {
        let i = count++;
        while (i > 0) {
          const parent = (i - 1) >> 1;
          if (heapKey[parent]! >= key) break;
          heapKey[i] = heapKey[parent]!;
          heapTask[i] = heapTask[parent]!;
          i = parent;
        }
        heapKey[i] = key;
        heapTask[i] = b;
      } else if (key < heapKey[0]!) {
        let i = 0;
        for (;;) {
          const left = 2 * i + 1;
          if (left >= k) break;
          const child = left + 1 < k && heapKey[left + 1]! > heapKey[left]! ? left + 1 : left;
          if (heapKey[child]! <= key) break;
          heapKey[i] = heapKey[child]!;
          heapTask[i] = heapTask[child]!;
          i = child;
        }
        heapKey[i] = key;
        heapTask[i] = b;
      }
    }
    // Pop the largest into the back: nearest first.
    for (let end = count - 1; end >= 0; end--) {
      out[a * k + end] = heapTask[0]!;
      const key = heapKey[end]!;
      const task = heapTask[end]!;
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        if (left >= end) break;
        const child = left + 1 < end && heapKey[left + 1]! > heapKey[left]! ? left + 1 : left;
        if (heapKey[child]! <= key) break;
        heapKey[i] = heapKey[child]!;
        heapTask[i] = heapTask[child]!;
        i = child;
      }
      heapKey[i] = key;
      heapTask[i] = task;
    }
  }
  return out;
}
