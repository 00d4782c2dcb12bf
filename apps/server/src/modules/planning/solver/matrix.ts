import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../../config/env.js';
import { haversineM, type Point } from '../../../lib/routing/routing.js';
import type { Matrix } from './model.js';

/**
 * Straight lines are shorter than roads: 1.3 is the usual urban detour factor, the one the delivery estimates use
 * (lib/routing straightLineEstimator), so a plan and a delivery's estimate agree without OSRM.
 */
export const ROAD_FACTOR = 1.3;
/** Average urban delivery speed, stops and traffic lights included; also the delivery estimates' default. */
export const URBAN_SPEED_KMH = 25;
/** OSRM's default `--max-table-size`: a table request may ask for at most this many sources × destinations squared. */
export const OSRM_MAX_TABLE_SIZE = 100;
/** Table requests in flight at once: enough to hide the round trips, few enough not to swamp a shared server. */
const OSRM_CONCURRENCY = 4;

/** A matrix built from coordinates, with what a dispatcher should know about how it was built. */
export interface RoadMatrix extends Matrix {
  source: 'osrm' | 'estimate';
  /** Pairs OSRM found no road between, estimated in a straight line instead (0 for an estimated matrix). */
  unroutable: number;
  /** Why the plan runs on estimates or partly on them, in words for the dispatcher; absent when all is well. */
  warning?: string;
}

/**
 * Distances and durations between every pair of points without a routing server: great-circle distance times
 * {@link ROAD_FACTOR}, in whole metres, driven at `speedKmh` (default {@link URBAN_SPEED_KMH}), in whole seconds.
 */
export function haversineMatrix(points: readonly Point[], opts: { speedKmh?: number } = {}): RoadMatrix {
  const size = points.length;
  const estimate = straightLine(opts.speedKmh);
  const durations = new Array<number>(size * size).fill(0);
  const distances = new Array<number>(size * size).fill(0);
  for (let i = 0; i < size; i++)
    for (let j = i + 1; j < size; j++) {
      const leg = estimate(points[i]!, points[j]!);
      distances[i * size + j] = distances[j * size + i] = leg.distance;
      durations[i * size + j] = durations[j * size + i] = leg.duration;
    }
  return { size, durations, distances, source: 'estimate', unroutable: 0 };
}

function straightLine(speedKmh = URBAN_SPEED_KMH) {
  const speedMs = (speedKmh * 1000) / 3600;
  return (a: Point, b: Point) => {
    const distance = Math.round(haversineM(a, b) * ROAD_FACTOR);
    return { distance, duration: Math.round(distance / speedMs) };
  };
}

export interface OsrmMatrixOptions {
  /** The OSRM server, e.g. http://osrm:5000 (the `/table/v1/driving/…` path is added). */
  baseUrl: string;
  /** For the whole matrix, every request included (default 30 s). */
  timeoutMs?: number;
  /** The server's `--max-table-size` (default {@link OSRM_MAX_TABLE_SIZE}). */
  maxTableSize?: number;
  /** Speed for the straight-line estimate of pairs OSRM cannot route (default {@link URBAN_SPEED_KMH}). */
  speedKmh?: number;
}

/**
 * Road distances and durations from OSRM's Table service (`annotations=duration,distance`), rounded to whole metres
 * and seconds like every time in a plan. More points than the server's table size are asked for in square blocks
 * (`sources` × `destinations`, each at most `maxTableSize`), a few at a time, and assembled. A pair OSRM finds no
 * road between (null, e.g. a point snapped onto an island) is estimated in a straight line and counted in
 * `unroutable`. Rejects with an error a dispatcher can read when the server fails, refuses or is too slow.
 */
export async function osrmMatrix(points: readonly Point[], opts: OsrmMatrixOptions): Promise<RoadMatrix> {
  const size = points.length;
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const block = opts.maxTableSize ?? OSRM_MAX_TABLE_SIZE;
  const estimate = straightLine(opts.speedKmh);
  const durations = new Array<number>(size * size).fill(0);
  const distances = new Array<number>(size * size).fill(0);
  let unroutable = 0;

  // A single point needs no request: its only trip, to itself, is nothing.
  const ranges: number[][] = [];
  for (let from = 0; size > 1 && from < size; from += block)
    ranges.push(Array.from({ length: Math.min(block, size - from) }, (_, k) => from + k));
  const blocks = ranges.flatMap((sources) => ranges.map((destinations) => ({ sources, destinations })));

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  try {
    let next = 0;
    const worker = async () => {
      while (next < blocks.length) {
        const { sources, destinations } = blocks[next++]!;
        const table = await osrmTable(opts.baseUrl, points, sources, destinations, controller.signal);
        sources.forEach((from, r) =>
          destinations.forEach((to, c) => {
            const duration = table.durations[r]![c];
            const distance = table.distances[r]![c];
            if (typeof duration === 'number' && typeof distance === 'number') {
              durations[from * size + to] = Math.round(duration);
              distances[from * size + to] = Math.round(distance);
            } else {
              const leg = estimate(points[from]!, points[to]!);
              durations[from * size + to] = leg.duration;
              distances[from * size + to] = leg.distance;
              unroutable += 1;
            }
          }),
        );
      }
    };
    await Promise.all(Array.from({ length: Math.min(OSRM_CONCURRENCY, blocks.length) }, worker));
  } catch (err) {
    if (timedOut)
      throw new Error(`The road-distance server (OSRM) did not answer within ${timeoutMs / 1000} s.`, {
        cause: err,
      });
    throw err;
  } finally {
    clearTimeout(timer);
    // One block failed: the others' requests are no longer wanted.
    controller.abort();
  }

  const matrix: RoadMatrix = { size, durations, distances, source: 'osrm', unroutable };
  if (unroutable > 0)
    matrix.warning = `The road-distance server found no road for ${unroutable} of ${size * size} trips between stops; those use straight-line estimates.`;
  return matrix;
}

interface OsrmTable {
  durations: readonly (readonly (number | null)[])[];
  distances: readonly (readonly (number | null)[])[];
}

/** One Table request: rows for `sources`, columns for `destinations` (indices into `points`). */
async function osrmTable(
  baseUrl: string,
  points: readonly Point[],
  sources: readonly number[],
  destinations: readonly number[],
  signal: AbortSignal,
): Promise<OsrmTable> {
  // A diagonal block asks all its coordinates to all; an off-diagonal one lists the sources, then the destinations.
  const same = sources === destinations;
  const coordinates = (same ? sources : [...sources, ...destinations])
    .map((i) => `${points[i]!.lng.toFixed(6)},${points[i]!.lat.toFixed(6)}`)
    .join(';');
  const indices = (from: number, count: number) =>
    Array.from({ length: count }, (_, k) => from + k).join(';');
  const query = same
    ? ''
    : `&sources=${indices(0, sources.length)}&destinations=${indices(sources.length, destinations.length)}`;
  const url = `${baseUrl.replace(/\/$/, '')}/table/v1/driving/${coordinates}?annotations=duration,distance${query}`;

  let res: Response;
  try {
    res = await fetch(url, { signal });
  } catch (err) {
    if (signal.aborted) throw err;
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    throw new Error(
      `The road-distance server (OSRM) at ${baseUrl} could not be reached (${cause?.code ?? cause?.message ?? String(err)}).`,
      { cause: err },
    );
  }
  const text = await res.text();
  let body: { code?: unknown; message?: unknown; durations?: unknown; distances?: unknown } | undefined;
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    body = undefined;
  }
  if (body && typeof body.code === 'string' && body.code !== 'Ok')
    throw new Error(
      `The road-distance server (OSRM) refused the request: ${body.code}${typeof body.message === 'string' ? ` (${body.message})` : ''}.`,
    );
  if (!res.ok || !body) throw new Error(`The road-distance server (OSRM) answered HTTP ${res.status}.`);
  if (!isTable(body.durations, sources.length, destinations.length))
    throw new Error(
      'The road-distance server (OSRM) answered without a duration table of the expected size.',
    );
  if (!isTable(body.distances, sources.length, destinations.length))
    throw new Error(
      'The road-distance server (OSRM) answered without a distance table; it may be older than version 5.20.',
    );
  return { durations: body.durations, distances: body.distances };
}

function isTable(value: unknown, rows: number, columns: number): value is (number | null)[][] {
  return (
    Array.isArray(value) &&
    value.length === rows &&
    value.every(
      (row) =>
        Array.isArray(row) &&
        row.length === columns &&
        row.every((x) => x === null || (typeof x === 'number' && Number.isFinite(x))),
    )
  );
}

/**
 * The matrix a plan is solved on: OSRM's road network when OSRM_URL is set, else straight-line estimates. When OSRM
 * fails, the plan is still made, on estimates: a dispatcher with a rougher plan is better off than one with none,
 * so the matrix says `source: 'estimate'` and carries the reason in `warning` (logged too) for the plan to show.
 */
export async function matrixFor(
  points: readonly Point[],
  env: Pick<AppConfig, 'OSRM_URL'>,
  opts: { log?: Pick<FastifyBaseLogger, 'warn'>; timeoutMs?: number } = {},
): Promise<RoadMatrix> {
  if (!env.OSRM_URL) return haversineMatrix(points);
  try {
    const matrix = await osrmMatrix(points, { baseUrl: env.OSRM_URL, timeoutMs: opts.timeoutMs });
    if (matrix.warning) opts.log?.warn({ unroutable: matrix.unroutable }, matrix.warning);
    return matrix;
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    opts.log?.warn({ err }, 'road distances unavailable; planning on straight-line estimates');
    return {
      ...haversineMatrix(points),
      warning: `${reason} The plan uses straight-line estimates of distances and times instead.`,
    };
  }
}
