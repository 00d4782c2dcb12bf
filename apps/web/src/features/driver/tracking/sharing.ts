/**
 * Whether the phone shares the driver's position now, and what to tell them: a pure state machine (the tracker
 * feeds it the browser's events, the screens read `phaseOf`).
 *
 * The rules: positions are watched only while a delivery is under way and the driver's "Sharing my location" switch
 * is on (remembered on the phone, on by default). The browser's permission prompt shows only after a tap of the
 * driver's (starting a delivery, turning sharing on, "Share my location"): a page that opens with a delivery under
 * way watches by itself only when the permission is already granted. A web app tracks only while it is on screen,
 * so a return from the background after a while leaves a gap to tell the driver about.
 */

/** The browser's geolocation permission, or `unknown` where it cannot be asked (no Permissions API). */
export type Permission = 'granted' | 'denied' | 'prompt' | 'unknown';

export interface SharingState {
  /** The driver's switch. */
  enabled: boolean;
  /** One of my deliveries is under way (queued moves included). */
  underWay: boolean;
  /** The browser has geolocation here: false without it, or off a secure (https) origin. */
  supported: boolean;
  permission: Permission;
  /** A tap of the driver's allows the permission prompt. */
  asked: boolean;
  /** The last fix failed: no position (GPS off, indoors). Cleared by the next fix. */
  unavailable: boolean;
  lastFixAt: number | null;
  /** Where the last fix put the phone (for "Where am I?"); null until one comes. */
  lastFix: { lat: number; lng: number } | null;
  /** When the page went into the background while watching; null while on screen or not watching. */
  hiddenAt: number | null;
  /** A stretch with no tracking because the app was in the background, to say so until dismissed. */
  gap: { from: number; to: number } | null;
}

export type SharingEvent =
  | { type: 'switch'; on: boolean }
  /** The switch as remembered on the phone: no tap, so no prompt. */
  | { type: 'restore'; on: boolean }
  | { type: 'tap' }
  | { type: 'under-way'; value: boolean }
  | { type: 'permission'; value: Permission }
  | { type: 'fix'; at: number; lat?: number; lng?: number }
  /** The Geolocation API's error codes: 1 denied, 2 position unavailable, 3 timeout. */
  | { type: 'fix-error'; code: number }
  | { type: 'hidden'; at: number }
  | { type: 'visible'; at: number }
  | { type: 'dismiss-gap' };

/** Back from the background after less than this, the hole in the track is too short to mention. */
export const GAP_NOTICE_MS = 15_000;

export const initialSharing = (patch: Partial<SharingState> = {}): SharingState => ({
  enabled: true,
  underWay: false,
  supported: true,
  permission: 'unknown',
  asked: false,
  unavailable: false,
  lastFixAt: null,
  lastFix: null,
  hiddenAt: null,
  gap: null,
  ...patch,
});

/** Whether the position should be watched now. */
export function shouldWatch(s: SharingState): boolean {
  return (
    s.enabled &&
    s.underWay &&
    s.supported &&
    s.permission !== 'denied' &&
    (s.permission === 'granted' || s.asked)
  );
}

/** The screen is kept on (Wake Lock) while watching and on screen: the browser drops the lock when hidden. */
export const shouldHoldWakeLock = (s: SharingState) => shouldWatch(s) && s.hiddenAt === null;

export type Phase =
  'off' | 'idle' | 'unsupported' | 'blocked' | 'needs-tap' | 'locating' | 'unavailable' | 'sharing';

export function phaseOf(s: SharingState): Phase {
  if (!s.enabled) return 'off';
  if (!s.underWay) return 'idle';
  if (!s.supported) return 'unsupported';
  if (s.permission === 'denied') return 'blocked';
  if (!shouldWatch(s)) return 'needs-tap';
  if (s.unavailable) return 'unavailable';
  return s.lastFixAt === null ? 'locating' : 'sharing';
}

export function sharingReducer(s: SharingState, e: SharingEvent): SharingState {
  switch (e.type) {
    case 'switch':
      // Turning sharing on is a tap: the prompt may show, and a permission refused by a dismissed prompt is
      // asked again (a real "blocked" comes straight back as error 1).
      return e.on
        ? { ...s, enabled: true, asked: true, unavailable: false, permission: retryable(s.permission) }
        : { ...s, enabled: false, unavailable: false, hiddenAt: null };
    case 'restore':
      return s.enabled === e.on ? s : { ...s, enabled: e.on, hiddenAt: e.on ? s.hiddenAt : null };
    case 'tap':
      return { ...s, asked: true, unavailable: false, permission: retryable(s.permission) };
    case 'under-way':
      return e.value === s.underWay
        ? s
        : {
            ...s,
            underWay: e.value,
            unavailable: false,
            lastFixAt: e.value ? s.lastFixAt : null,
            lastFix: e.value ? s.lastFix : null,
          };
    case 'permission':
      return { ...s, permission: e.value };
    case 'fix':
      return {
        ...s,
        permission: 'granted',
        unavailable: false,
        lastFixAt: e.at,
        lastFix: e.lat !== undefined && e.lng !== undefined ? { lat: e.lat, lng: e.lng } : s.lastFix,
      };
    case 'fix-error':
      return e.code === 1 ? { ...s, permission: 'denied' } : { ...s, unavailable: true };
    case 'hidden':
      return shouldWatch(s) && s.hiddenAt === null ? { ...s, hiddenAt: e.at } : s;
    case 'visible': {
      if (s.hiddenAt === null) return s;
      const long = e.at - s.hiddenAt >= GAP_NOTICE_MS;
      return { ...s, hiddenAt: null, gap: long ? { from: s.hiddenAt, to: e.at } : s.gap };
    }
    case 'dismiss-gap':
      return { ...s, gap: null };
  }
}

const retryable = (p: Permission): Permission => (p === 'denied' ? 'unknown' : p);
