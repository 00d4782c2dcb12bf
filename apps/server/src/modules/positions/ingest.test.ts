import { POSITIONS } from '@courier/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryLocationPoints, driverPositions, vehicles } from '../../db/schema/index.js';
import { pointAt, positionsWorld } from '../../test/positions-fixture.js';
import { distinctPoints } from './ingest.service.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** POST /driver/location: validation by index, filing into the deliveries under way only, dedupe, latest positions. */
let t: TestApp;
let w: Awaited<ReturnType<typeof positionsWorld>>;
const post = (agent: typeof w.driver.agent, points: unknown[], headers: Record<string, string> = {}) =>
  agent.post('/api/v1/driver/location', { points }, { headers });
type Result = { stored: number; duplicates: number; unfiled: number };
const history = (deliveryId: string) =>
  t.database.db
    .select({ at: deliveryLocationPoints.recordedAt, driver: deliveryLocationPoints.driverUserId })
    .from(deliveryLocationPoints)
    .where(eq(deliveryLocationPoints.deliveryId, deliveryId));

beforeAll(async () => {
  t = await createTestApp();
  w = await positionsWorld(t);
});
afterAll(() => t.close());

describe('validation', () => {
  it('answers 422 naming the index of the point at fault', async () => {
    const res = await post(w.driver.agent, [pointAt(0), pointAt(1), pointAt(2), pointAt(3, 95)]);
    expect(res.statusCode).toBe(422);
    const errors = res.json<{ errors: Record<string, string[]> }>().errors;
    expect(Object.keys(errors)).toEqual(['points.3.lat']);
  });

  it('refuses a point from the future beyond the skew, one too old, and a longitude off the map', async () => {
    const res = await post(w.driver.agent, [
      pointAt(-(POSITIONS.futureSkewSeconds + 60)),
      pointAt(0),
      pointAt(POSITIONS.maxAgeDays * 86_400 + 60),
      pointAt(0, 51, 181),
    ]);
    expect(res.statusCode).toBe(422);
    const errors = res.json<{ errors: Record<string, string[]> }>().errors;
    expect(errors['points.0.recordedAt']?.[0]).toMatch(/future/);
    expect(errors['points.2.recordedAt']?.[0]).toMatch(/older than 7 days/);
    expect(errors['points.3.lng']).toBeDefined();
    expect(errors['points.1.recordedAt']).toBeUndefined();
  });

  it(`refuses more than ${POSITIONS.batchMax} points and an empty batch`, async () => {
    const many = Array.from({ length: POSITIONS.batchMax + 1 }, (_, i) => pointAt(i));
    const res = await post(w.driver.agent, many);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json<{ errors: object }>().errors)).toEqual(['points']);
    expect((await post(w.driver.agent, [])).statusCode).toBe(422);
  });

  it('is for drivers only', async () => {
    expect((await post(w.courierAdmin.agent, [pointAt(0)])).statusCode).toBe(403);
  });
});

describe('filing', () => {
  it('files points only in the deliveries the driver has under way at their time', async () => {
    const underWay = await w.carried(w.driver.id);
    const othersJob = await w.carried(w.otherDriver.id);
    const notStarted = await w.carried(w.driver.id);
    const finished = await w.carried(w.driver.id);
    await w.moveTo(w.driver.agent, underWay.uuid, 'en-route-to-pickup');
    await w.moveTo(w.otherDriver.agent, othersJob.uuid, 'en-route-to-pickup');
    await w.moveTo(w.driver.agent, finished.uuid, 'delivered');
    const before = Date.now();
    await new Promise((r) => setTimeout(r, 5));
    const res = await post(w.driver.agent, [pointAt(-1), pointAt(-2), pointAt(-3)]);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: Result }>().data).toEqual({ stored: 3, duplicates: 0, unfiled: 0 });
    expect(await history(underWay.uuid)).toHaveLength(3);
    expect((await history(underWay.uuid)).every((p) => p.driver === w.driver.id)).toBe(true);
    expect(await history(othersJob.uuid)).toHaveLength(0);
    expect(await history(notStarted.uuid)).toHaveLength(0);
    expect(await history(finished.uuid)).toHaveLength(0);
    // A point recorded before the delivery started belongs to no history (only to the driver's latest position).
    const early = await post(w.driver.agent, [pointAt((Date.now() - before) / 1000 + 3600)]);
    expect(early.json<{ data: Result }>().data).toEqual({ stored: 0, duplicates: 0, unfiled: 1 });
  });

  it('files a queued point sent after the delivery ended, when it was recorded while under way', async () => {
    const d = await w.carried(w.driver.id);
    await w.moveTo(w.driver.agent, d.uuid, 'en-route-to-pickup');
    await new Promise((r) => setTimeout(r, 20));
    const whileUnderWay = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 20));
    await w.moveTo(w.driver.agent, d.uuid, 'delivered');
    const res = await post(w.driver.agent, [{ lat: 51.52, lng: -0.09, recordedAt: whileUnderWay }]);
    expect(res.json<{ data: Result }>().data.stored).toBe(1);
    expect(await history(d.uuid)).toHaveLength(1);
  });

  it('stores a repeated point once and counts it, in a later batch or in the same one', async () => {
    const d = await w.carried(w.driver.id);
    await w.moveTo(w.driver.agent, d.uuid, 'en-route-to-pickup');
    const batch = [pointAt(-10), pointAt(-11), pointAt(-12)];
    expect((await post(w.driver.agent, batch)).json<{ data: Result }>().data).toEqual({
      stored: 3,
      duplicates: 0,
      unfiled: 0,
    });
    const again = await post(w.driver.agent, [...batch, batch[0], pointAt(-13)]);
    expect(again.json<{ data: Result }>().data).toEqual({ stored: 1, duplicates: 4, unfiled: 0 });
    expect(await history(d.uuid)).toHaveLength(4);
  });

  it('answers a replay of the same Idempotency-Key with the first answer', async () => {
    const d = await w.carried(w.driver.id);
    await w.moveTo(w.driver.agent, d.uuid, 'en-route-to-pickup');
    const batch = [pointAt(-20), pointAt(-21)];
    const key = { 'Idempotency-Key': `pos-${Math.random()}` };
    const first = await post(w.driver.agent, batch, key);
    const replay = await post(w.driver.agent, batch, key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect(replay.json<{ data: Result }>().data.stored).toBe(2);
  });
});

describe('latest positions', () => {
  it("keeps the driver's and the vehicle's newest point, never overwritten by an older one", async () => {
    const d = await w.carried(w.otherDriver.id);
    await w.moveTo(w.otherDriver.agent, d.uuid, 'en-route-to-pickup');
    await post(w.otherDriver.agent, [pointAt(-30, 51.6, -0.2), pointAt(-31, 51.7, -0.3, { speed: 9 })]);
    await post(w.otherDriver.agent, [pointAt(-5, 51.1, -0.5)]); // older, arrives late
    const [me] = await t.database.db
      .select()
      .from(driverPositions)
      .where(eq(driverPositions.userId, w.otherDriver.id));
    expect(me).toMatchObject({ lat: 51.7, lng: -0.3, speed: 9 });
    const [van] = await t.database.db
      .select({ lat: vehicles.lat, lng: vehicles.lng, at: vehicles.locationRecordedAt })
      .from(vehicles)
      .where(eq(vehicles.id, d.vehicleId));
    expect(van).toMatchObject({ lat: 51.7, lng: -0.3 });
    expect(van!.at?.getTime()).toBe(me!.recordedAt.getTime());
  });

  it('keeps the latest position of a driver with nothing under way, in no history', async () => {
    const idle = await w.vehicle('spare'); // a vehicle nobody drives: untouched
    const lonely = await positionsWorld(t);
    const res = await post(lonely.driver.agent, [pointAt(-1, 52, 0.1), pointAt(-2, 52.1, 0.2)]);
    expect(res.json<{ data: Result }>().data).toEqual({ stored: 0, duplicates: 0, unfiled: 2 });
    const [me] = await t.database.db
      .select()
      .from(driverPositions)
      .where(eq(driverPositions.userId, lonely.driver.id));
    expect(me).toMatchObject({ lat: 52.1, lng: 0.2 });
    const [spare] = await t.database.db.select().from(vehicles).where(eq(vehicles.id, idle));
    expect(spare?.lat).toBeNull();
  });
});

describe('distinctPoints', () => {
  const at = (s: number, lat = 51.5) => ({
    lat,
    lng: -0.1,
    recordedAt: new Date(Date.UTC(2026, 10, 24, 9, 0, s)).toISOString(),
  });
  it('keeps a batch that is in order and distinct as it came, and otherwise orders it keeping the first of an instant', () => {
    const ordered = [at(1), at(2), at(3)];
    expect(distinctPoints(ordered)).toBe(ordered);
    const sameInstant = { ...at(2, 52), recordedAt: at(2).recordedAt.replace('Z', '+00:00') };
    expect(distinctPoints([at(3), at(2), sameInstant, at(1)])).toEqual([at(1), at(2), at(3)]);
  });
});
