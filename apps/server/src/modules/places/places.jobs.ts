import type { Db, DbOrTx } from '../../db/client.js';
import { wakeJob, type JobDefinition } from '../../db/jobs/job-runner.js';
import { GeocoderError, type Geocoder } from '../../lib/geocoding/geocoder.js';
import { PLACES_GEOCODE_JOB } from './address-placing.js';
import { purgeCachedAnswers, readWaitingAddresses, settleWaitingAddress } from './places.queries.js';
import { addressText, CACHE_DAYS, searchPlaces } from './places.service.js';

export const PLACES_PURGE_JOB = 'places.purge-cache';

/** An address just placed, for the domains that copied its point (a delivery's steps). */
export interface PlacedAddress {
  addressId: string;
  lat: number;
  lng: number;
}
/** Runs in the transaction that placed the addresses, so what it changes commits with them. */
export type PlacedFollower = (tx: DbOrTx, placed: readonly PlacedAddress[]) => Promise<void>;

/** Waits before the next try of an address the geocoder could not answer: 1, 2, 4 … minutes, at most a day. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 86_400_000);
}

export interface PlacingRun {
  placed: number;
  notFound: number;
  postponed: number;
  /** Whether addresses are left for another run (the time budget ran out). */
  more: boolean;
}

/**
 * Places the addresses waiting for a point (decision 060), one geocoder question each (the cache answers the
 * repeated ones), at the geocoder's rate. Found: the point, `placed`, and the followers (a delivery's steps take it);
 * nothing found: `not_found`, for a person to drag a pin; the geocoder down, slow, refusing or talking nonsense: the
 * address stays `pending`, tried again later with a growing wait, and the run stops there (the next addresses would
 * meet the same provider). Stops after `budgetMs`, telling whether work is left.
 */
export async function placeWaitingAddresses(
  db: Db,
  geocoder: Geocoder,
  followers: readonly PlacedFollower[],
  opts: { budgetMs?: number; signal?: AbortSignal } = {},
): Promise<PlacingRun> {
  const run: PlacingRun = { placed: 0, notFound: 0, postponed: 0, more: false };
  if (geocoder.provider === 'none') return run;
  const until = Date.now() + (opts.budgetMs ?? 50_000);
  // An address whose answer was not recorded (edited meanwhile) is not tried again in this run: the next one has it.
  const unrecorded = new Set<string>();
  for (;;) {
    const batch = (await readWaitingAddresses(db, 20 + unrecorded.size)).filter((a) => !unrecorded.has(a.id));
    if (batch.length === 0) return run;
    for (const address of batch) {
      if (Date.now() >= until || opts.signal?.aborted) return { ...run, more: true };
      let places;
      try {
        places = await searchPlaces(
          db,
          geocoder,
          { text: addressText(address), country: address.countryCode, limit: 1 },
          opts.signal,
        );
      } catch (error) {
        if (!(error instanceof GeocoderError)) throw error;
        const attempts = address.placeAttempts + 1;
        await settleWaitingAddress(db, address, {
          kind: 'retry',
          attempts,
          retryAt: new Date(Date.now() + retryDelayMs(attempts)),
        });
        run.postponed++;
        return run;
      }
      const place = places[0];
      await db.transaction(async (tx) => {
        const outcome = place
          ? { kind: 'placed' as const, lat: place.lat, lng: place.lng }
          : { kind: 'not_found' as const };
        if (!(await settleWaitingAddress(tx, address, outcome))) {
          unrecorded.add(address.id);
          return;
        }
        if (!place) {
          run.notFound++;
          return;
        }
        run.placed++;
        const placed = [{ addressId: address.id, lat: place.lat, lng: place.lng }];
        for (const follow of followers) await follow(tx, placed);
      });
    }
  }
}

/**
 * The geocoding job: woken by each write of an unplaced address (`wakePlacing`), and every minute for the retries
 * and for the addresses kept before the upgrade. Stately: one run at a time in the whole install, so the provider's
 * rate is kept. A run that used its budget wakes the next one.
 */
export function placesGeocodeJob(
  db: Db,
  geocoder: Geocoder,
  followers: readonly PlacedFollower[],
): JobDefinition {
  return {
    name: PLACES_GEOCODE_JOB,
    cron: '* * * * *',
    wakeable: true,
    policy: 'stately',
    expireInSeconds: 120,
    handle: async (_data, job) => {
      const run = await placeWaitingAddresses(db, geocoder, followers, { signal: job.signal });
      if (run.more) await wakeJob(db, PLACES_GEOCODE_JOB);
    },
  };
}

/** Answers older than CACHE_DAYS are deleted, daily. */
export function placesPurgeJob(db: Db): JobDefinition {
  return {
    name: PLACES_PURGE_JOB,
    cron: '17 3 * * *',
    policy: 'stately',
    handle: async () => {
      await purgeCachedAnswers(db, new Date(Date.now() - CACHE_DAYS * 86_400_000));
    },
  };
}
