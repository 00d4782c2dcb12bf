import { POSITIONS } from '@courier/contract';
import { describe, expect, it } from 'vitest';
import type { DriverWrite } from '../offline/queued-write';
import {
  addsToTrack,
  chunksOf,
  createTrackBuffer,
  distanceM,
  HEARTBEAT_MS,
  mergePositions,
  pointOf,
  trackLabel,
  type Reading,
} from './positions';

const T0 = Date.parse('2026-11-24T08:00:00.000Z');
/** About 1.1 m of latitude per 0.00001 degree. */
const reading = (
  seconds: number,
  lat = 51.5,
  lng = -0.1,
  extra: Partial<Reading['coords']> = {},
): Reading => ({
  timestamp: T0 + seconds * 1000,
  coords: { latitude: lat, longitude: lng, accuracy: 8, speed: null, heading: null, ...extra },
});
const point = (seconds: number, lat = 51.5, lng = -0.1) => pointOf(reading(seconds, lat, lng))!;

describe('a reading as a point', () => {
  it('keeps what the contract takes, and leaves out what it would refuse', () => {
    expect(pointOf(reading(0, 51.5, -0.1, { speed: 12.5, heading: 90 }))).toEqual({
      lat: 51.5,
      lng: -0.1,
      recordedAt: '2026-11-24T08:00:00.000Z',
      speed: 12.5,
      heading: 90,
      accuracy: 8,
    });
    // A phone standing still reports its heading as NaN.
    expect(pointOf(reading(0, 51.5, -0.1, { speed: 0, heading: Number.NaN }))).toMatchObject({
      speed: 0,
      heading: null,
    });
    expect(pointOf(reading(0, 51.5, -0.1, { speed: 900 }))?.speed).toBeNull();
    expect(pointOf(reading(0, 95, 0))).toBeNull();
    expect(pointOf(reading(0, 51.5, -0.1, { accuracy: 250_000 }))).toBeNull();
  });

  it('measures metres', () => {
    expect(distanceM({ lat: 51.5, lng: -0.1 }, { lat: 51.5001, lng: -0.1 })).toBeCloseTo(11.1, 0);
    expect(distanceM({ lat: 51.5362, lng: -0.1033 }, { lat: 51.4927, lng: -0.2262 })).toBeCloseTo(9_780, -2);
  });
});

describe('thinning', () => {
  it('drops a point within a few metres and seconds of the last, keeps a move or a heartbeat', () => {
    const last = point(0);
    expect(addsToTrack(null, last)).toBe(true);
    expect(addsToTrack(last, point(2, 51.50002))).toBe(false); // 2 m, 2 s
    expect(addsToTrack(last, point(2, 51.0002))).toBe(true); // far
    expect(addsToTrack(last, point(3, 51.5001))).toBe(true); // 11 m
    expect(addsToTrack(last, point(HEARTBEAT_MS / 1000))).toBe(true); // still there, still alive
  });

  it('drops a reading not newer than the last kept one (a repeated cached fix, or one out of order)', () => {
    const last = point(10);
    expect(addsToTrack(last, point(10, 52))).toBe(false);
    expect(addsToTrack(last, point(5, 52))).toBe(false);
  });

  it('collects kept points between sends and thins across them', () => {
    const buffer = createTrackBuffer();
    expect(buffer.add(reading(0))).toBe(true);
    expect(buffer.add(reading(1, 51.50001))).toBe(false);
    expect(buffer.add(reading(2, 51.5002))).toBe(true);
    expect(buffer.take().map((p) => p.lat)).toEqual([51.5, 51.5002]);
    expect(buffer.take()).toEqual([]);
    // The last point kept is remembered after the take.
    expect(buffer.add(reading(3, 51.50021))).toBe(false);
    expect(buffer.add(reading(4, 51.5004))).toBe(true);
    expect(buffer.size).toBe(1);
  });
});

describe('batches', () => {
  const batch = (n: number, from = 0): DriverWrite => ({
    kind: 'positions',
    body: { points: Array.from({ length: n }, (_, i) => point(from + i, 51 + (from + i) / 1000)) },
  });
  const times = (w: DriverWrite | null) =>
    w?.kind === 'positions' ? w.body.points.map((p) => (Date.parse(p.recordedAt) - T0) / 1000) : null;

  it('cuts a long stretch into batches the server takes, in order', () => {
    const points = Array.from({ length: 1234 }, (_, i) => point(i));
    const chunks = chunksOf(points);
    expect(chunks.map((c) => c.length)).toEqual([POSITIONS.batchMax, POSITIONS.batchMax, 234]);
    expect(chunks.flat()).toEqual(points);
    expect(chunksOf([])).toEqual([]);
  });

  it('folds consecutive batches up to the limit, and nothing else', () => {
    expect(times(mergePositions(batch(2), batch(1, 2)))).toEqual([0, 1, 2]);
    expect(mergePositions(batch(POSITIONS.batchMax - 1), batch(1, 600))).not.toBeNull();
    expect(mergePositions(batch(POSITIONS.batchMax - 1), batch(2, 600))).toBeNull();
    const note: DriverWrite = { kind: 'note', deliveryUuid: 'd', body: { message: 'Hi' } };
    expect(mergePositions(note, batch(1))).toBeNull();
    expect(mergePositions(batch(1), note)).toBeNull();
  });

  it('is labelled by its size', () => {
    expect(trackLabel(batch(1))).toBe('Track · 1 position');
    expect(trackLabel(batch(120))).toBe('Track · 120 positions');
  });
});
