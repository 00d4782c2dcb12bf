import type { Place } from '@courier/contract';
import type { DbOrTx } from '../../db/client.js';
import type { GeocodeQuery, Geocoder } from '../../lib/geocoding/geocoder.js';
import type { Point } from '../../lib/routing/routing.js';
import { readCachedAnswer, writeCachedAnswer, type CacheKind } from './places.queries.js';

/** How long a geocoder's answer is reused (addresses move rarely; a new street is found within a month). */
export const CACHE_DAYS = 30;

/** One spelling of a question: case, spacing and commas do not make a new one. */
export function normaliseText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s*,\s*/g, ', ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s,]+|[\s,]+$/g, '');
}

/** The cache's key of a search: the text, the country, the point rounded to about 10 km, the count asked. */
export function searchKey(q: GeocodeQuery): string {
  const near = q.near ? `${q.near.lat.toFixed(1)},${q.near.lng.toFixed(1)}` : '';
  return [normaliseText(q.text), q.country ?? '', near, q.limit ?? 5].join('|');
}
/** A reverse lookup's key: the point to about 10 metres. */
export const reverseKey = (p: Point) => `${p.lat.toFixed(4)},${p.lng.toFixed(4)}`;

async function cached(
  db: DbOrTx,
  geocoder: Geocoder,
  kind: CacheKind,
  query: string,
  ask: () => Promise<Place[]>,
): Promise<Place[]> {
  const key = { provider: geocoder.provider, kind, query };
  const since = new Date(Date.now() - CACHE_DAYS * 86_400_000);
  const hit = await readCachedAnswer(db, key, since);
  if (hit) return hit;
  const answer = await ask();
  await writeCachedAnswer(db, key, answer);
  return answer;
}

/**
 * Places matching a text, best first: from the cache when the same question was asked within CACHE_DAYS, else from
 * the geocoder (whose failures, `GeocoderError`, reach the caller; nothing is cached then).
 */
export function searchPlaces(
  db: DbOrTx,
  geocoder: Geocoder,
  query: GeocodeQuery,
  signal?: AbortSignal,
): Promise<Place[]> {
  if (geocoder.provider === 'none') return Promise.resolve([]);
  return cached(db, geocoder, 'search', searchKey(query), () => geocoder.search(query, signal));
}

/** The address nearest a point, cached like a search. */
export async function reversePlace(
  db: DbOrTx,
  geocoder: Geocoder,
  point: Point,
  signal?: AbortSignal,
): Promise<Place | null> {
  if (geocoder.provider === 'none') return null;
  const answer = await cached(db, geocoder, 'reverse', reverseKey(point), async () => {
    const place = await geocoder.reverse(point, signal);
    return place ? [place] : [];
  });
  return answer[0] ?? null;
}

/** The text a stored address is looked up by: its lines, town and postcode (its country is asked apart). */
export function addressText(a: {
  line1: string;
  line2: string | null;
  line3: string | null;
  city: string;
  county: string | null;
  postcode: string;
}): string {
  return [a.line1, a.line2, a.line3, a.city, a.postcode].filter((part) => part && part.trim()).join(', ');
}
