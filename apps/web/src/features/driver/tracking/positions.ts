import { POSITIONS, type PositionPoint } from '@courier/contract';
import type { DriverWrite } from '../offline/queued-write';

/**
 * Thinning, kept simple: a reading is dropped when it is within MIN_MOVE_M of the last point kept and less than
 * HEARTBEAT_MS after it (a phone standing at a stop reports the same place every second). A driver who waits still
 * sends a point every HEARTBEAT_MS, so the office's marker does not go stale (POSITIONS.staleAfterMinutes). A reading
 * not newer than the last one kept (a browser repeating a cached fix) is always dropped: the server stores one point
 * per driver and time, and the track stays in order.
 */
export const MIN_MOVE_M = 10;
export const HEARTBEAT_MS = 30_000;
/** A fix vaguer than the contract accepts (a whole region) tells the office nothing. */
const ACCURACY_MAX_M = 100_000;
const SPEED_MAX = 200;

/** What the phone reports; the browser's GeolocationPosition, or a test's. */
export interface Reading {
  timestamp: number;
  coords: {
    latitude: number;
    longitude: number;
    accuracy: number;
    speed: number | null;
    heading: number | null;
  };
}

const finite = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n);

/**
 * A reading as the contract's point, or null when it cannot be one. Speed and heading are optional: a browser gives
 * null (or NaN for the heading of a phone standing still), and a value out of the contract's range is left out
 * rather than the whole batch refused.
 */
export function pointOf({ timestamp, coords }: Reading): PositionPoint | null {
  const { latitude: lat, longitude: lng, accuracy, speed, heading } = coords;
  if (!finite(lat) || !finite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  if (!finite(timestamp) || (finite(accuracy) && accuracy > ACCURACY_MAX_M)) return null;
  return {
    lat,
    lng,
    recordedAt: new Date(timestamp).toISOString(),
    speed: finite(speed) && speed >= 0 && speed <= SPEED_MAX ? speed : null,
    heading: finite(heading) && heading >= 0 && heading <= 360 ? heading : null,
    accuracy: finite(accuracy) && accuracy >= 0 ? accuracy : null,
  };
}

/** Metres between two points (haversine; plenty for "a few metres"). */
export function distanceM(a: Pick<PositionPoint, 'lat' | 'lng'>, b: Pick<PositionPoint, 'lat' | 'lng'>) {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Whether `next` adds something to a track whose last kept point is `last`. */
export function addsToTrack(last: PositionPoint | null, next: PositionPoint): boolean {
  if (!last) return true;
  const dt = Date.parse(next.recordedAt) - Date.parse(last.recordedAt);
  if (dt <= 0) return false;
  return dt >= HEARTBEAT_MS || distanceM(last, next) >= MIN_MOVE_M;
}

/**
 * The points collected between two sends: readings are thinned as they come, and `take` hands over what was kept
 * since the last take. The last kept point outlives a take, so thinning goes on across batches.
 */
export function createTrackBuffer() {
  let last: PositionPoint | null = null;
  let pending: PositionPoint[] = [];
  return {
    /** Keeps the reading if it adds to the track; says whether it did. */
    add(reading: Reading): boolean {
      const point = pointOf(reading);
      if (!point || !addsToTrack(last, point)) return false;
      last = point;
      pending.push(point);
      return true;
    },
    take(): PositionPoint[] {
      const taken = pending;
      pending = [];
      return taken;
    },
    get size() {
      return pending.length;
    },
  };
}

/** Points in batches the server takes (at most POSITIONS.batchMax each), in order. */
export function chunksOf(points: readonly PositionPoint[], max: number = POSITIONS.batchMax) {
  const chunks: PositionPoint[][] = [];
  for (let i = 0; i < points.length; i += max) chunks.push(points.slice(i, i + max));
  return chunks;
}

/**
 * Folds a new batch into the last queued one when both are positions and together stay within
 * POSITIONS.batchMax: an hour offline becomes a handful of requests, not one every few seconds. Null otherwise (the
 * new batch gets its own entry).
 */
export function mergePositions(last: DriverWrite, next: DriverWrite): DriverWrite | null {
  if (last.kind !== 'positions' || next.kind !== 'positions') return null;
  const points = [...last.body.points, ...next.body.points];
  return points.length <= POSITIONS.batchMax ? { kind: 'positions', body: { points } } : null;
}

export const positionCount = (n: number) => `${n} ${n === 1 ? 'position' : 'positions'}`;

/** The queue's label of a batch ("Track · 120 positions"). */
export const trackLabel = (write: DriverWrite) =>
  write.kind === 'positions' ? `Track · ${positionCount(write.body.points.length)}` : write.kind;
