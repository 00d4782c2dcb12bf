import { POSITIONS, type PositionPoint } from '@courier/contract';
import { chunksOf, createTrackBuffer } from './positions';
import {
  initialSharing,
  sharingReducer,
  shouldHoldWakeLock,
  shouldWatch,
  type Permission,
  type SharingEvent,
  type SharingState,
} from './sharing';

/** The parts of the browser the tracker uses; the real ones in the app, fakes in tests. */
export interface TrackerEnv {
  /** Null where the browser has none, or off a secure origin (where it exists but always refuses). */
  geolocation: Pick<Geolocation, 'watchPosition' | 'clearWatch'> | null;
  /** The current geolocation permission and its changes; null without the Permissions API. */
  watchPermission: ((onChange: (p: Permission) => void) => () => void) | null;
  /** `navigator.wakeLock.request('screen')`; null where the browser has no Wake Lock. */
  requestWakeLock: (() => Promise<WakeLockHandle>) | null;
  isHidden: () => boolean;
  /** Listens to `visibilitychange` and `pagehide`; returns the unsubscribe. */
  onVisibility: (listener: () => void) => () => void;
  /** Keeps a batch (the write queue). Batches are handed over one at a time, in order. */
  keep: (points: PositionPoint[]) => Promise<void>;
  now: () => number;
}

/** What the tracker needs of a WakeLockSentinel. */
export interface WakeLockHandle {
  release(): Promise<void>;
  addEventListener(type: 'release', listener: () => void): void;
}

export type WakeLockState = 'held' | 'unavailable' | 'none';

export interface TrackerSnapshot {
  sharing: SharingState;
  wakeLock: WakeLockState;
}

export const SEND_EVERY_MS = POSITIONS.sendEverySeconds * 1000;
/** A screen left lingers this long before tracking stops, so moving between driver screens leaves no hole. */
export const DETACH_GRACE_MS = 3_000;

const WATCH_OPTIONS: PositionOptions = { enableHighAccuracy: true, maximumAge: 0 };

/**
 * Watches the phone's position while the sharing machine says so, thins the readings, hands what was kept to the
 * write queue at most every POSITIONS.sendEverySeconds, and keeps the screen on meanwhile. The screens attach while
 * they are open (a web app tracks only while open) and tell it whether a delivery is under way.
 */
export function createTracker(env: TrackerEnv, initial: Partial<SharingState> = {}) {
  let state = initialSharing({ supported: env.geolocation !== null, ...initial });
  let snapshot: TrackerSnapshot = { sharing: state, wakeLock: 'none' };
  const listeners = new Set<() => void>();
  const buffer = createTrackBuffer();
  let watchId: number | null = null;
  let flushTimer: ReturnType<typeof setInterval> | null = null;
  let flushing: Promise<void> = Promise.resolve();
  let lock: WakeLockHandle | null = null;
  let lockPending = false;
  let attached = 0;
  /** Listening to the page and allowed to watch: from the first attach until the last detach's grace ends. */
  let running = false;
  let detachTimer: ReturnType<typeof setTimeout> | null = null;
  let unsubscribe: (() => void)[] = [];

  const publish = (patch: Partial<TrackerSnapshot>) => {
    snapshot = { ...snapshot, ...patch };
    for (const listener of listeners) listener();
  };

  function dispatch(event: SharingEvent) {
    const next = sharingReducer(state, event);
    if (next === state) return;
    state = next;
    publish({ sharing: state });
    reconcile();
  }

  /** Hands the points kept so far to the queue; chained, so batches keep their order. */
  function flush(): Promise<void> {
    const points = buffer.take();
    if (points.length === 0) return flushing;
    flushing = flushing.then(async () => {
      for (const chunk of chunksOf(points)) await env.keep(chunk);
    });
    // A batch that could not be kept (storage full) is lost; the next ones still go.
    flushing = flushing.catch(() => undefined);
    return flushing;
  }

  function startWatching() {
    if (!env.geolocation || watchId !== null) return;
    watchId = env.geolocation.watchPosition(
      (position) => {
        buffer.add(position);
        dispatch({
          type: 'fix',
          at: env.now(),
          lat: position.coords.latitude,
          lng: position.coords.longitude,
        });
      },
      (error) => dispatch({ type: 'fix-error', code: error.code }),
      WATCH_OPTIONS,
    );
    flushTimer = setInterval(() => void flush(), SEND_EVERY_MS);
  }

  function stopWatching() {
    if (watchId !== null) env.geolocation?.clearWatch(watchId);
    watchId = null;
    if (flushTimer !== null) clearInterval(flushTimer);
    flushTimer = null;
    void flush();
  }

  function holdWakeLock() {
    if (lock || lockPending) return;
    if (!env.requestWakeLock) {
      publish({ wakeLock: 'unavailable' });
      return;
    }
    lockPending = true;
    env.requestWakeLock().then(
      (sentinel) => {
        lockPending = false;
        // Sharing may have stopped while the lock was asked for.
        if (!shouldHoldWakeLock(state) || !running) {
          void sentinel.release().catch(() => undefined);
          return;
        }
        lock = sentinel;
        // The browser drops the lock when the page is hidden; the next `visible` asks again.
        sentinel.addEventListener('release', () => {
          if (lock !== sentinel) return;
          lock = null;
          publish({ wakeLock: 'none' });
        });
        publish({ wakeLock: 'held' });
      },
      () => {
        // Refused (battery saver, no user activation yet): the screen may lock, and tracking with it.
        lockPending = false;
        publish({ wakeLock: 'unavailable' });
      },
    );
  }

  function releaseWakeLock() {
    const held = lock;
    lock = null;
    if (held) void held.release().catch(() => undefined);
    if (snapshot.wakeLock !== 'none') publish({ wakeLock: 'none' });
  }

  function reconcile() {
    if (running && shouldWatch(state)) startWatching();
    else if (watchId !== null) stopWatching();
    if (running && shouldHoldWakeLock(state)) holdWakeLock();
    else releaseWakeLock();
  }

  function visibilityChanged() {
    // The page may not come back (closed from the app switcher, reloaded: `pagehide` may come while the page still
    // counts as visible): what was collected goes to the queue now.
    void flush();
    if (env.isHidden()) dispatch({ type: 'hidden', at: env.now() });
    else {
      dispatch({ type: 'visible', at: env.now() });
      // The browser dropped the wake lock while hidden: ask again.
      reconcile();
    }
  }

  function start() {
    running = true;
    unsubscribe = [env.onVisibility(visibilityChanged)];
    if (env.watchPermission)
      unsubscribe.push(env.watchPermission((value) => dispatch({ type: 'permission', value })));
    reconcile();
  }

  function stop() {
    for (const off of unsubscribe) off();
    unsubscribe = [];
    running = false;
    reconcile();
  }

  return {
    snapshot: (): TrackerSnapshot => snapshot,
    subscribe(this: void, listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** A driver screen is open: tracking may run. Returns the detach, which lingers DETACH_GRACE_MS. */
    attach(this: void): () => void {
      if (detachTimer !== null) clearTimeout(detachTimer);
      detachTimer = null;
      attached += 1;
      if (!running) start();
      let detached = false;
      return () => {
        if (detached) return;
        detached = true;
        attached -= 1;
        if (attached > 0) return;
        detachTimer = setTimeout(() => {
          detachTimer = null;
          if (attached === 0) stop();
        }, DETACH_GRACE_MS);
      };
    },
    setUnderWay(this: void, value: boolean) {
      dispatch({ type: 'under-way', value });
    },
    /** The driver's switch (a tap: the permission prompt may show). */
    setEnabled(this: void, on: boolean) {
      dispatch({ type: 'switch', on });
    },
    /** Loads the remembered switch of the signed-in driver, without counting as a tap. */
    restoreEnabled(this: void, on: boolean) {
      dispatch({ type: 'restore', on });
    },
    /** The driver tapped something that starts tracking (started a delivery, "Share my location", "Try again"). */
    tap(this: void) {
      dispatch({ type: 'tap' });
    },
    dismissGap(this: void) {
      dispatch({ type: 'dismiss-gap' });
    },
    /** Hands the collected points to the queue now (tests; page hide does it by itself). */
    flush,
  };
}

export type Tracker = ReturnType<typeof createTracker>;
