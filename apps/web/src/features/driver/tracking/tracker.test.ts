import type { PositionPoint } from '@courier/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Permission } from './sharing';
import { createTracker, DETACH_GRACE_MS, SEND_EVERY_MS, type TrackerEnv } from './tracker';

const T0 = Date.parse('2026-11-24T08:00:00.000Z');

/** A phone: a fake Geolocation moved by the test, a page to hide, a Wake Lock, and the queue as a list. */
function fakePhone({
  permission = 'granted',
  wakeLock = true,
}: { permission?: Permission | null; wakeLock?: boolean } = {}) {
  const watchers = new Map<
    number,
    { ok: PositionCallback; fail: PositionErrorCallback | null | undefined }
  >();
  const options: (PositionOptions | undefined)[] = [];
  let nextId = 1;
  let hidden = false;
  const visibility = new Set<() => void>();
  let setPermission: ((p: Permission) => void) | null = null;
  const locks: { released: boolean; release: () => void }[] = [];
  const kept: PositionPoint[][] = [];

  const env: TrackerEnv = {
    geolocation: {
      watchPosition(ok, fail, opts) {
        watchers.set(nextId, { ok, fail });
        options.push(opts);
        return nextId++;
      },
      clearWatch: (id) => void watchers.delete(id),
    },
    watchPermission:
      permission === null
        ? null
        : (onChange) => {
            setPermission = onChange;
            onChange(permission);
            return () => (setPermission = null);
          },
    requestWakeLock: wakeLock
      ? () => {
          const listeners: (() => void)[] = [];
          const lock = {
            released: false,
            release: () => {
              lock.released = true;
              for (const l of listeners) l();
            },
          };
          locks.push(lock);
          return Promise.resolve({
            release: () => Promise.resolve(lock.release()),
            addEventListener: (_type: 'release', listener: () => void) => void listeners.push(listener),
          });
        }
      : null,
    isHidden: () => hidden,
    onVisibility(listener) {
      visibility.add(listener);
      return () => visibility.delete(listener);
    },
    keep(points) {
      kept.push(points);
      return Promise.resolve();
    },
    now: () => Date.now(),
  };

  return {
    env,
    kept,
    locks,
    options,
    watching: () => watchers.size,
    /** The phone reports where it is now (the browser's timestamp is the time of the fix). */
    at(lat: number, lng = -0.1) {
      for (const { ok } of watchers.values())
        ok({
          timestamp: Date.now(),
          coords: { latitude: lat, longitude: lng, accuracy: 5, speed: null, heading: null },
        } as GeolocationPosition);
    },
    fail(code: number) {
      for (const { fail } of watchers.values()) fail?.({ code } as GeolocationPositionError);
    },
    setHidden(value: boolean) {
      hidden = value;
      // The browser drops the screen's wake lock when the page is hidden.
      if (value) for (const lock of locks) if (!lock.released) lock.release();
      for (const listener of visibility) listener();
    },
    permission: (p: Permission) => setPermission?.(p),
  };
}

const lats = (batch: PositionPoint[] | undefined) => batch?.map((p) => p.lat);
const flushPromises = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

describe('the tracker', () => {
  it('watches with high accuracy only while a delivery is under way, and sends at most every few seconds', async () => {
    const phone = fakePhone();
    const tracker = createTracker(phone.env);
    tracker.attach();
    expect(phone.watching()).toBe(0);

    tracker.setUnderWay(true);
    expect(phone.watching()).toBe(1);
    expect(phone.options[0]).toMatchObject({ enableHighAccuracy: true });
    expect(tracker.snapshot().sharing.lastFixAt).toBeNull();

    phone.at(51.5);
    await vi.advanceTimersByTimeAsync(1_000);
    phone.at(51.50001); // a metre on, a second later: nothing new
    await vi.advanceTimersByTimeAsync(1_000);
    phone.at(51.501);
    expect(phone.kept).toEqual([]);
    await vi.advanceTimersByTimeAsync(SEND_EVERY_MS - 2_000);
    expect(phone.kept.map(lats)).toEqual([[51.5, 51.501]]);
    expect(tracker.snapshot().sharing.lastFixAt).toBe(T0 + 2_000);

    // Nothing new, nothing sent.
    await vi.advanceTimersByTimeAsync(SEND_EVERY_MS * 3);
    expect(phone.kept).toHaveLength(1);

    // The delivery is handed over: the watch ends and what was collected goes at once.
    phone.at(51.502);
    tracker.setUnderWay(false);
    await flushPromises();
    expect(phone.watching()).toBe(0);
    expect(phone.kept.map(lats)).toEqual([[51.5, 51.501], [51.502]]);
  });

  it('pauses when the driver turns sharing off, and starts again when they turn it on', async () => {
    const phone = fakePhone();
    const tracker = createTracker(phone.env);
    tracker.attach();
    tracker.setUnderWay(true);
    phone.at(51.5);
    tracker.setEnabled(false);
    await flushPromises();
    expect(phone.watching()).toBe(0);
    expect(phone.kept.map(lats)).toEqual([[51.5]]);
    phone.at(51.6); // nobody listens
    tracker.setEnabled(true);
    expect(phone.watching()).toBe(1);
  });

  it('does not ask for the permission until the driver taps, and says when it is blocked', () => {
    const phone = fakePhone({ permission: 'prompt' });
    const tracker = createTracker(phone.env);
    tracker.attach();
    tracker.setUnderWay(true);
    expect(phone.watching()).toBe(0);
    tracker.tap(); // "Start: en route to pickup", or "Share my location"
    expect(phone.watching()).toBe(1);
    phone.fail(1);
    expect(phone.watching()).toBe(0);
    expect(tracker.snapshot().sharing.permission).toBe('denied');
    // Allowed in the browser's settings meanwhile: it starts by itself.
    phone.permission('granted');
    expect(phone.watching()).toBe(1);
  });

  it('keeps the screen on while sharing, asks again when the page is back, lets go when paused', async () => {
    const phone = fakePhone();
    const tracker = createTracker(phone.env);
    tracker.attach();
    tracker.setUnderWay(true);
    await flushPromises();
    expect(tracker.snapshot().wakeLock).toBe('held');
    expect(phone.locks).toHaveLength(1);

    phone.setHidden(true);
    await flushPromises();
    expect(tracker.snapshot().wakeLock).toBe('none');
    phone.setHidden(false);
    await flushPromises();
    expect(tracker.snapshot().wakeLock).toBe('held');
    expect(phone.locks.map((l) => l.released)).toEqual([true, false]);

    tracker.setEnabled(false);
    await flushPromises();
    expect(tracker.snapshot().wakeLock).toBe('none');
    expect(phone.locks.map((l) => l.released)).toEqual([true, true]);

    const noLock = fakePhone({ wakeLock: false });
    const other = createTracker(noLock.env);
    other.attach();
    other.setUnderWay(true);
    expect(other.snapshot().wakeLock).toBe('unavailable');
  });

  it('hands over what it has when the page is hidden, and tells of the gap on return', async () => {
    const phone = fakePhone();
    const tracker = createTracker(phone.env);
    tracker.attach();
    tracker.setUnderWay(true);
    phone.at(51.5);
    phone.setHidden(true);
    await flushPromises();
    expect(phone.kept.map(lats)).toEqual([[51.5]]);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    phone.setHidden(false);
    expect(tracker.snapshot().sharing.gap).toEqual({ from: T0, to: T0 + 10 * 60_000 });
    tracker.dismissGap();
    expect(tracker.snapshot().sharing.gap).toBeNull();
  });

  it('keeps watching while the driver moves between screens, and stops once they left them', async () => {
    const phone = fakePhone();
    const tracker = createTracker(phone.env);
    const leaveDashboard = tracker.attach();
    tracker.setUnderWay(true);
    leaveDashboard();
    const leaveDelivery = tracker.attach();
    await vi.advanceTimersByTimeAsync(DETACH_GRACE_MS * 2);
    expect(phone.watching()).toBe(1);
    leaveDelivery();
    await vi.advanceTimersByTimeAsync(DETACH_GRACE_MS - 1);
    expect(phone.watching()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(phone.watching()).toBe(0);
  });

  it('cuts a long stretch collected without sends into batches the server takes', async () => {
    const phone = fakePhone();
    const tracker = createTracker(phone.env);
    tracker.attach();
    tracker.setUnderWay(true);
    // 1,200 points in under one send interval (a browser that held them back and delivered them at once).
    for (let i = 0; i < 1_200; i++) {
      vi.setSystemTime(T0 + i);
      phone.at(51 + i / 1000);
    }
    await tracker.flush();
    expect(phone.kept.map((b) => b.length)).toEqual([500, 500, 200]);
    expect(phone.kept.flat().map((p) => p.lat)).toEqual(
      Array.from({ length: 1_200 }, (_, i) => 51 + i / 1000),
    );
  });
});
