import {
  DELIVERY,
  earliestStart,
  JOB_DELIVERY,
  JOB_PICKUP,
  latestStart,
  PICKUP,
  type Instance,
} from './built-in-instance.js';
import type { Random } from './built-in-random.js';

/** Route positions that are not tasks. */
export const START = -1;
export const END = -2;
export const BREAK = -3;

/**
 * One vehicle's route in the search, with what each position's neighbours need to know precomputed, so that
 * inserting a task anywhere is checked in O(1) (a pickup and its delivery together in O(n) per pickup position):
 *
 * - `arr`/`dep`: earliest arrival and departure at each position, leaving the start at the shift's start;
 * - `late`: the latest arrival at each position from which the rest of the route can still be done in time
 *   (a window, the break, the shift's end), so that a detour ending at position k is feasible iff it arrives by
 *   `late[k]` (arriving earlier only waits, so feasibility is monotone in time);
 * - `load`, `pre`, `suf`: what is on board leaving each position, and its running maxima from the start and
 *   from the end: a delivery job adds its amount up to its position, a pickup job from its position on, a
 *   shipment between its two positions.
 *
 * The break is a position of its own, taken where the driver is: no travel into it, and travel out of it from the
 * last place before it (`pl`). When it is last it may be skipped, if the route ends before its window opens.
 */
export class Route {
  /** Positions, the start, the end and the break included. */
  n = 0;
  nodes: Int32Array;
  /** Place travelled into (-1 at the break), place left from, next place travelled into. */
  pin: Int32Array;
  pl: Int32Array;
  nxt: Int32Array;
  arr: Float64Array;
  dep: Float64Array;
  late: Float64Array;
  load: Float64Array;
  pre: Float64Array;
  suf: Float64Array;
  /** Travel cost of the route as it is (for an empty route: start to end). */
  cost = 0;
  /** Position of the break, or -1. */
  brk = -1;
  /** Departure from the break if it is last and taken (when a task is inserted after it). */
  takenDep = 0;
  /** Insertions go into arcs (k, k + 1) with k >= lockEnd: after the locked steps. */
  lockEnd = 0;
  /** Tasks on the route, locked ones included. */
  tasks = 0;
  feasible = true;
  /** Locked tasks, in order, at the route's beginning. */
  readonly locked: Int32Array;

  private readonly size: number;
  private readonly time: Float64Array;
  private readonly costs: Float64Array;
  private readonly dims: number;
  private readonly capacity: Float64Array;
  private readonly start: number;
  private readonly end: number;
  private readonly shiftStart: number;
  private readonly shiftEnd: number;
  private readonly hasBreak: boolean;
  private readonly bStart: number;
  private readonly bEnd: number;
  private readonly bDuration: number;
  /** Scratch: the running maximum load of a pair insertion. */
  private readonly runMax: Float64Array;
  /** Result of the last evaluation: the arcs where the task (or pickup, delivery) goes. */
  bestI = -1;
  bestJ = -1;

  constructor(
    private readonly inst: Instance,
    readonly v: number,
    private readonly taskRoute: Int32Array,
    private readonly taskPos: Int32Array,
  ) {
    this.size = inst.size;
    this.time = inst.time;
    this.costs = inst.cost;
    this.dims = inst.dims;
    this.capacity = inst.vCapacity.slice(v * inst.dims, (v + 1) * inst.dims);
    this.start = inst.vStart[v]!;
    this.end = inst.vEnd[v]!;
    this.shiftStart = inst.vShiftStart[v]!;
    this.shiftEnd = inst.vShiftEnd[v]!;
    this.hasBreak = inst.vHasBreak[v] === 1;
    this.bStart = inst.vBreakStart[v]!;
    this.bEnd = inst.vBreakEnd[v]!;
    this.bDuration = inst.vBreakDuration[v]!;
    this.runMax = new Float64Array(inst.dims);
    this.locked = inst.locked[v]!;
    const room = this.locked.length + 16;
    this.nodes = new Int32Array(room);
    this.pin = new Int32Array(room);
    this.pl = new Int32Array(room);
    this.nxt = new Int32Array(room);
    this.arr = new Float64Array(room);
    this.dep = new Float64Array(room);
    this.late = new Float64Array(room);
    this.load = new Float64Array(room * inst.dims);
    this.pre = new Float64Array(room * inst.dims);
    this.suf = new Float64Array(room * inst.dims);
    this.nodes[0] = START;
    this.nodes.set(this.locked, 1);
    this.n = this.locked.length + 1;
    this.nodes[this.n++] = END;
  }

  /** Sets the positions (start, tasks and break as given, end) and recomputes; returns whether it is feasible. */
  setNodes(nodes: Int32Array, n: number): boolean {
    this.reserve(n + 1);
    this.nodes.set(nodes.subarray(0, n));
    this.n = n;
    return this.rebuild();
  }

  /** Inserts a task after position k (not recomputed). */
  insertAfter(k: number, task: number) {
    this.reserve(this.n + 2);
    this.nodes.copyWithin(k + 2, k + 1, this.n);
    this.nodes[k + 1] = task;
    this.n++;
  }

  /** Drops the tasks marked in `mark` (not recomputed). */
  removeMarked(mark: Uint8Array) {
    let w = 0;
    const nodes = this.nodes;
    for (let k = 0; k < this.n; k++) {
      const node = nodes[k]!;
      if (node >= 0 && mark[node] === 1) continue;
      nodes[w++] = node;
    }
    this.n = w;
  }

  /**
   * Copies the route's state into `c` (undone by `restore`: copying back costs less than recomputing). Whole
   * arrays, so that no view is allocated per iteration.
   */
  save(c: RouteCopy) {
    if (c.nodes.length !== this.nodes.length) c.grow(this.nodes.length, this.dims);
    c.nodes.set(this.nodes);
    c.pin.set(this.pin);
    c.pl.set(this.pl);
    c.nxt.set(this.nxt);
    c.arr.set(this.arr);
    c.dep.set(this.dep);
    c.late.set(this.late);
    c.load.set(this.load);
    c.pre.set(this.pre);
    c.suf.set(this.suf);
    c.n = this.n;
    c.cost = this.cost;
    c.brk = this.brk;
    c.takenDep = this.takenDep;
    c.lockEnd = this.lockEnd;
    c.tasks = this.tasks;
    c.feasible = this.feasible;
  }

  /** Puts back the state `save` copied (the route's arrays may have grown since, never shrunk). */
  restore(c: RouteCopy) {
    this.nodes.set(c.nodes);
    this.pin.set(c.pin);
    this.pl.set(c.pl);
    this.nxt.set(c.nxt);
    this.arr.set(c.arr);
    this.dep.set(c.dep);
    this.late.set(c.late);
    this.load.set(c.load);
    this.pre.set(c.pre);
    this.suf.set(c.suf);
    this.n = c.n;
    this.cost = c.cost;
    this.brk = c.brk;
    this.takenDep = c.takenDep;
    this.lockEnd = c.lockEnd;
    this.tasks = c.tasks;
    this.feasible = c.feasible;
    for (let k = 1; k < c.n - 1; k++) {
      const node = this.nodes[k]!;
      if (node >= 0) {
        this.taskRoute[node] = this.v;
        this.taskPos[node] = k;
      }
    }
  }

  private reserve(room: number) {
    if (room <= this.nodes.length) return;
    const size = Math.max(room, this.nodes.length * 2);
    const grow = <T extends Int32Array | Float64Array>(a: T, per = 1): T => {
      const b = new (a.constructor as new (n: number) => T)(size * per);
      b.set(a);
      return b;
    };
    this.nodes = grow(this.nodes);
    this.pin = grow(this.pin);
    this.pl = grow(this.pl);
    this.nxt = grow(this.nxt);
    this.arr = grow(this.arr);
    this.dep = grow(this.dep);
    this.late = grow(this.late);
    this.load = grow(this.load, this.dims);
    this.pre = grow(this.pre, this.dims);
    this.suf = grow(this.suf, this.dims);
  }

  /** Recomputes everything from `nodes` (placing the break first); returns whether the route is feasible. */
  rebuild(): boolean {
    if (this.hasBreak) this.placeBreak();
    this.passes();
    return this.feasible;
  }

  /**
   * Puts the break where it fits best: skipped at the end if the route is done before its window opens, else in
   * the arc that tolerates the most delay before it (the break then fills waiting the route had anyway, and
   * leaves room for stops inserted before it).
   */
  private placeBreak() {
    const nodes = this.nodes;
    let w = 0;
    for (let k = 0; k < this.n; k++) if (nodes[k] !== BREAK) nodes[w++] = nodes[k]!;
    this.n = w;
    this.reserve(w + 1);
    let at = 0;
    if (w > 2) {
      this.passes();
      const { pl, pin, dep, late, time, size } = this;
      let best = -Infinity;
      at = -1;
      for (let k = 0; k < w - 1; k++) {
        const travel = time[pl[k]! * size + pin[k + 1]!]!;
        const leave = dep[k]!;
        if (k === w - 2 && leave + travel <= this.bStart) {
          at = k;
          break;
        }
        const s = leave > this.bStart ? leave : this.bStart;
        if (s > this.bEnd) break;
        if (s + this.bDuration + travel > late[k + 1]!) continue;
        const tolerance = Math.min(this.bEnd - leave, late[k + 1]! - this.bDuration - travel - leave);
        if (tolerance > best) {
          best = tolerance;
          at = k;
        }
      }
      // No arc takes it: keep it after the locked steps, the route is infeasible (reported as such).
      if (at < 0) at = this.locked.length;
    }
    nodes.copyWithin(at + 2, at + 1, w);
    nodes[at + 1] = BREAK;
    this.n = w + 1;
  }

  /** The forward and backward passes over the whole route, then the loads; sets `feasible`. */
  private passes() {
    const ok = this.forward(1);
    this.tasks = 0;
    for (let k = 1; k < this.n - 1; k++) if (this.nodes[k]! >= 0) this.tasks++;
    this.lockEnd = this.locked.length + (this.brk > 0 && this.brk <= this.locked.length ? 1 : 0);
    this.cost = this.backward(this.n - 2);
    this.feasible = this.loads() && ok;
  }

  /**
   * Inserts task x after position k and updates what it changes: the places and earliest times from it on, the
   * latest arrivals and next places up to it, the loads (for a route with a break, whose place may change, all of
   * it). Returns whether the route is feasible.
   */
  insert(k: number, x: number): boolean {
    if (this.hasBreak) {
      this.insertAfter(k, x);
      return this.rebuild();
    }
    this.reserve(this.n + 2);
    const { nodes, late, nxt, costs, size, pl } = this;
    const px = this.inst.taskPlace[x]!;
    const to = nxt[k]!;
    this.cost += costs[pl[k]! * size + px]! + costs[px * size + to]! - costs[pl[k]! * size + to]!;
    nodes.copyWithin(k + 2, k + 1, this.n);
    late.copyWithin(k + 2, k + 1, this.n);
    nxt.copyWithin(k + 2, k + 1, this.n);
    nodes[k + 1] = x;
    this.n++;
    this.tasks++;
    const ok = this.forward(k + 1);
    this.backward(k + 1);
    this.feasible = this.loads() && ok;
    return this.feasible;
  }

  /** Places, earliest arrivals and departures from position `from` on; whether they keep every window. */
  private forward(from: number): boolean {
    const { n, nodes, pin, pl, arr, dep, time, size, inst, bStart, bEnd, bDuration } = this;
    const { taskPlace, taskService } = inst;
    let feasible = true;
    if (from === 1) {
      this.brk = -1;
      pin[0] = pl[0] = this.start;
      arr[0] = dep[0] = this.shiftStart;
    }
    for (let k = from; k < n; k++) {
      const node = nodes[k]!;
      if (node === BREAK) {
        pin[k] = -1;
        pl[k] = pl[k - 1]!;
        this.brk = k;
        const a = dep[k - 1]!;
        arr[k] = a;
        // Skipped when last and the route is done before the window opens.
        if (k === n - 2 && a + time[pl[k]! * size + this.end]! <= bStart) dep[k] = a;
        else {
          const s = a > bStart ? a : bStart;
          if (s > bEnd) feasible = false;
          dep[k] = s + bDuration;
        }
        continue;
      }
      const p = node >= 0 ? taskPlace[node]! : this.end;
      pin[k] = pl[k] = p;
      const a = dep[k - 1]! + time[pl[k - 1]! * size + p]!;
      arr[k] = a;
      if (node >= 0) {
        this.taskRoute[node] = this.v;
        this.taskPos[node] = k;
        let s = earliestStart(inst, node, a);
        if (s === Infinity) {
          feasible = false;
          s = a;
        }
        dep[k] = s + taskService[node]!;
      } else {
        dep[k] = a;
        if (a > this.shiftEnd) feasible = false;
      }
    }
    if (this.brk === n - 2) {
      const s = Math.max(arr[this.brk]!, bStart);
      this.takenDep = s <= bEnd ? s + bDuration : Infinity;
    }
    return feasible;
  }

  /** Latest arrivals and next places from position `to` back to the start; the travel cost of those arcs. */
  private backward(to: number): number {
    const { n, nodes, pin, pl, nxt, late, time, costs, size, inst, bStart, bEnd, bDuration } = this;
    const { taskService } = inst;
    let cost = 0;
    if (to === n - 2) {
      late[n - 1] = this.shiftEnd;
      nxt[n - 1] = this.end;
    }
    for (let k = to; k >= 0; k--) {
      const node = nodes[k]!;
      let latestDep: number;
      if (nodes[k + 1] === BREAK) {
        nxt[k] = nxt[k + 1]!;
        latestDep = late[k + 1]!;
      } else {
        const travel = pl[k]! * size + pin[k + 1]!;
        nxt[k] = pin[k + 1]!;
        cost += costs[travel]!;
        latestDep = late[k + 1]! - time[travel]!;
      }
      if (node >= 0) late[k] = latestStart(inst, node, latestDep - taskService[node]!);
      else if (node === BREAK) {
        const take = Math.min(bEnd, latestDep - bDuration);
        let latest = take >= bStart ? take : -Infinity;
        if (k === n - 2)
          latest = Math.max(latest, Math.min(bStart - time[pl[k]! * size + pin[k + 1]!]!, latestDep));
        late[k] = latest;
      } else late[k] = latestDep;
    }
    return cost;
  }

  /** Loads leaving each position (delivery jobs on board from the start), their running maxima; whether they fit. */
  private loads(): boolean {
    const { n, nodes, dims, load, pre, suf, capacity, inst } = this;
    const { amount, taskKind } = inst;
    let fits = true;
    for (let d = 0; d < dims; d++) {
      let x = 0;
      for (let k = 1; k < n - 1; k++) {
        const node = nodes[k]!;
        if (node >= 0 && taskKind[node] === JOB_DELIVERY) x += amount[node * dims + d]!;
      }
      let most = x;
      load[d] = pre[d] = x;
      for (let k = 1; k < n; k++) {
        const node = nodes[k]!;
        if (node >= 0) {
          const kind = taskKind[node]!;
          const a = amount[node * dims + d]!;
          x += kind === JOB_DELIVERY || kind === DELIVERY ? -a : a;
          if (x > most) most = x;
        }
        load[k * dims + d] = x;
        pre[k * dims + d] = most;
      }
      if (most > capacity[d]!) fits = false;
      let tail = -Infinity;
      for (let k = n - 1; k >= 0; k--) {
        const l = load[k * dims + d]!;
        if (l > tail) tail = l;
        suf[k * dims + d] = tail;
      }
    }
    return fits;
  }

  /** Whether leaving `from` at `t` for position k1 (and on to the end) is still on time. */
  private tailOk(k1: number, from: number, t: number): boolean {
    const { time, size } = this;
    if (this.nodes[k1] !== BREAK) return t + time[from * size + this.pin[k1]!]! <= this.late[k1]!;
    const k2 = k1 + 1;
    const travel = time[from * size + this.pin[k2]!]!;
    if (k2 === this.n - 1 && t + travel <= this.bStart) return t + travel <= this.late[k2]!;
    const s = t > this.bStart ? t : this.bStart;
    return s <= this.bEnd && s + this.bDuration + travel <= this.late[k2]!;
  }

  /**
   * The cheapest feasible insertion of a lone task (a job, or the delivery of a shipment whose pickup is locked
   * here) costing less than `bound`: its extra cost, or ∞; `bestI` is the arc. Each position is skipped with
   * probability `blink` (SISR's blinks: a little noise in the otherwise greedy choice).
   */
  evalSingle(x: number, bound: number, rng: Random, blink: number): number {
    const { inst, pl, nxt, dep, pre, suf, time, costs, size } = this;
    const px = inst.taskPlace[x]!;
    const service = inst.taskService[x]!;
    const kind = inst.taskKind[x]!;
    const lastEnd = inst.winEnd[inst.winFrom[x + 1]! - 1]!;
    const last = this.n - 2;
    const finalBreak = this.brk === last ? last : -1;
    // Capacity matters only if the fullest stretch could overflow: a delivery job adds to the loads before it (the
    // most at the end), a pickup to those after it (the most at the start).
    const prefix = kind === JOB_DELIVERY && !this.fitsWith(pre, last, x);
    const suffix = (kind === JOB_PICKUP || kind === PICKUP) && !this.fitsWith(suf, this.lockEnd, x);
    let best = bound;
    this.bestI = -1;
    for (let k = this.firstArc(x, service); k <= last; k++) {
      const leave = k === finalBreak ? this.takenDep : dep[k]!;
      if (leave > lastEnd) break;
      if (prefix && !this.fitsWith(pre, k, x)) break;
      if (suffix && !this.fitsWith(suf, k, x)) continue;
      const from = pl[k]!;
      const to = nxt[k]!;
      const delta = costs[from * size + px]! + costs[px * size + to]! - costs[from * size + to]!;
      if (delta >= best) continue;
      if (blink > 0 && rng.next() < blink) continue;
      const s = earliestStart(inst, x, leave + time[from * size + px]!);
      if (s === Infinity) continue;
      if (!this.tailOk(k + 1, px, s + service)) continue;
      best = delta;
      this.bestI = k;
    }
    return this.bestI < 0 ? Infinity : best;
  }

  /** Whether the loads in `maxima` at position k, plus task x's amount, fit the vehicle. */
  private fitsWith(maxima: Float64Array, k: number, x: number): boolean {
    const { dims, capacity } = this;
    const amount = this.inst.amount;
    for (let d = 0; d < dims; d++)
      if (maxima[k * dims + d]! + amount[x * dims + d]! > capacity[d]!) return false;
    return true;
  }

  /**
   * The first arc (k, k + 1) after which task x could go by time: service there starts no earlier than its first
   * window opens, so the next position must still be reachable by then. `late` never decreases along a route, so
   * this is a binary search.
   */
  private firstArc(x: number, service: number): number {
    const inst = this.inst;
    const ready = inst.winStart[inst.winFrom[x]!]! + service;
    const late = this.late;
    let low = this.lockEnd;
    let high = this.n - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (late[mid + 1]! >= ready) high = mid;
      else low = mid + 1;
    }
    return low;
  }

  /**
   * The cheapest feasible insertion of shipment `p` (its pickup; the delivery is task p + 1) costing less than
   * `bound`: its extra cost, or ∞; the pickup goes in arc `bestI`, the delivery in arc `bestJ` (>= bestI, both
   * in the route's current numbering; equal when the delivery follows the pickup directly).
   */
  evalPair(p: number, bound: number, rng: Random, blink: number): number {
    const { inst, nodes, pin, pl, nxt, dep, late, load, dims, capacity, time, costs, size, runMax } = this;
    const { taskService } = inst;
    const q = p + 1;
    const pp = inst.taskPlace[p]!;
    const pq = inst.taskPlace[q]!;
    const sp = taskService[p]!;
    const sq = taskService[q]!;
    const pLast = inst.winEnd[inst.winFrom[p + 1]! - 1]!;
    const n = this.n;
    const finalBreak = this.brk === n - 2 ? this.brk : -1;
    let best = bound;
    this.bestI = this.bestJ = -1;
    for (let i = this.firstArc(p, sp); i <= n - 2; i++) {
      let ok = true;
      for (let d = 0; d < dims; d++) {
        const x = load[i * dims + d]! + inst.amount[p * dims + d]!;
        if (x > capacity[d]!) ok = false;
        runMax[d] = load[i * dims + d]!;
      }
      if (!ok) continue;
      const from = pl[i]!;
      const to = nxt[i]!;
      const into = costs[from * size + pp]!;
      const deltaP = into + costs[pp * size + to]! - costs[from * size + to]!;
      if (deltaP >= best) continue;
      const leave = i === finalBreak ? this.takenDep : dep[i]!;
      if (leave > pLast) break;
      const sP = earliestStart(inst, p, leave + time[from * size + pp]!);
      if (sP === Infinity) continue;
      let place = pp;
      let clock = sP + sp;
      // The delivery right after the pickup.
      const direct = into + costs[pp * size + pq]! + costs[pq * size + to]! - costs[from * size + to]!;
      if (direct < best && !(blink > 0 && rng.next() < blink)) {
        const sQ = earliestStart(inst, q, clock + time[pp * size + pq]!);
        if (sQ !== Infinity && this.tailOk(i + 1, pq, sQ + sq)) {
          best = direct;
          this.bestI = this.bestJ = i;
        }
      }
      // The delivery after position m, the pickup's detour carried through the positions between.
      for (let m = i + 1; m <= n - 2; m++) {
        const node = nodes[m]!;
        let full = false;
        for (let d = 0; d < dims; d++) {
          const x = load[m * dims + d]!;
          if (x > runMax[d]!) runMax[d] = x;
          if (runMax[d]! + inst.amount[p * dims + d]! > capacity[d]!) full = true;
        }
        if (full) break;
        if (node === BREAK) {
          const s = clock > this.bStart ? clock : this.bStart;
          if (s > this.bEnd) break;
          clock = s + this.bDuration;
        } else {
          const a = clock + time[place * size + pin[m]!]!;
          if (a > late[m]!) break;
          clock = earliestStart(inst, node, a) + taskService[node]!;
          place = pin[m]!;
        }
        const after = nxt[m]!;
        const delta =
          deltaP + costs[place * size + pq]! + costs[pq * size + after]! - costs[place * size + after]!;
        if (delta >= best) continue;
        if (blink > 0 && rng.next() < blink) continue;
        const sQ = earliestStart(inst, q, clock + time[place * size + pq]!);
        if (sQ === Infinity) continue;
        if (!this.tailOk(m + 1, pq, sQ + sq)) continue;
        best = delta;
        this.bestI = i;
        this.bestJ = m;
      }
    }
    return this.bestI < 0 ? Infinity : best;
  }
}

/** A saved route state (Route.save, Route.restore). */
export class RouteCopy {
  n = 0;
  nodes = new Int32Array(0);
  pin = new Int32Array(0);
  pl = new Int32Array(0);
  nxt = new Int32Array(0);
  arr = new Float64Array(0);
  dep = new Float64Array(0);
  late = new Float64Array(0);
  load = new Float64Array(0);
  pre = new Float64Array(0);
  suf = new Float64Array(0);
  cost = 0;
  brk = -1;
  takenDep = 0;
  lockEnd = 0;
  tasks = 0;
  feasible = true;

  grow(room: number, dims: number) {
    this.nodes = new Int32Array(room);
    this.pin = new Int32Array(room);
    this.pl = new Int32Array(room);
    this.nxt = new Int32Array(room);
    this.arr = new Float64Array(room);
    this.dep = new Float64Array(room);
    this.late = new Float64Array(room);
    this.load = new Float64Array(room * dims);
    this.pre = new Float64Array(room * dims);
    this.suf = new Float64Array(room * dims);
  }
}
