import type { Place } from '@courier/contract';
import { and, asc, eq, isNull, lt, lte, or, sql, type AnyColumn } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { addresses, geocodeCache } from '../../db/schema/index.js';

export type CacheKind = 'search' | 'reverse';

/** A cached answer younger than `since`, or undefined when there is none. */
export async function readCachedAnswer(
  db: DbOrTx,
  key: { provider: string; kind: CacheKind; query: string },
  since: Date,
): Promise<Place[] | undefined> {
  const [row] = await db
    .select({ answer: geocodeCache.answer, createdAt: geocodeCache.createdAt })
    .from(geocodeCache)
    .where(
      and(
        eq(geocodeCache.provider, key.provider),
        eq(geocodeCache.kind, key.kind),
        eq(geocodeCache.query, key.query),
      ),
    )
    .limit(1);
  return row && row.createdAt >= since ? (row.answer as Place[]) : undefined;
}

export async function writeCachedAnswer(
  db: DbOrTx,
  key: { provider: string; kind: CacheKind; query: string },
  answer: Place[],
): Promise<void> {
  await db
    .insert(geocodeCache)
    .values({ ...key, answer })
    .onConflictDoUpdate({
      target: [geocodeCache.provider, geocodeCache.kind, geocodeCache.query],
      set: { answer, createdAt: sql`now()` },
    });
}

export async function purgeCachedAnswers(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(geocodeCache).where(lt(geocodeCache.createdAt, before));
}

/** Addresses waiting for a point whose next try is due, oldest first. */
export async function readWaitingAddresses(db: DbOrTx, limit: number) {
  return db
    .select({
      id: addresses.id,
      line1: addresses.line1,
      line2: addresses.line2,
      line3: addresses.line3,
      city: addresses.city,
      county: addresses.county,
      postcode: addresses.postcode,
      countryCode: addresses.countryCode,
      placeAttempts: addresses.placeAttempts,
    })
    .from(addresses)
    .where(
      and(
        eq(addresses.placeStatus, 'pending'),
        isNull(addresses.lat),
        or(isNull(addresses.placeRetryAt), lte(addresses.placeRetryAt, sql`now()`)),
      ),
    )
    .orderBy(sql`${addresses.placeRetryAt} asc nulls first`, asc(addresses.createdAt))
    .limit(limit);
}
export type WaitingAddress = Awaited<ReturnType<typeof readWaitingAddresses>>[number];

/**
 * Records what the geocoder said of a waiting address, unless its text was edited since it was read (then the new
 * text waits for its own try). Answers whether it was recorded.
 */
export async function settleWaitingAddress(
  db: DbOrTx,
  address: WaitingAddress,
  outcome:
    | { kind: 'placed'; lat: number; lng: number }
    | { kind: 'not_found' }
    | { kind: 'retry'; attempts: number; retryAt: Date },
): Promise<boolean> {
  const set =
    outcome.kind === 'placed'
      ? { lat: outcome.lat, lng: outcome.lng, placeStatus: 'placed' as const, placeRetryAt: null }
      : outcome.kind === 'not_found'
        ? { placeStatus: 'not_found' as const, placeRetryAt: null }
        : { placeAttempts: outcome.attempts, placeRetryAt: outcome.retryAt };
  const same = (column: AnyColumn, value: string | null) =>
    value === null ? isNull(column) : eq(column, value);
  const rows = await db
    .update(addresses)
    .set(set)
    .where(
      and(
        eq(addresses.id, address.id),
        eq(addresses.placeStatus, 'pending'),
        isNull(addresses.lat),
        same(addresses.line1, address.line1),
        same(addresses.line2, address.line2),
        same(addresses.line3, address.line3),
        same(addresses.city, address.city),
        same(addresses.postcode, address.postcode),
        same(addresses.countryCode, address.countryCode),
      ),
    )
    .returning({ id: addresses.id });
  return rows.length > 0;
}
