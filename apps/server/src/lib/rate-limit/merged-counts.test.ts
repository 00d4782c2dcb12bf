import { describe, expect, it } from 'vitest';
import type { Hit, SharedCounters } from './counters.js';
import { MergedCounts } from './merged-counts.js';

/** Shared counters in memory, as two processes would see the database's: one total a key, windows ignored. */
function memoryCounters() {
  const totals = new Map<string, number>();
  let down = false;
  const counters: SharedCounters = {
    add: (hits: Hit[]) => {
      if (down) return Promise.reject(new Error('away'));
      return Promise.resolve(
        hits.map((h) => {
          const count = (totals.get(h.key) ?? 0) + h.by;
          totals.set(h.key, count);
          return { count, ttlMs: 30_000 };
        }),
      );
    },
    close: () => Promise.resolve(),
  };
  return { counters, totals, setDown: (value: boolean) => (down = value) };
}

const merged = (counters: SharedCounters, more: { maxKeys?: number; errors?: unknown[] } = {}) =>
  new MergedCounts(counters, {
    intervalMs: 1_000,
    ...(more.maxKeys ? { maxKeys: more.maxKeys } : {}),
    onError: (err) => more.errors?.push(err),
  });

describe('merged counts', () => {
  it("decides on the other process's merged total plus its own requests since", async () => {
    const shared = memoryCounters();
    const a = merged(shared.counters);
    const b = merged(shared.counters);
    for (let i = 0; i < 5; i++) a.hit('k', 60_000);
    await a.merge();
    expect(b.hit('k', 60_000).current).toBe(1); // b has not merged yet: the documented error
    await b.merge();
    expect(shared.totals.get('k')).toBe(6);
    expect(b.hit('k', 60_000)).toEqual({ current: 7, ttl: expect.any(Number) as number });
    expect(b.hit('k', 60_000).ttl).toBeLessThanOrEqual(30_000); // the shared window's end, not its own
  });

  it('keeps the counts of a failed merge for the next one, and reports the failure once', async () => {
    const shared = memoryCounters();
    const errors: unknown[] = [];
    const a = merged(shared.counters, { errors });
    shared.setDown(true);
    a.hit('k', 60_000);
    await a.merge();
    a.hit('k', 60_000);
    await a.merge();
    expect(errors).toHaveLength(1);
    expect(a.hit('k', 60_000).current).toBe(3);
    shared.setDown(false);
    await a.merge();
    expect(shared.totals.get('k')).toBe(3);
  });

  it('forgets a window that has passed, and the oldest key past its bound', async () => {
    const shared = memoryCounters();
    const a = merged(shared.counters, { maxKeys: 2 });
    a.hit('short', 1);
    await new Promise((r) => setTimeout(r, 5));
    expect(a.hit('short', 60_000).current).toBe(1);
    a.hit('x', 60_000);
    a.hit('y', 60_000); // past two keys: 'short' (the oldest) goes
    await a.merge();
    expect([...shared.totals.keys()].sort()).toEqual(['x', 'y']);
  });
});
