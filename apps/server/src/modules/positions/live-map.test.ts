import type { LiveMap } from '@courier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDelivery } from '../../test/delivery-fixture.js';
import { pointAt, positionsWorld } from '../../test/positions-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** GET /c/{slug}/admin/live-map: the active deliveries map's one answer (decision 025). */
let t: TestApp;
let w: Awaited<ReturnType<typeof positionsWorld>>;
const liveMap = async (agent: typeof w.driver.agent, base: string) => {
  const res = await agent.get(`${base}/live-map`);
  expect(res.statusCode).toBe(200);
  return res.json<{ data: LiveMap }>().data;
};
const rowOf = (map: LiveMap, uuid: string) => map.deliveries.find((d) => d.deliveryUuid === uuid);

beforeAll(async () => {
  t = await createTestApp();
  w = await positionsWorld(t);
});
afterAll(() => t.close());

describe('the active deliveries map', () => {
  it("shows a delivery under way to its owner and its carrier, with vehicle, driver, stops and the driver's position", async () => {
    const delivery = await w.carried(w.driver.id);
    await w.moveTo(w.driver.agent, delivery.uuid, 'en-route-to-pickup');
    const posted = await w.driver.agent.post('/api/v1/driver/location', {
      points: [pointAt(-1, 51.51, -0.09, { heading: 90 })],
    });
    expect(posted.statusCode).toBe(200);

    const owner = rowOf(await liveMap(w.shipperAdmin.agent, w.shipperBase), delivery.uuid);
    const carrier = rowOf(await liveMap(w.courierAdmin.agent, w.courierBase), delivery.uuid);
    expect(owner?.role).toBe('owner');
    expect(carrier?.role).toBe('carrier');
    for (const row of [owner, carrier]) {
      expect(row).toMatchObject({
        name: 'Test run',
        status: 'en-route-to-pickup',
        vehicle: { uuid: delivery.vehicleId, name: 'Van', sizeSlug: expect.any(String) },
        drivers: [{ uuid: w.driver.id, name: expect.stringMatching(/^Sam /) }],
        position: { driverUserUuid: w.driver.id, lat: 51.51, lng: -0.09, heading: 90 },
      });
      expect(row?.stops).toEqual([
        { stepOrderNo: expect.any(Number), kind: 'pickup', lat: 51.5362, lng: -0.1033, done: false },
        { stepOrderNo: expect.any(Number), kind: 'dropoff', lat: 51.5456, lng: -0.0553, done: false },
      ]);
      expect(Date.parse(row!.position!.recordedAt)).not.toBeNaN();
    }
    expect(rowOf(await liveMap(w.strangerAdmin.agent, w.strangerBase), delivery.uuid)).toBeUndefined();
  });

  it('shows an assigned delivery without its driver position until it starts, and no finished or unassigned one', async () => {
    const assigned = await w.carried(w.otherDriver.id);
    await w.otherDriver.agent.post('/api/v1/driver/location', { points: [pointAt(-1, 51.6, -0.2)] });
    const created = await createTestDelivery(w.shipperAdmin.agent, w.shipperBase);
    const done = await w.carried(w.driver.id);
    await w.moveTo(w.driver.agent, done.uuid, 'delivered');

    const map = await liveMap(w.courierAdmin.agent, w.courierBase);
    expect(rowOf(map, assigned.uuid)).toMatchObject({ status: 'assigned', position: null });
    expect(rowOf(map, created.uuid)).toBeUndefined();
    expect(rowOf(map, done.uuid)).toBeUndefined();
    expect(map.truncated).toBe(false);
    // The most recently moved first.
    const moved = map.deliveries.map((d) => d.statusChangedAt);
    expect([...moved].sort().reverse()).toEqual(moved);
  });

  it("is for a company's admins, not its drivers", async () => {
    expect((await w.driver.agent.get(`${w.courierBase}/live-map`)).statusCode).toBe(403);
    expect((await w.shipperAdmin.agent.get(`${w.courierBase}/live-map`)).statusCode).toBe(404);
  });
});
