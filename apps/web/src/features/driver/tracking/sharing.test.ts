import { describe, expect, it } from 'vitest';
import {
  GAP_NOTICE_MS,
  initialSharing,
  phaseOf,
  sharingReducer,
  shouldHoldWakeLock,
  shouldWatch,
  type SharingEvent,
  type SharingState,
} from './sharing';

const run = (events: SharingEvent[], from: SharingState = initialSharing()) =>
  events.reduce(sharingReducer, from);

describe('sharing my location', () => {
  it('watches only while a delivery is under way and the switch is on', () => {
    const granted = run([{ type: 'permission', value: 'granted' }]);
    expect(phaseOf(granted)).toBe('idle');
    expect(shouldWatch(granted)).toBe(false);
    const underWay = run([{ type: 'under-way', value: true }], granted);
    expect(shouldWatch(underWay)).toBe(true);
    expect(phaseOf(underWay)).toBe('locating');
    expect(phaseOf(run([{ type: 'fix', at: 1 }], underWay))).toBe('sharing');
    const paused = run([{ type: 'switch', on: false }], underWay);
    expect(phaseOf(paused)).toBe('off');
    expect(shouldWatch(paused)).toBe(false);
    expect(shouldWatch(run([{ type: 'under-way', value: false }], underWay))).toBe(false);
  });

  it('keeps where the last fix put the phone, until no delivery is under way', () => {
    const underWay = run([{ type: 'under-way', value: true }]);
    const fixed = run([{ type: 'fix', at: 1, lat: 51.5, lng: -0.1 }], underWay);
    expect(fixed.lastFix).toEqual({ lat: 51.5, lng: -0.1 });
    expect(run([{ type: 'under-way', value: false }], fixed).lastFix).toBeNull();
  });

  it('asks for the permission only after a tap of the driver', () => {
    const opened = run([
      { type: 'permission', value: 'prompt' },
      { type: 'under-way', value: true },
    ]);
    // Opening the app with a delivery under way shows no prompt: the driver is asked to tap.
    expect(shouldWatch(opened)).toBe(false);
    expect(phaseOf(opened)).toBe('needs-tap');
    expect(shouldWatch(run([{ type: 'tap' }], opened))).toBe(true);
    // Turning sharing on is a tap; a switch remembered as on is not.
    expect(shouldWatch(run([{ type: 'switch', on: true }], opened))).toBe(true);
    expect(shouldWatch(run([{ type: 'restore', on: true }], opened))).toBe(false);
    // Without the Permissions API the same holds.
    const unknown = run([{ type: 'under-way', value: true }]);
    expect(phaseOf(unknown)).toBe('needs-tap');
  });

  it('says plainly when the position is blocked or unavailable, and tries again on a tap', () => {
    const watching = run([{ type: 'under-way', value: true }, { type: 'tap' }]);
    const blocked = run([{ type: 'fix-error', code: 1 }], watching);
    expect(phaseOf(blocked)).toBe('blocked');
    expect(shouldWatch(blocked)).toBe(false);
    // A dismissed prompt also answers "denied": a tap asks once more.
    expect(shouldWatch(run([{ type: 'tap' }], blocked))).toBe(true);
    // Allowed later in the browser's settings: it starts by itself.
    expect(shouldWatch(run([{ type: 'permission', value: 'granted' }], blocked))).toBe(true);

    const lost = run(
      [
        { type: 'fix', at: 1 },
        { type: 'fix-error', code: 2 },
      ],
      watching,
    );
    expect(phaseOf(lost)).toBe('unavailable');
    expect(shouldWatch(lost)).toBe(true);
    expect(phaseOf(run([{ type: 'fix', at: 2 }], lost))).toBe('sharing');
  });

  it('cannot share without geolocation', () => {
    const none = run(
      [{ type: 'under-way', value: true }, { type: 'tap' }],
      initialSharing({ supported: false }),
    );
    expect(phaseOf(none)).toBe('unsupported');
    expect(shouldWatch(none)).toBe(false);
  });

  it('tells of the gap left while the app was in the background, when it was long enough', () => {
    const watching = run([
      { type: 'permission', value: 'granted' },
      { type: 'under-way', value: true },
    ]);
    const hidden = run([{ type: 'hidden', at: 1_000 }], watching);
    expect(shouldWatch(hidden)).toBe(true);
    expect(shouldHoldWakeLock(hidden)).toBe(false);
    expect(run([{ type: 'visible', at: 1_000 + GAP_NOTICE_MS - 1 }], hidden).gap).toBeNull();
    const back = run([{ type: 'visible', at: 1_000 + GAP_NOTICE_MS }], hidden);
    expect(back.gap).toEqual({ from: 1_000, to: 1_000 + GAP_NOTICE_MS });
    expect(shouldHoldWakeLock(back)).toBe(true);
    expect(run([{ type: 'dismiss-gap' }], back).gap).toBeNull();
    // Hidden while not tracking leaves no gap to mention.
    const idle = run([
      { type: 'hidden', at: 0 },
      { type: 'visible', at: 60_000 },
    ]);
    expect(idle.gap).toBeNull();
  });
});
