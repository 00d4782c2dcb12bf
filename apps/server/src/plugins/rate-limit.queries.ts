import { lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { rowsOf } from '../db/executed-rows.js';
import { rateLimits } from '../db/schema/index.js';
import type { Count, Hit, SharedCounters } from '../lib/rate-limit/counters.js';

/**
 * Adds the hits to their keys' windows in one statement, each key atomically: a key with no row, or whose window has
 * passed (by the database's clock, the one clock every process shares), starts a window with its hit; any other adds
 * to it. Keys go in in order, so two batches with keys in common lock their rows in the same order and never
 * deadlock. Keys are unique within a batch.
 */
export async function addRateLimitHits(db: DbOrTx, hits: Hit[]): Promise<Count[]> {
  if (hits.length === 0) return [];
  const rows = JSON.stringify(hits.map((h) => ({ key: h.key, n: h.by, window_ms: h.windowMs })));
  const result = await db.execute(sql`
    insert into rate_limits as r (key, count, reset_at)
    select h.key, h.n, now() + h.window_ms * interval '1 millisecond'
      from jsonb_to_recordset(${rows}::jsonb) as h(key text, n integer, window_ms integer)
      order by h.key
    on conflict (key) do update set
      count = case when r.reset_at <= now() then excluded.count else r.count + excluded.count end,
      reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
    returning r.key, r.count, greatest(0, ceil(extract(epoch from r.reset_at - now()) * 1000))::integer as ttl_ms`);
  const counts = new Map(
    rowsOf<{ key: string; count: number; ttl_ms: number }>(result).map((row) => [
      row.key,
      { count: Number(row.count), ttlMs: Number(row.ttl_ms) },
    ]),
  );
  return hits.map((h) => {
    const count = counts.get(h.key);
    if (!count) throw new Error(`rate limit ${h.key}: no count answered`);
    return count;
  });
}

/** Counters past their window: a new request starts a new one anyway, the row only takes room. */
export async function deleteExpiredRateLimits(db: DbOrTx): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now()`));
}

/** The database's counters (the default): the `rate_limits` table, on PostgreSQL or PGlite alike. */
export function databaseCounters(db: DbOrTx): SharedCounters {
  return { add: (hits) => addRateLimitHits(db, hits), close: () => Promise.resolve() };
}
