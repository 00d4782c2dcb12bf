import { driverQueue, sendQueued } from '../offline/runner';
import { mergePositions, trackLabel } from './positions';
import type { Permission } from './sharing';
import { createTracker, type TrackerEnv } from './tracker';

/** Whose track it is: set by the driver screens, kept past a sign-out so the last points still go to their owner. */
let driverUuid: string | null = null;

export function setTrackedDriver(uuid: string | null): void {
  if (uuid) driverUuid = uuid;
}

function watchPermission(onChange: (p: Permission) => void): () => void {
  let status: PermissionStatus | null = null;
  let closed = false;
  const changed = () => {
    if (status) onChange(status.state);
  };
  navigator.permissions.query({ name: 'geolocation' }).then(
    (s) => {
      if (closed) return;
      status = s;
      changed();
      s.addEventListener('change', changed);
    },
    () => undefined,
  );
  return () => {
    closed = true;
    status?.removeEventListener('change', changed);
  };
}

const browser = typeof window !== 'undefined';

/**
 * The app's tracker, on the browser's Geolocation, Permissions and Wake Lock APIs. Off a secure origin the browser
 * refuses every position, so geolocation counts as missing there.
 */
const env: TrackerEnv = {
  geolocation: browser && window.isSecureContext && 'geolocation' in navigator ? navigator.geolocation : null,
  watchPermission: browser && 'permissions' in navigator ? watchPermission : null,
  requestWakeLock: browser && 'wakeLock' in navigator ? () => navigator.wakeLock.request('screen') : null,
  isHidden: () => document.visibilityState === 'hidden',
  onVisibility(listener) {
    document.addEventListener('visibilitychange', listener);
    window.addEventListener('pagehide', listener);
    return () => {
      document.removeEventListener('visibilitychange', listener);
      window.removeEventListener('pagehide', listener);
    };
  },
  async keep(points) {
    if (!driverUuid) return;
    await driverQueue.enqueueOrMerge(
      driverUuid,
      trackLabel,
      { kind: 'positions', body: { points } },
      mergePositions,
    );
    void sendQueued();
  },
  now: () => Date.now(),
};

export const liveTracker = createTracker(env);

/** The "Sharing my location" switch, remembered per driver on this phone (on unless they paused it). */
const SWITCH_KEY = 'courier.driver.location-sharing';

function readSwitches(): Record<string, boolean> {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(SWITCH_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, boolean>) : {};
  } catch {
    return {};
  }
}

export function rememberedSharing(uuid: string): boolean {
  return readSwitches()[uuid] !== false;
}

export function rememberSharing(uuid: string, on: boolean): void {
  try {
    window.localStorage.setItem(SWITCH_KEY, JSON.stringify({ ...readSwitches(), [uuid]: on }));
  } catch {
    // Storage disabled: the switch holds for this visit only.
  }
}
