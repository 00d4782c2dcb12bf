import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverySteps } from '../../db/schema/index.js';
import { pointAt, positionsWorld } from '../../test/positions-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { etaWindow as windowOf } from '@courier/contract';
import { recentSpeed, remainingStops } from './eta.js';

/**
 * The ETA on a known geometry, with the default travel (straight line × 1.3 at 25 km/h): 0.01° of latitude is
 * 1,111.95 m, so 1,446 m along the road, 208 s at 25 km/h, 145 s at 10 m/s (the leg the driver is on).
 */
let t: TestApp;
let w: Awaited<ReturnType<typeof positionsWorld>>;
type Live = {
  eta: null | {
    speedSource: string;
    speedMs: number;
    arriving: boolean;
    remainingStops: number;
    nextStop: {
      distanceM: number;
      durationS: number;
      arriveAt: string;
      earliestAt: string;
      latestAt: string;
    };
    lastStop: { distanceM: number; durationS: number };
  };
  lastPosition: null | {
    location: { lat: number; lng: number };
    heading: number | null;
    driverFirstName: string;
  };
};

const stop = (kind: string, lat: number, lng: number) => ({
  kind,
  address: { line1: `1 ${kind} St`, city: 'London', postcode: 'N1 1AA', countryCode: 'GB', lat, lng },
});

beforeAll(async () => {
  t = await createTestApp();
  w = await positionsWorld(t);
});
afterAll(() => t.close());

describe('the ETA of a delivery under way', () => {
  it('is null before the delivery is under way, and never for a stranger', async () => {
    const d = await w.carried(w.driver.id, {
      steps: [stop('pickup', 51.49, -0.1), stop('dropoff', 51.51, -0.1)],
    });
    const live = await w.shipperAdmin.agent.get(`${w.shipperBase}/delivery/eta?deliveryUuid=${d.uuid}`);
    expect(live.json<{ data: Live }>().data).toEqual({ eta: null, lastPosition: null });
    const stranger = await w.strangerAdmin.agent.get(`${w.strangerBase}/delivery/eta?deliveryUuid=${d.uuid}`);
    expect(stranger.statusCode).toBe(404);
  });

  it('times the way from the driver to the next stop and on, at the route speed, then at the recent speed', async () => {
    const d = await w.carried(w.driver.id, {
      steps: [stop('pickup', 51.49, -0.1), stop('dropoff', 51.51, -0.1), stop('dropoff', 51.52, -0.1)],
    });
    await w.moveTo(w.driver.agent, d.uuid, 'en-route-to-dropoff');
    // One point: no recent speed, so the estimator's 25 km/h.
    await w.driver.agent.post('/api/v1/driver/location', {
      points: [pointAt(-1, 51.5, -0.1, { heading: 45 })],
    });
    const url = `${w.courierBase}/delivery/eta?deliveryUuid=${d.uuid}`;
    const first = (await w.courierAdmin.agent.get(url)).json<{ data: Live }>().data;
    // The heading goes with it: the map turns the driver's arrow.
    expect(first.lastPosition).toMatchObject({
      location: { lat: 51.5, lng: -0.1 },
      heading: 45,
      driverFirstName: 'Sam',
    });
    expect(first.eta).toMatchObject({
      speedSource: 'route',
      speedMs: 7, // 1,446 m in 208 s
      remainingStops: 2,
      arriving: false,
      nextStop: { distanceM: 1446, durationS: 208 },
      // The first dropoff's service (PLANNING.serviceMinutes) comes before the way on (decision 073).
      lastStop: { distanceM: 1446 + 1446, durationS: 208 + 300 + 208 },
    });
    const next = first.eta!.nextStop;
    const arrive = Date.parse(next.arriveAt);
    expect(arrive - Date.parse(next.earliestAt)).toBe(60_000);
    expect(Date.parse(next.latestAt) - arrive).toBe(180_000);
    // The phone reports 10 m/s: the times follow the driver.
    await w.driver.agent.post('/api/v1/driver/location', {
      points: [2, 3, 4].map((s) => pointAt(-s, 51.5, -0.1, { speed: 10 })),
    });
    const fast = (
      await w.shipperAdmin.agent.get(`${w.shipperBase}/delivery/eta?deliveryUuid=${d.uuid}`)
    ).json<{
      data: Live;
    }>().data;
    expect(fast.eta).toMatchObject({ speedSource: 'recent', speedMs: 10, nextStop: { durationS: 145 } });
    // The driver sees the same from their own call.
    const mine = await w.driver.agent.get(`/api/v1/driver/delivery/${d.uuid}/eta`);
    expect(mine.json<{ data: Live }>().data.eta?.nextStop.distanceM).toBe(1446);
  });

  it('says arriving within 150 m of the next stop', async () => {
    const d = await w.carried(w.otherDriver.id, {
      steps: [stop('pickup', 51.49, -0.1), stop('dropoff', 51.51, -0.1)],
    });
    await w.moveTo(w.otherDriver.agent, d.uuid, 'en-route-to-dropoff');
    await w.otherDriver.agent.post('/api/v1/driver/location', { points: [pointAt(-1, 51.5092, -0.1)] });
    const live = (
      await w.shipperAdmin.agent.get(`${w.shipperBase}/delivery/eta?deliveryUuid=${d.uuid}`)
    ).json<{
      data: Live;
    }>().data;
    expect(live.eta).toMatchObject({ arriving: true, remainingStops: 1 });
  });

  it('leaves out stops with no coordinates', async () => {
    const d = await w.carried(w.otherDriver.id, {
      steps: [stop('pickup', 51.49, -0.1), stop('dropoff', 51.51, -0.1)],
    });
    await t.database.db
      .update(deliverySteps)
      .set({ lat: null, lng: null })
      .where(eq(deliverySteps.deliveryId, d.uuid));
    await w.moveTo(w.otherDriver.agent, d.uuid, 'en-route-to-pickup');
    await w.otherDriver.agent.post('/api/v1/driver/location', { points: [pointAt(-5, 51.5, -0.1)] });
    const live = (
      await w.shipperAdmin.agent.get(`${w.shipperBase}/delivery/eta?deliveryUuid=${d.uuid}`)
    ).json<{
      data: Live;
    }>().data;
    expect(live.eta).toBeNull();
    expect(live.lastPosition).not.toBeNull();
  });
});

describe('ETA rules', () => {
  const now = Date.parse('2026-11-24T10:00:00Z');
  it('reads the recent speed from reported speeds, or distance over time, and not from stale or still points', () => {
    const p = (s: number, lat: number, speed: number | null = null) => ({
      lat,
      lng: 0,
      at: now - s * 1000,
      speed,
    });
    expect(recentSpeed([p(0, 51, 8), p(5, 51, 12)], now)).toBe(10);
    // 0.001° of latitude (111.2 m) in 10 s.
    expect(recentSpeed([p(0, 51.001), p(10, 51)], now)).toBeCloseTo(11.12, 1);
    expect(recentSpeed([p(600, 51.001), p(610, 51)], now)).toBeNull();
    expect(recentSpeed([p(0, 51, 0.5), p(5, 51, 0.5)], now)).toBeNull();
    expect(recentSpeed([p(0, 51, 8)], now)).toBeNull();
    // A jump of 2 km in a second is a fix gone astray, not a speed.
    expect(recentSpeed([p(0, 51.02), p(1, 51)], now)).toBeNull();
  });

  it('widens the window later more than earlier', () => {
    const w10 = windowOf(now, 3600);
    expect(w10.earliestAt.toISOString()).toBe('2026-11-24T10:54:00.000Z');
    expect(w10.latestAt.toISOString()).toBe('2026-11-24T11:15:00.000Z');
  });

  it('widens the window later by the minutes a stale position has been silent, and only then', () => {
    const fresh = windowOf(0, 600, 60);
    expect(fresh.latestAt.getTime()).toBe(windowOf(0, 600).latestAt.getTime());
    const stale = windowOf(0, 600, 20 * 60);
    expect(stale.latestAt.getTime() - fresh.latestAt.getTime()).toBe(20 * 60_000);
    expect(stale.earliestAt.getTime()).toBe(fresh.earliestAt.getTime());
    expect(stale.arriveAt.getTime()).toBe(fresh.arriveAt.getTime());
  });

  it('puts behind the driver the stops whose tasks are done, and the pickups once picked up', () => {
    const steps = [
      { id: 'a', stepOrderNo: 1, lat: 1, lng: 1, tasks: [{ typeSlug: 'pickup', done: false }] },
      { id: 'b', stepOrderNo: 2, lat: 1, lng: 1, tasks: [{ typeSlug: 'dropoff', done: true }] },
      { id: 'c', stepOrderNo: 3, lat: 1, lng: 1, tasks: [{ typeSlug: 'dropoff', done: false }] },
    ];
    expect(remainingStops(steps, 'en-route-to-pickup').map((s) => s.id)).toEqual(['a', 'c']);
    expect(remainingStops(steps, 'en-route-to-dropoff').map((s) => s.id)).toEqual(['c']);
  });
});
