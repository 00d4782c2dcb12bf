/** Requests to add to one limited key's count: `by` of them, in a window of `windowMs` when none is open. */
export interface Hit {
  key: string;
  by: number;
  windowMs: number;
}

/** A key's count in its current window once the hit is added, and the milliseconds left in that window. */
export interface Count {
  count: number;
  ttlMs: number;
}

/**
 * Counters every server process shares (decision 058): the database's `rate_limits` table or Redis. Each hit is added
 * atomically to its key's window (a key whose window has passed starts a new one with the hit), so two processes
 * adding at once both see the sum. Answers one count for each hit, in order.
 */
export interface SharedCounters {
  add(hits: Hit[]): Promise<Count[]>;
  close(): Promise<void>;
}
