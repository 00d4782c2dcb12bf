import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { haversineM, type Point } from '../../../lib/routing/routing.js';
import { haversineMatrix, matrixFor, osrmMatrix, ROAD_FACTOR } from './matrix.js';

const london = { lat: 51.5074, lng: -0.1278 };
const paris = { lat: 48.8566, lng: 2.3522 };

describe('haversineMatrix', () => {
  it('measures London to Paris as about 344 km in a straight line, times the road factor', () => {
    const m = haversineMatrix([london, paris]);
    expect(m.size).toBe(2);
    expect(Math.abs(m.distances[1]! / ROAD_FACTOR - 343_500)).toBeLessThan(1500);
    expect(m.distances[2]).toBe(m.distances[1]);
    expect(m.durations[1]).toBe(Math.round(m.distances[1]! / (25_000 / 3600)));
    expect([m.distances[0], m.distances[3], m.durations[0], m.durations[3]]).toEqual([0, 0, 0, 0]);
    expect(m.source).toBe('estimate');
  });

  it('drives at the speed asked', () => {
    const slow = haversineMatrix([london, paris]);
    const fast = haversineMatrix([london, paris], { speedKmh: 50 });
    expect(fast.distances[1]).toBe(slow.distances[1]);
    expect(Math.abs(fast.durations[1]! * 2 - slow.durations[1]!)).toBeLessThanOrEqual(1);
  });
});

/**
 * A stand-in for OSRM's Table service (`/table/v1/driving/{lng,lat;…}?sources=…&destinations=…&annotations=…`),
 * answering its documented JSON: roads 1.5 times the straight line at 8 m/s, in fractions as OSRM gives them, and
 * null to or from any point north of 80° (an island). It refuses more than `maxTableSize`² cells as OSRM does.
 */
function fakeOsrm(maxTableSize: number) {
  const state = { mode: 'ok' as 'ok' | 'fail' | 'invalid' | 'slow', requests: 0, url: '' };
  const server: Server = createServer((req, res) => {
    state.requests += 1;
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (state.mode === 'slow') return;
    if (state.mode === 'fail') return void res.writeHead(500).end('Internal Server Error');
    if (state.mode === 'invalid')
      return json(400, { code: 'InvalidQuery', message: 'Query string malformed close to position 12' });
    const url = new URL(req.url!, 'http://osrm');
    const path = /^\/table\/v1\/driving\/(.+)$/.exec(url.pathname);
    if (!path || url.searchParams.get('annotations') !== 'duration,distance')
      return json(400, { code: 'InvalidUrl', message: 'URL string malformed' });
    const coordinates = decodeURIComponent(path[1]!)
      .split(';')
      .map((c) => {
        const [lng, lat] = c.split(',').map(Number);
        return { lat: lat!, lng: lng! };
      });
    const all = coordinates.map((_, i) => i);
    const list = (name: string) => url.searchParams.get(name)?.split(';').map(Number) ?? all;
    const [sources, destinations] = [list('sources'), list('destinations')];
    if (sources.length * destinations.length > maxTableSize ** 2)
      return json(400, { code: 'TooBig', message: 'Too many table coordinates' });
    const table = (pick: (road: { distance: number; duration: number }) => number) =>
      sources.map((s) =>
        destinations.map((d) => {
          const leg = road(coordinates[s]!, coordinates[d]!);
          return leg && pick(leg);
        }),
      );
    json(200, {
      code: 'Ok',
      durations: table((r) => r.duration),
      distances: table((r) => r.distance),
      sources: sources.map((s) => ({ location: [coordinates[s]!.lng, coordinates[s]!.lat], name: '' })),
      destinations: destinations.map((d) => ({
        location: [coordinates[d]!.lng, coordinates[d]!.lat],
        name: '',
      })),
    });
  });
  return {
    state,
    async start() {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    stop() {
      server.closeAllConnections();
      server.close();
    },
  };
}

/** The address of a port nothing listens on (a server's, once closed). */
async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return `http://127.0.0.1:${port}`;
}

function road(a: Point, b: Point): { distance: number; duration: number } | null {
  if (a.lat === b.lat && a.lng === b.lng) return { distance: 0, duration: 0 };
  if (a.lat > 80 || b.lat > 80) return null;
  const distance = Math.round(haversineM(a, b) * 15) / 10;
  return { distance, duration: Math.round((distance / 8) * 10) / 10 };
}

/** 150 points around London at whole micro-degrees (as sent), the 141st on an island. */
const points: Point[] = Array.from({ length: 150 }, (_, i) =>
  i === 140
    ? { lat: 80.5, lng: 0 }
    : { lat: 51.5 + ((i * 37) % 101) / 1000 + i / 1e6, lng: -0.1 + ((i * 53) % 97) / 1000 },
);

describe('osrmMatrix', () => {
  const osrm = fakeOsrm(100);
  beforeAll(() => osrm.start());
  afterAll(() => osrm.stop());
  beforeEach(() => {
    osrm.state.mode = 'ok';
    osrm.state.requests = 0;
  });

  it('asks for 150 points in blocks of at most 100 × 100 and assembles them, estimating the unroutable pairs', async () => {
    const m = await osrmMatrix(points, { baseUrl: osrm.state.url });
    expect(osrm.state.requests).toBe(4);
    expect(m.source).toBe('osrm');
    expect(m.size).toBe(150);
    const estimate = haversineMatrix(points);
    for (let i = 0; i < 150; i++)
      for (let j = 0; j < 150; j++) {
        const k = i * 150 + j;
        const leg = road(points[i]!, points[j]!);
        expect([m.durations[k], m.distances[k]]).toEqual(
          leg
            ? [Math.round(leg.duration), Math.round(leg.distance)]
            : [estimate.durations[k], estimate.distances[k]],
        );
      }
    expect(m.unroutable).toBe(2 * 149);
    expect(m.warning).toBe(
      'The road-distance server found no road for 298 of 22500 trips between stops; those use straight-line estimates.',
    );
  });

  it('asks once when the points fit in one table, and not at all for a single point', async () => {
    const m = await osrmMatrix(points.slice(0, 3), { baseUrl: `${osrm.state.url}/` });
    expect(osrm.state.requests).toBe(1);
    expect(m.unroutable).toBe(0);
    expect(m.warning).toBeUndefined();
    expect(await osrmMatrix([london], { baseUrl: osrm.state.url })).toMatchObject({
      size: 1,
      durations: [0],
      distances: [0],
    });
    expect(osrm.state.requests).toBe(1);
  });

  it('says what went wrong when the server fails, refuses or is unreachable', async () => {
    osrm.state.mode = 'fail';
    await expect(osrmMatrix(points.slice(0, 3), { baseUrl: osrm.state.url })).rejects.toThrow(
      'The road-distance server (OSRM) answered HTTP 500.',
    );
    osrm.state.mode = 'invalid';
    await expect(osrmMatrix(points.slice(0, 3), { baseUrl: osrm.state.url })).rejects.toThrow(
      'The road-distance server (OSRM) refused the request: InvalidQuery (Query string malformed close to position 12).',
    );
    osrm.state.mode = 'ok';
    await expect(osrmMatrix(points, { baseUrl: osrm.state.url, maxTableSize: 120 })).rejects.toThrow(
      'The road-distance server (OSRM) refused the request: TooBig (Too many table coordinates).',
    );
    const closed = await closedPortUrl();
    await expect(osrmMatrix(points.slice(0, 3), { baseUrl: closed })).rejects.toThrow(
      `The road-distance server (OSRM) at ${closed} could not be reached (ECONNREFUSED).`,
    );
  });

  it('gives up after its time-out', async () => {
    osrm.state.mode = 'slow';
    await expect(osrmMatrix(points.slice(0, 3), { baseUrl: osrm.state.url, timeoutMs: 300 })).rejects.toThrow(
      'The road-distance server (OSRM) did not answer within 0.3 s.',
    );
  });
});

describe('matrixFor', () => {
  const osrm = fakeOsrm(100);
  beforeAll(() => osrm.start());
  afterAll(() => osrm.stop());
  const few = points.slice(0, 5);

  it('estimates without OSRM_URL, silently', async () => {
    const log = { warn: vi.fn() };
    expect(await matrixFor(few, {}, { log })).toEqual(haversineMatrix(few));
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('uses OSRM when OSRM_URL is set', async () => {
    osrm.state.mode = 'ok';
    const m = await matrixFor(few, { OSRM_URL: osrm.state.url });
    expect(m.source).toBe('osrm');
    expect(m.distances[1]).toBe(Math.round(road(few[0]!, few[1]!)!.distance));
  });

  it('falls back to estimates, saying why, when OSRM fails', async () => {
    osrm.state.mode = 'invalid';
    const log = { warn: vi.fn() };
    const m = await matrixFor(few, { OSRM_URL: osrm.state.url }, { log });
    expect(m).toMatchObject({ ...haversineMatrix(few), source: 'estimate' });
    expect(m.warning).toBe(
      'The road-distance server (OSRM) refused the request: InvalidQuery (Query string malformed close to position 12). The plan uses straight-line estimates of distances and times instead.',
    );
    expect(log.warn).toHaveBeenCalledOnce();
  });
});
