/**
 * Which event ids a process has seen, so a client's cursor can say "everything up to `high`, except `holes`".
 *
 * Ids come from a sequence when the row is inserted, not when it commits: a later id can commit (and be published)
 * before an earlier one. A process that sees 11 before 10 keeps 10 as a hole until it arrives; a client's cursor
 * names the holes, so a reconnect catches up `id > high or id in holes`: no gap, and no event twice. A hole older
 * than `holeTtlMs` is a rolled-back insert (or a publish lost with its process: the hub reads holes from the table
 * before they expire) and is forgotten.
 */
export interface Cursor {
  high: number;
  holes: number[];
}

export class SequenceTracker {
  high = 0;
  private readonly holes = new Map<number, number>();

  constructor(private readonly opts: { holeTtlMs: number; maxHoles: number }) {}

  /** Starts from the table: the highest id, and the ids missing among the recent ones (in flight at start). */
  init(high: number, recentIds: readonly number[], now = Date.now()): void {
    this.high = high;
    const present = new Set(recentIds);
    const from = recentIds.length ? Math.min(...recentIds) : high + 1;
    for (let id = from; id < high; id++) if (!present.has(id)) this.addHole(id, now);
  }

  /** Marks an id seen; false when it was seen before (a duplicate to drop). */
  see(id: number, now = Date.now()): boolean {
    if (id > this.high) {
      for (let missing = Math.max(this.high + 1, id - this.opts.maxHoles); missing < id; missing++)
        this.addHole(missing, now);
      this.high = id;
      return true;
    }
    return this.holes.delete(id);
  }

  /** Holes older than `minAgeMs`, oldest first (to read from the table); expired ones are forgotten. */
  staleHoles(minAgeMs: number, now = Date.now()): number[] {
    const out: number[] = [];
    for (const [id, since] of this.holes) {
      if (now - since > this.opts.holeTtlMs) this.holes.delete(id);
      else if (now - since >= minAgeMs) out.push(id);
    }
    return out;
  }

  cursor(): Cursor {
    return { high: this.high, holes: [...this.holes.keys()] };
  }

  private addHole(id: number, now: number) {
    this.holes.set(id, now);
    if (this.holes.size > this.opts.maxHoles) this.holes.delete(this.holes.keys().next().value!);
  }
}

/** `123` or `123~118,120`: what the SSE `id:` line carries and `Last-Event-ID` brings back. */
export function formatCursor(c: Cursor): string {
  return c.holes.length ? `${c.high}~${c.holes.join(',')}` : String(c.high);
}

export function parseCursor(text: string | undefined): Cursor | null | undefined {
  if (text === undefined || text === '') return undefined;
  const m = /^(\d{1,15})(?:~(\d{1,15}(?:,\d{1,15}){0,999}))?$/.exec(text.trim());
  if (!m) return null;
  const high = Number(m[1]);
  const holes = m[2]
    ? m[2]
        .split(',')
        .map(Number)
        .filter((h) => h < high)
    : [];
  return { high, holes };
}
