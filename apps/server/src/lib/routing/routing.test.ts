import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { haversineM, osrmEstimator, straightLineEstimator } from './routing.js';

const kingsCross = { lat: 51.5308, lng: -0.1238 };
const canaryWharf = { lat: 51.5054, lng: -0.0235 };

describe('straight-line estimate', () => {
  it('measures great-circle distance', () => {
    expect(haversineM(kingsCross, canaryWharf)).toBeGreaterThan(7400);
    expect(haversineM(kingsCross, canaryWharf)).toBeLessThan(7600);
    expect(haversineM(kingsCross, kingsCross)).toBe(0);
  });

  it('applies the road factor and an average speed over every leg', async () => {
    const est = straightLineEstimator({ roadFactor: 1.3, speedKmh: 25 });
    const straight = haversineM(kingsCross, canaryWharf);
    const r = await est.estimate([kingsCross, canaryWharf]);
    expect(r.distanceM).toBe(Math.round(straight * 1.3));
    expect(r.durationS).toBe(Math.round(r.distanceM / (25_000 / 3600)));
    const there = await est.estimate([kingsCross, canaryWharf, kingsCross]);
    expect(there.distanceM).toBeGreaterThanOrEqual(2 * r.distanceM - 1);
    expect(await est.estimate([kingsCross])).toEqual({ distanceM: 0, durationS: 0 });
  });
});

describe('OSRM estimate', () => {
  it('reads an OSRM answer, and falls back to the straight line when the server fails', async () => {
    let fail = false;
    const server = createServer((req, res) => {
      if (fail) {
        res.writeHead(500).end('{}');
        return;
      }
      expect(req.url).toContain('/route/v1/driving/-0.1238,51.5308;-0.0235,51.5054');
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ code: 'Ok', routes: [{ distance: 9876.4, duration: 1234.5 }] }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect(await osrmEstimator(url).estimate([kingsCross, canaryWharf])).toEqual({
        distanceM: 9876,
        durationS: 1235,
      });
      fail = true;
      const fallback = await osrmEstimator(url).estimate([kingsCross, canaryWharf]);
      expect(fallback).toEqual(await straightLineEstimator().estimate([kingsCross, canaryWharf]));
    } finally {
      server.close();
    }
  });
});
