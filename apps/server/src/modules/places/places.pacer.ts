import { setTimeout as sleep } from 'node:timers/promises';
import { GeocoderError, type Geocoder } from '../../lib/geocoding/geocoder.js';
import type { SharedCounters } from '../../lib/rate-limit/counters.js';

/** A call that would wait longer than this for its turn is refused as rate-limited instead of hanging a request. */
const MAX_WAIT_MS = 5_000;

/**
 * The provider's rate as a shared window: `max` calls in each `windowMs` (1 s at one call a second or more; one call
 * in a longer window below that, 2 s at 0.5 a second).
 */
export function paceWindow(ratePerSecond: number): { windowMs: number; max: number } {
  return ratePerSecond >= 1
    ? { windowMs: 1_000, max: Math.floor(ratePerSecond) }
    : { windowMs: Math.ceil(1_000 / ratePerSecond), max: 1 };
}

/** The counters the install's processes share, and the key their turns are counted under (the provider's). */
export interface SharedPace {
  counters: SharedCounters;
  key?: string;
}

/**
 * The geocoder at its provider's rate (decision 060): a queue with a rate, not a burst. In this process, calls are
 * spaced `1 / ratePerSecond` apart however many requests and jobs ask at once; across the install's processes, each
 * call also takes a turn in a window counted in the shared counters of decision 058 (the database or Redis), so two
 * processes behind a load balancer do not ask the public Nominatim twice a second. Should the counters not answer,
 * the process paces on its own rather than stop placing addresses.
 */
export function pacedGeocoder(
  geocoder: Geocoder,
  shared: SharedPace | null = null,
  now: () => number = Date.now,
): Geocoder {
  if (geocoder.provider === 'none') return geocoder; // asks no one
  const intervalMs = 1000 / geocoder.ratePerSecond;
  const window = paceWindow(geocoder.ratePerSecond);
  const key = shared?.key ?? `geocoder:${geocoder.provider}`;
  let nextSlot = 0;

  const localTurn = async (deadline: number, signal?: AbortSignal) => {
    const at = Math.max(now(), nextSlot);
    if (at > deadline) throw new GeocoderError('rate-limited', 'too many address searches at once');
    nextSlot = at + intervalMs;
    const wait = at - now();
    if (wait > 0) await sleep(wait, undefined, signal ? { signal } : {});
  };

  const sharedTurn = async (deadline: number, signal?: AbortSignal) => {
    if (!shared) return;
    for (;;) {
      let count;
      try {
        [count] = await shared.counters.add([{ key, by: 1, windowMs: window.windowMs }]);
      } catch {
        return; // the counters are down: this process's own pace holds
      }
      if (!count || count.count <= window.max) return;
      // This window's turns are taken (by this process or another): try again in the next one.
      const wait = Math.max(count.ttlMs, 10);
      if (now() + wait > deadline)
        throw new GeocoderError('rate-limited', 'too many address searches at once');
      await sleep(wait, undefined, signal ? { signal } : {});
    }
  };

  const turn = async (signal?: AbortSignal) => {
    const deadline = now() + MAX_WAIT_MS;
    await localTurn(deadline, signal);
    await sharedTurn(deadline, signal);
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
