import type { DispatchBoard, DriverDelivery, Eta } from '@courier/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries, events, stopEtas } from '../../db/schema/index.js';
import { dayIn } from '../../lib/zoned-time.js';
import { pointAt, positionsWorld } from '../../test/positions-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * One true ETA (issue 36, decision 073): a driver carrying two deliveries, the second's dropoff after the first's in
 * the dispatcher's route. Known geometry with the default travel (straight line × 1.3 at 25 km/h): 0.01° of
 * latitude is 1,446 m along the road, 208 s; every stop takes PLANNING.serviceMinutes (5) before the next.
 */
let t: TestApp;
let w: Awaited<ReturnType<typeof positionsWorld>>;

const stop = (kind: string, lat: number) => ({
  kind,
  address: { line1: `1 ${kind} St`, city: 'London', postcode: 'N1 1AA', countryCode: 'GB', lat, lng: -0.1 },
});

beforeAll(async () => {
  t = await createTestApp();
  w = await positionsWorld(t);
});
afterAll(() => t.close());

const etaJob = async () => {
  await t.app.jobs.send(t.database.db, 'positions.etas', {});
  await t.app.jobs.settle();
};
const etaEvents = async (deliveryId: string) =>
  (
    await t.database.db
      .select({ data: events.payload })
      .from(events)
      .where(and(eq(events.type, 'delivery.eta'), eq(events.deliveryId, deliveryId)))
      .orderBy(asc(events.id))
  ).map((e) => e.data as { stops: { deliveryStepUuid: string; arriveAt: string | null }[] });
const liveOf = async (deliveryUuid: string) =>
  (await w.shipperAdmin.agent.get(`${w.shipperBase}/delivery/eta?deliveryUuid=${deliveryUuid}`)).json<{
    data: { eta: Eta | null };
  }>().data.eta;

describe('one ETA per stop', () => {
  it('is timed along the driver’s route and read the same by the office, the board, the driver and the recipient', async () => {
    const a = await w.carried(w.driver.id, {
      name: 'First',
      steps: [stop('pickup', 51.49), stop('dropoff', 51.51)],
    });
    const b = await w.carried(w.driver.id, {
      name: 'Second',
      steps: [stop('pickup', 51.49), stop('dropoff', 51.52)],
    });
    const [aPick, aDrop] = a.deliverySteps.map((s) => s.deliveryStepUuid) as [string, string];
    const [bPick, bDrop] = b.deliverySteps.map((s) => s.deliveryStepUuid) as [string, string];
    // The dispatcher's route: both pickups, then the first's dropoff, then the second's.
    const saved = await w.courierAdmin.agent.put(`${w.courierBase}/dispatch`, {
      day: dayIn('Europe/London'),
      routes: [
        { driverUserUuid: w.driver.id, vehicleUuid: a.vehicleId, stepUuids: [aPick, bPick, aDrop, bDrop] },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await w.moveTo(w.driver.agent, a.uuid, 'en-route-to-dropoff');
    await w.moveTo(w.driver.agent, b.uuid, 'picked-up');
    await w.driver.agent.post('/api/v1/driver/location', { points: [pointAt(-1, 51.5, -0.1)] });

    // The second delivery's dropoff is reached through the first's: two legs and the first stop's service.
    const bEta = (await liveOf(b.uuid))!;
    expect(bEta).toMatchObject({
      remainingStops: 1,
      nextStop: { deliveryStepUuid: bDrop, distanceM: 2892, durationS: 208 + 300 + 208 },
    });
    const aEta = (await liveOf(a.uuid))!;
    expect(aEta.nextStop).toMatchObject({ deliveryStepUuid: aDrop, distanceM: 1446, durationS: 208 });
    // The window is derived from the arrival by one rule: 10 % (at least a minute) earlier, 25 % (at least 3) later.
    const arrive = Date.parse(bEta.nextStop.arriveAt);
    expect(arrive - Date.parse(bEta.nextStop.earliestAt)).toBe(71_600);
    expect(Date.parse(bEta.nextStop.latestAt) - arrive).toBe(180_000);

    // The recipient's page shows the same arrival and window, to the millisecond.
    const [row] = await t.database.db
      .select({ token: deliveries.trackingToken })
      .from(deliveries)
      .where(eq(deliveries.id, b.uuid));
    const page = (await t.app.inject({ method: 'GET', url: `/api/v1/track/${row!.token}` })).json<{
      data: { eta: { arriveAt: string; earliestAt: string; latestAt: string } };
    }>().data;
    expect(page.eta).toMatchObject({
      arriveAt: bEta.nextStop.arriveAt,
      earliestAt: bEta.nextStop.earliestAt,
      latestAt: bEta.nextStop.latestAt,
    });
    // The carrier's dispatcher sees it on the board beside the planned time.
    const boardStops = (await w.courierAdmin.agent.get(`${w.courierBase}/dispatch`))
      .json<{ data: DispatchBoard }>()
      .data.routes.find((r) => r.driverUserUuid === w.driver.id)!.stops;
    const boardStop = boardStops.find((s) => s.stepUuid === bDrop)!;
    expect(boardStop.etaAt).toBe(bEta.nextStop.arriveAt);
    // Its planned time is worked out the same way from now (a driver out is on their way, whatever their shift says).
    expect(Math.abs(Date.parse(boardStop.plannedArrivalAt!) - arrive)).toBeLessThan(5_000);
    expect(boardStops.find((s) => s.stepUuid === aPick)!.etaAt).toBeNull();
    // The driver's list shows it on the stop.
    const mine = (await w.driver.agent.get('/api/v1/driver/delivery')).json<{ data: DriverDelivery[] }>()
      .data;
    const driverStop = mine.find((d) => d.uuid === b.uuid)!.stops.find((s) => s.deliveryStepUuid === bDrop)!;
    expect(driverStop.etaAt).toBe(bEta.nextStop.arriveAt);

    // Published once on the stream (and so to the ETA webhook); the minute's job with nothing moved adds nothing.
    const published = await etaEvents(b.uuid);
    expect(published.at(-1)!.stops).toContainEqual({
      deliveryStepUuid: bDrop,
      arriveAt: bEta.nextStop.arriveAt,
    });
    await etaJob();
    expect(await etaEvents(b.uuid)).toHaveLength(published.length);

    // The driver turns back 0.02° (2,892 m, over 400 s more): moved by more than a minute, so published again.
    await w.driver.agent.post('/api/v1/driver/location', { points: [pointAt(-3, 51.48, -0.1)] });
    await etaJob();
    const moved = await etaEvents(b.uuid);
    expect(moved).toHaveLength(published.length + 1);
    const later = moved.at(-1)!.stops.find((s) => s.deliveryStepUuid === bDrop)!;
    expect(Date.parse(later.arriveAt!) - arrive).toBeGreaterThan(400_000);
    // What is read now is the stored value, timed again a moment later: within the minute the stream allows.
    const now = Date.parse((await liveOf(b.uuid))!.nextStop.arriveAt);
    expect(Math.abs(now - Date.parse(later.arriveAt!))).toBeLessThan(60_000);

    // The first delivery handed over: its ETA is gone (published as gone), and the second is now the next stop.
    await w.moveTo(w.driver.agent, a.uuid, 'delivered');
    // Timed again at once by the move's own job (the retime the events consumer sends), not the minute's.
    await t.app.jobs.settle();
    expect((await etaEvents(a.uuid)).at(-1)!.stops).toEqual([{ deliveryStepUuid: aDrop, arriveAt: null }]);
    expect(await t.database.db.select().from(stopEtas).where(eq(stopEtas.deliveryId, a.uuid))).toEqual([]);
    expect(await liveOf(a.uuid)).toBeNull();
    const [bRow] = await t.database.db.select().from(stopEtas).where(eq(stopEtas.deliveryId, b.uuid));
    expect(bRow).toMatchObject({ deliveryStepId: bDrop, routePosition: 0, distanceM: 5782 }); // 0.04° along the road, rounded once
  });

  it('widens the window of a position that has gone quiet, later only', async () => {
    const d = await w.carried(w.otherDriver.id, { steps: [stop('pickup', 51.49), stop('dropoff', 51.51)] });
    await w.moveTo(w.otherDriver.agent, d.uuid, 'en-route-to-dropoff');
    // Last heard of ten minutes ago (the phone lost its signal).
    await w.otherDriver.agent.post('/api/v1/driver/location', { points: [pointAt(600, 51.5, -0.1)] });
    const eta = (await liveOf(d.uuid))!;
    const arrive = Date.parse(eta.nextStop.arriveAt);
    expect(arrive - Date.parse(eta.nextStop.earliestAt)).toBe(60_000);
    const later = Date.parse(eta.nextStop.latestAt) - arrive;
    expect(later).toBeGreaterThanOrEqual(180_000 + 600_000);
    expect(later).toBeLessThan(180_000 + 660_000);
  });
});
