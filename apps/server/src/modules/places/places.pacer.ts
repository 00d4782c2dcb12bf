import { setTimeout as sleep } from 'node:timers/promises';
import { GeocoderError, type Geocoder } from '../../lib/geocoding/geocoder.js';

/** A call that would wait longer than this for its turn is refused as rate-limited instead of hanging a request. */
const MAX_WAIT_MS = 5_000;

/**
 * The geocoder at its provider's rate (decision 060): calls are spaced `1 / ratePerSecond` apart in this process,
 * however many requests and jobs ask at once: a queue with a rate, not a burst. The geocoding job runs in one
 * process at a time (stately), so its pace is the whole install's.
 */
export function pacedGeocoder(geocoder: Geocoder, now: () => number = Date.now): Geocoder {
  const intervalMs = 1000 / geocoder.ratePerSecond;
  let nextSlot = 0;
  const turn = async (signal?: AbortSignal) => {
    const at = Math.max(now(), nextSlot);
    const wait = at - now();
    if (wait > MAX_WAIT_MS) throw new GeocoderError('rate-limited', 'too many address searches at once');
    nextSlot = at + intervalMs;
    if (wait > 0) await sleep(wait, undefined, signal ? { signal } : {});
  };
  return {
    ...geocoder,
    search: async (query, signal) => {
      await turn(signal);
      return geocoder.search(query, signal);
    },
    reverse: async (point, signal) => {
      await turn(signal);
      return geocoder.reverse(point, signal);
    },
  };
}
