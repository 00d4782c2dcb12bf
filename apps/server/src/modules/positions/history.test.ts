import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointAt, positionsWorld } from '../../test/positions-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** GET /c/{slug}/admin/delivery/location: the history in time order, in pages, through the policy. */
let t: TestApp;
let w: Awaited<ReturnType<typeof positionsWorld>>;
let deliveryId: string;
type Point = { recordedAt: string; speed?: number; heading?: number; accuracy?: number };

beforeAll(async () => {
  t = await createTestApp();
  w = await positionsWorld(t);
  const d = await w.carried(w.driver.id);
  deliveryId = d.uuid;
  await w.moveTo(w.driver.agent, d.uuid, 'en-route-to-pickup');
  // Sent out of order, in two batches.
  await w.driver.agent.post('/api/v1/driver/location', {
    points: [pointAt(-30), pointAt(-10, 51.5, -0.1, { speed: 4.5, heading: 90, accuracy: 8 }), pointAt(-20)],
  });
  await w.driver.agent.post('/api/v1/driver/location', { points: [pointAt(-40), pointAt(-15)] });
});
afterAll(() => t.close());

describe('location history', () => {
  it('answers the owner and the carrier the points oldest first, with speed, heading and accuracy', async () => {
    for (const [agent, base] of [
      [w.shipperAdmin.agent, w.shipperBase],
      [w.courierAdmin.agent, w.courierBase],
    ] as const) {
      const res = await agent.get(`${base}/delivery/location?deliveryUuid=${deliveryId}`);
      expect(res.statusCode).toBe(200);
      const points = res.json<{ data: Point[] }>().data;
      expect(points).toHaveLength(5);
      const times = points.map((p) => Date.parse(p.recordedAt));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(points[0]).toMatchObject({ speed: 4.5, heading: 90, accuracy: 8 });
    }
  });

  it('pages on from the last point seen', async () => {
    const base = `${w.shipperBase}/delivery/location?deliveryUuid=${deliveryId}`;
    const first = (await w.shipperAdmin.agent.get(`${base}&limit=2`)).json<{ data: Point[] }>().data;
    expect(first).toHaveLength(2);
    const since = encodeURIComponent(first[1]!.recordedAt);
    const rest = (await w.shipperAdmin.agent.get(`${base}&limit=2&since=${since}`)).json<{ data: Point[] }>()
      .data;
    expect(rest).toHaveLength(2);
    expect(Date.parse(rest[0]!.recordedAt)).toBeGreaterThan(Date.parse(first[1]!.recordedAt));
    expect((await w.shipperAdmin.agent.get(`${base}&limit=5001`)).statusCode).toBe(422);
  });

  it('is not found for another company', async () => {
    const res = await w.strangerAdmin.agent.get(
      `${w.strangerBase}/delivery/location?deliveryUuid=${deliveryId}`,
    );
    expect(res.statusCode).toBe(404);
  });
});
