import {
  POSITIONS,
  type Address,
  type DeliveryStep,
  type DeliveryStepTask,
  type LocationHistoryPoint,
} from '@courier/contract';
import { describe, expect, it, vi } from 'vitest';
import {
  boundsOf,
  clampCoordinate,
  DEFAULT_CENTER,
  DEFAULT_ZOOM,
  initialView,
  isStale,
  placeSteps,
  routeLine,
  stepKindOf,
  unplacedMessage,
  addToTrack,
} from './map-data';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const step = (n: number, order: number, extra: Partial<DeliveryStep> = {}): DeliveryStep => ({
  uuid: uuid(n),
  deliveryUuid: uuid(99),
  stepOrderNo: order,
  ...extra,
});
const task = (stepN: number, type: string, order = 1): DeliveryStepTask => ({
  uuid: uuid(100 + stepN * 10 + order),
  deliveryStepTaskUuid: uuid(100 + stepN * 10 + order),
  deliveryStepUuid: uuid(stepN),
  deliveryStepTaskTypeSlug: type,
  taskOrderNo: order,
  completedAt: null,
});
const address = (n: number, lat: number, lng: number): Address => ({
  uuid: uuid(200 + n),
  line1: '1 High Street',
  city: 'London',
  postcode: 'N1 1AA',
  countryCode: 'GB',
  location: { lat, lng },
});

describe('clampCoordinate', () => {
  it('keeps values in range, edges included', () => {
    const warn = vi.fn();
    expect(clampCoordinate(-180, 'lng', warn)).toBe(-180);
    expect(clampCoordinate(90, 'lat', warn)).toBe(90);
    expect(clampCoordinate(-0.187, 'lng', warn)).toBe(-0.187);
    expect(warn).not.toHaveBeenCalled();
  });

  it('replaces out-of-range and non-finite values by 0 with a warning', () => {
    const warn = vi.fn();
    expect(clampCoordinate(181, 'lng', warn)).toBe(0);
    expect(clampCoordinate(-90.5, 'lat', warn)).toBe(0);
    expect(clampCoordinate(Number.NaN, 'lat', warn)).toBe(0);
    expect(warn).toHaveBeenCalledTimes(3);
    expect(warn.mock.calls[0]?.[0]).toContain('longitude 181');
  });

  it('reads 91 as out of range for a latitude but not for a longitude', () => {
    const warn = vi.fn();
    expect(clampCoordinate(91, 'lat', warn)).toBe(0);
    expect(clampCoordinate(91, 'lng', warn)).toBe(91);
    expect(warn).toHaveBeenCalledOnce();
  });
});

describe('stepKindOf', () => {
  it('takes the kind from the first task by order, whatever the list order', () => {
    const tasks = [task(1, 'signature', 2), task(1, 'dropoff', 1)];
    expect(stepKindOf(tasks, uuid(1))).toBe('dropoff');
    expect(stepKindOf([task(2, 'pickup')], uuid(2))).toBe('pickup');
    expect(stepKindOf([task(3, 'photo')], uuid(3))).toBe('other');
    expect(stepKindOf([], uuid(4))).toBe('other');
  });
});

describe('placeSteps', () => {
  it('orders by stepOrderNo, uses the step point before the address point, and lists steps without one', () => {
    const steps = [
      step(2, 3, { addressUuid: uuid(202) }),
      step(1, 1, { location: { lat: 51.5, lng: -0.1 }, addressUuid: uuid(201) }),
      step(3, 2, { location: null }),
    ];
    const addresses = [address(1, 10, 10), address(2, 52.2, 0.12)];
    const tasks = [task(1, 'pickup'), task(2, 'dropoff'), task(3, 'dropoff')];
    const { points, unplaced } = placeSteps(steps, tasks, addresses, vi.fn());
    expect(points).toEqual([
      { stepUuid: uuid(1), number: 1, kind: 'pickup', lng: -0.1, lat: 51.5 },
      { stepUuid: uuid(2), number: 3, kind: 'dropoff', lng: 0.12, lat: 52.2 },
    ]);
    expect(unplaced).toEqual([2]);
  });

  it('clamps bad coordinates to 0 and warns', () => {
    const warn = vi.fn();
    // The contract forbids these, but data read from elsewhere may still carry them.
    const bad = step(1, 1, { location: { lat: 95, lng: 200 } });
    const { points } = placeSteps([bad], [task(1, 'pickup')], [], warn);
    expect(points[0]).toMatchObject({ lng: 0, lat: 0 });
    expect(warn).toHaveBeenCalledTimes(2);
  });
});

describe('routeLine and bounds', () => {
  const a = { stepUuid: uuid(1), number: 1, kind: 'pickup' as const, lng: -0.2, lat: 51.4 };
  const b = { stepUuid: uuid(2), number: 2, kind: 'dropoff' as const, lng: 0.1, lat: 51.6 };
  const c = { stepUuid: uuid(3), number: 3, kind: 'dropoff' as const, lng: -0.5, lat: 51.5 };

  it('joins the points in order, and draws nothing for fewer than two', () => {
    expect(routeLine([a, b, c]).features[0]?.geometry.coordinates).toEqual([
      [-0.2, 51.4],
      [0.1, 51.6],
      [-0.5, 51.5],
    ]);
    expect(routeLine([a]).features).toHaveLength(0);
  });

  it('bounds every point south-west to north-east', () => {
    expect(boundsOf([a, b, c])).toEqual([
      [-0.5, 51.4],
      [0.1, 51.6],
    ]);
    expect(boundsOf([])).toBeNull();
  });

  it('opens on London with no points, on the point with one, and fitted with several', () => {
    expect(initialView([])).toEqual({
      longitude: DEFAULT_CENTER.lng,
      latitude: DEFAULT_CENTER.lat,
      zoom: DEFAULT_ZOOM,
    });
    expect(initialView([a])).toMatchObject({ longitude: -0.2, latitude: 51.4 });
    expect(initialView([a, b])).toHaveProperty('bounds');
  });
});

describe('unplacedMessage', () => {
  it('names the steps without coordinates', () => {
    expect(unplacedMessage([])).toBeNull();
    expect(unplacedMessage([2])).toBe('Step 2 has no coordinates, so it is not on the map.');
    expect(unplacedMessage([1, 3, 4])).toBe(
      'Steps 1, 3 and 4 have no coordinates, so they are not on the map.',
    );
  });
});

describe("the driver's marker", () => {
  it(`looks stale after ${POSITIONS.staleAfterMinutes} minutes without a position`, () => {
    const now = Date.parse('2026-11-24T10:10:00.000Z');
    expect(isStale('2026-11-24T10:09:00.000Z', now)).toBe(false);
    expect(isStale('2026-11-24T10:04:00.000Z', now)).toBe(true);
  });
});

const point = (recordedAt: string): LocationHistoryPoint => ({
  uuid: recordedAt,
  deliveryUuid: 'd',
  location: { lat: 51.5, lng: -0.1 },
  recordedAt,
});

describe('the live track', () => {
  it('adds a streamed point once, in time order', () => {
    const track = [point('2026-11-24T10:00:00.000Z'), point('2026-11-24T10:00:10.000Z')];
    const later = addToTrack(track, point('2026-11-24T10:00:20.000Z'));
    expect(later?.map((p) => p.recordedAt.slice(14, 19))).toEqual(['00:00', '00:10', '00:20']);
    expect(addToTrack(later, point('2026-11-24T10:00:20.000Z'))).toBe(later);
    const late = addToTrack(later, point('2026-11-24T10:00:05.000Z'));
    expect(late?.map((p) => p.recordedAt.slice(14, 19))).toEqual(['00:00', '00:05', '00:10', '00:20']);
    // Not loaded yet: the first fetch brings it.
    expect(addToTrack(undefined, point('2026-11-24T10:00:00.000Z'))).toBeUndefined();
  });
});
