import type { SharedCounters } from './counters.js';

interface Entry {
  /** The key's total over every process, as the last merge answered it (this process's merged requests in it). */
  shared: number;
  /** This process's requests not merged yet. */
  pending: number;
  /** When the window ends, by this process's clock (taken from the shared counter's time left at each merge). */
  resetAt: number;
  windowMs: number;
}

export interface MergedCountsOptions {
  /** How often the pending counts are merged into the shared counters (decision 058: 1 s). */
  intervalMs: number;
  /** Keys kept at most; past it the oldest window is dropped (its pending requests uncounted), as a bounded cache. */
  maxKeys?: number;
  /** Keys per statement or pipeline. */
  batchSize?: number;
  onError(err: unknown): void;
}

/**
 * A limit counted in memory and merged into the shared counters once an interval (decision 058): for the API's
 * general limit, which every request passes, so a request costs a map lookup and never a round trip. A request is
 * decided on the total the last merge answered plus this process's requests since; each merge adds what this process
 * counted and reads back the total of every process.
 *
 * The error is bounded: once the total passes the limit, a process refuses from its first merge after the other
 * processes merged the requests that passed it, at most two intervals later (one for theirs, one for its own).
 */
export class MergedCounts {
  private readonly entries = new Map<string, Entry>();
  private timer: NodeJS.Timeout | undefined;
  private merging: Promise<void> | undefined;
  private failing = false;

  constructor(
    private readonly counters: SharedCounters,
    private readonly opts: MergedCountsOptions,
  ) {}

  /** Counts one request of `key` and answers the key's total as this process knows it, and the time left. */
  hit(key: string, windowMs: number): { current: number; ttl: number } {
    const now = Date.now();
    let entry = this.entries.get(key);
    if (!entry || entry.resetAt <= now) {
      // A new window: its requests of the window before, not merged yet, belonged to that one and are dropped.
      if (entry) this.entries.delete(key);
      else if (this.entries.size >= (this.opts.maxKeys ?? 100_000)) this.dropOldest();
      entry = { shared: 0, pending: 0, resetAt: now + windowMs, windowMs };
      this.entries.set(key, entry);
    }
    entry.pending += 1;
    return { current: entry.shared + entry.pending, ttl: entry.resetAt - now };
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.merge(), this.opts.intervalMs);
    this.timer.unref();
  }

  /** Stops the timer and merges what is pending, so a process that stops leaves its counts behind. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.merging;
    await this.merge();
  }

  /** Merges the pending counts now (one merge at a time: a call during one waits for it). */
  merge(): Promise<void> {
    this.merging ??= this.mergeOnce().finally(() => {
      this.merging = undefined;
    });
    return this.merging;
  }

  private async mergeOnce(): Promise<void> {
    const now = Date.now();
    const batch: [string, Entry, number][] = [];
    for (const [key, entry] of this.entries) {
      // A window that has passed is forgotten, with what it had pending: those requests belonged to it, not the next.
      if (entry.resetAt <= now) this.entries.delete(key);
      else if (entry.pending > 0) batch.push([key, entry, entry.pending]);
    }
    const size = this.opts.batchSize ?? 500;
    for (let i = 0; i < batch.length; i += size) {
      const part = batch.slice(i, i + size);
      let counts;
      try {
        counts = await this.counters.add(
          part.map(([key, entry, by]) => ({ key, by, windowMs: entry.windowMs })),
        );
      } catch (err) {
        // The counts stay pending for the next merge; meanwhile this process goes on counting on its own.
        if (!this.failing) this.opts.onError(err);
        this.failing = true;
        return;
      }
      this.failing = false;
      const answered = Date.now();
      part.forEach(([, entry, by], j) => {
        const count = counts[j];
        if (!count) return;
        // Requests that came during the merge stay pending for the next one. An entry replaced meanwhile (its
        // window ended here) is no longer in the map: updating it changes nothing.
        entry.pending -= by;
        entry.shared = count.count;
        entry.resetAt = answered + count.ttlMs;
      });
    }
  }

  private dropOldest(): void {
    const oldest = this.entries.keys().next();
    if (!oldest.done) this.entries.delete(oldest.value);
  }
}
