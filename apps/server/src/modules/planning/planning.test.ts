import type { DispatchBoard, DriverDelivery, PlanDraft } from '@courier/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries, deliveryAssignments, driverInfos, events, routeStops } from '../../db/schema/index.js';
import { dayIn, nextDay, zonedInstant } from '../../lib/zoned-time.js';
import { twoCompanies } from '../../test/company-fixture.js';
import {
  createTestDelivery,
  testDropoff,
  testPickup,
  type TestDelivery,
} from '../../test/delivery-fixture.js';
import { createUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

// The dispatch board (issue 35): a day's routes per driver with planned times against windows, changes previewed
// then saved through the deliveries' assignment, checked by the policy, refused with reasons.

let t: TestApp;
let c: Awaited<ReturnType<typeof twoCompanies>>;
let vanId: string;
/** Tomorrow in London (the company's zone): no "now" moves the planned times. */
const day = nextDay(dayIn('Europe/London'));
const at = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return zonedInstant(day, h * 60 + m, 'Europe/London').toISOString();
};

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t);
  vanId = (await c.adminA.post(`${c.base}/vehicle`, { name: 'Van 1', registrationNumber: 'PV1' })).json<{
    data: { uuid: string };
  }>().data.uuid;
});
afterAll(() => t.close());

const board = async () => {
  const res = await c.adminA.get(`${c.base}/dispatch?day=${day}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: DispatchBoard }>().data;
};
const routeOf = (b: DispatchBoard, driverId = c.driverAUser.id) =>
  b.routes.find((r) => r.driverUserUuid === driverId)!;
const stepsOf = (d: TestDelivery) => d.deliverySteps.map((s) => s.deliveryStepUuid);

function windowed(name: string, pickup: [string, string], dropoff: [string, string]) {
  return createTestDelivery(c.adminA, c.base, {
    name,
    scheduleWindows: [
      { deliveryScheduleWindowTypeSlug: 'pickup', startAt: at(pickup[0]), endAt: at(pickup[1]) },
      { deliveryScheduleWindowTypeSlug: 'dropoff', startAt: at(dropoff[0]), endAt: at(dropoff[1]) },
    ],
  });
}

describe('the dispatch board', () => {
  it('shows the day: drivers with their shift, and the deliveries in no route with their stops and windows', async () => {
    const d = await windowed('Board one', ['09:00', '10:00'], ['10:00', '12:00']);
    const b = await board();
    expect(b).toMatchObject({ day, timeZone: 'Europe/London', autoAssign: false, travel: 'estimate' });
    const route = routeOf(b);
    expect(route).toMatchObject({ stops: [], vehicle: null, driverStatusSlug: expect.any(String) });
    expect(route.shift).toMatchObject({ startsAt: at('08:00'), endsAt: at('18:00'), breakMinutes: 30 });
    const waiting = b.unassigned.find((u) => u.uuid === d.uuid)!;
    expect(waiting.stops.map((s) => [s.kind, s.window?.startAt, s.done])).toEqual([
      ['pickup', at('09:00'), false],
      ['dropoff', at('10:00'), false],
    ]);
    expect(waiting.stops[0]!.label).toContain('1 Upper St');
    // Another day's delivery is not on this board.
    const other = await createTestDelivery(c.adminA, c.base, {
      name: 'Next week',
      scheduleWindows: [{ startAt: '2099-01-05T09:00:00.000Z', endAt: '2099-01-05T10:00:00.000Z' }],
    });
    expect((await board()).unassigned.map((u) => u.uuid)).not.toContain(other.uuid);
  });

  it('saves a route through the assignment: the delivery is assigned, ordered, timed; refused without a vehicle', async () => {
    const d = await windowed('Board two', ['09:00', '10:00'], ['09:30', '12:00']);
    const change = { day, routes: [{ driverUserUuid: c.driverAUser.id, stepUuids: stepsOf(d) }] };
    const noVan = await c.adminA.put(`${c.base}/dispatch`, change);
    expect(noVan.statusCode).toBe(422);
    expect(noVan.json()).toMatchObject({
      errors: { 'routes.0.vehicleUuid': [expect.stringContaining('no usual vehicle')] },
    });

    const saved = await c.adminA.put(`${c.base}/dispatch`, {
      ...change,
      routes: [{ ...change.routes[0], vehicleUuid: vanId }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const route = routeOf(saved.json<{ data: DispatchBoard }>().data);
    expect(route.vehicle).toMatchObject({ uuid: vanId, name: 'Van 1' });
    expect(route.stops.map((s) => s.stepUuid)).toEqual(stepsOf(d));
    // The shift starts at 08:00 at the first stop; the pickup waits for its window.
    expect(route.stops[0]!.plannedArrivalAt).toBe(at('08:00'));
    expect(Date.parse(route.stops[0]!.plannedDepartureAt!)).toBe(Date.parse(at('09:05')));
    expect(Date.parse(route.stops[1]!.plannedArrivalAt!)).toBeGreaterThan(Date.parse(at('09:05')));
    expect(route.figures).toMatchObject({ lateStops: 0, overCapacity: false, overShift: false });
    expect(route.figures.distanceM).toBeGreaterThan(3000);

    const [row] = await t.database.db.select().from(deliveries).where(eq(deliveries.id, d.uuid));
    expect(row!.liveStatusSlug).toBe('assigned');
    const [open] = await t.database.db
      .select()
      .from(deliveryAssignments)
      .where(and(eq(deliveryAssignments.deliveryId, d.uuid), isNull(deliveryAssignments.unassignedAt)));
    expect(open).toMatchObject({ vehicleId: vanId, driverUserIds: [c.driverAUser.id] });
    const stops = await t.database.db.select().from(routeStops).where(eq(routeStops.deliveryId, d.uuid));
    expect(stops.map((s) => [s.position, s.routeDay])).toEqual([
      [0, day],
      [1, day],
    ]);
    // The delivery's history says who linked it.
    const history = await c.adminA.get(`${c.base}/delivery/status?deliveryUuid=${d.uuid}`);
    expect(history.body).toContain('Linked Van 1');
    expect((await board()).unassigned.map((u) => u.uuid)).not.toContain(d.uuid);
    // The driver's phone: told, and shown the stops in the planned order with their times.
    const told = await t.database.db.select().from(events).where(eq(events.type, 'route.planned'));
    expect(told.at(-1)).toMatchObject({ driverUserIds: [c.driverAUser.id], ownerCompanyId: c.companyA.id });
    const mine = await c.driverA.get('/api/v1/driver/delivery');
    const phone = mine.json<{ data: DriverDelivery[] }>().data.find((x) => x.uuid === d.uuid)!;
    expect(phone.stops.map((s) => s.plan)).toEqual([
      { day, position: 0, arrivalAt: at('08:00') },
      { day, position: 1, arrivalAt: route.stops[1]!.plannedArrivalAt },
    ]);
  });

  it('previews a change (late stops, before and after) without writing anything', async () => {
    const b = await board();
    const current = routeOf(b).stops.map((s) => s.stepUuid);
    const late = await windowed('Board late', ['08:00', '08:10'], ['08:00', '08:20']);
    const res = await c.adminA.post(`${c.base}/dispatch/preview`, {
      day,
      routes: [{ driverUserUuid: c.driverAUser.id, stepUuids: [...current, ...stepsOf(late)] }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [preview] = res.json<{
      data: {
        routes: {
          before: { lateStops: number };
          after: { lateStops: number };
          stops: { lateMinutes: number }[];
        }[];
      };
    }>().data.routes;
    expect(preview!.before.lateStops).toBe(0);
    expect(preview!.after.lateStops).toBe(2);
    expect(preview!.stops.at(-1)!.lateMinutes).toBeGreaterThan(60);
    expect(routeOf(await board()).stops.map((s) => s.stepUuid)).toEqual(current);
    const [row] = await t.database.db.select().from(deliveries).where(eq(deliveries.id, late.uuid));
    expect(row!.liveStatusSlug).toBe('scheduled');
  });

  it('refuses a delivery split between drivers, out of its order, or a stop twice, naming the delivery', async () => {
    const d = await windowed('Board order', ['09:00', '17:00'], ['09:00', '17:00']);
    const [pickup, dropoff] = stepsOf(d) as [string, string];
    const send = (stepUuids: string[]) =>
      c.adminA.post(`${c.base}/dispatch/preview`, {
        day,
        routes: [{ driverUserUuid: c.driverAUser.id, vehicleUuid: vanId, stepUuids }],
      });
    const reversed = await send([dropoff, pickup]);
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json()).toMatchObject({
      errors: { 'routes.0.stepUuids': ['Board order: its stops are done in their order, the pickup first.'] },
    });
    const alone = await send([pickup]);
    expect(alone.json()).toMatchObject({
      errors: {
        'routes.0.stepUuids': [expect.stringContaining('Board order: its stops go on one driver’s route')],
      },
    });
    const twice = await send([pickup, pickup, dropoff]);
    expect(twice.json<{ errors: Record<string, string[]> }>().errors['routes.0.stepUuids']).toContain(
      'A stop can be in one route only, once.',
    );
    const stranger = await send([c.adminAUser.id]);
    expect(stranger.statusCode).toBe(404);
  });

  it('keeps another company’s deliveries and drivers out: 404 for their stops, 422 for their drivers', async () => {
    const theirs = await createTestDelivery(c.adminB, c.baseB, {
      name: 'Theirs',
      scheduleWindows: [{ startAt: at('09:00'), endAt: at('10:00') }],
    });
    const res = await c.adminA.put(`${c.base}/dispatch`, {
      day,
      routes: [{ driverUserUuid: c.driverAUser.id, vehicleUuid: vanId, stepUuids: stepsOf(theirs) }],
    });
    expect(res.statusCode).toBe(404);
    const foreignDriver = await c.adminB.put(`${c.baseB}/dispatch`, {
      day,
      routes: [{ driverUserUuid: c.driverAUser.id, stepUuids: [] }],
    });
    expect(foreignDriver.statusCode).toBe(422);
    expect(foreignDriver.json()).toMatchObject({
      errors: { 'routes.0.driverUserUuid': ['Choose an active driver of your company.'] },
    });
    // A driver is no dispatcher.
    expect((await c.driverA.get(`${c.base}/dispatch?day=${day}`)).statusCode).toBe(403);
    const [row] = await t.database.db.select().from(deliveries).where(eq(deliveries.id, theirs.uuid));
    expect(row!.liveStatusSlug).toBe('scheduled');
  });

  it('unassigns: the delivery goes back to scheduled and leaves the route', async () => {
    const b = await board();
    const route = routeOf(b);
    const deliveryUuid = route.stops[0]!.deliveryUuid;
    const res = await c.adminA.put(`${c.base}/dispatch`, {
      day,
      routes: [
        {
          driverUserUuid: c.driverAUser.id,
          stepUuids: route.stops.filter((s) => s.deliveryUuid !== deliveryUuid).map((s) => s.stepUuid),
        },
      ],
      unassignDeliveryUuids: [deliveryUuid],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<{ data: DispatchBoard }>().data;
    expect(routeOf(after).stops.map((s) => s.deliveryUuid)).not.toContain(deliveryUuid);
    expect(after.unassigned.map((u) => u.uuid)).toContain(deliveryUuid);
    const [row] = await t.database.db.select().from(deliveries).where(eq(deliveries.id, deliveryUuid));
    expect(row!.liveStatusSlug).toBe('scheduled');
  });

  it('counts a pickup done once the driver has picked up, with the load on board from the start', async () => {
    const d = await createTestDelivery(c.adminA, c.base, {
      name: 'Board picked up',
      parcels: [{ name: 'Crate', weightKg: 25 }],
      scheduleWindows: [{ startAt: at('09:00'), endAt: at('17:00') }],
    });
    const current = routeOf(await board()).stops.map((s) => s.stepUuid);
    const saved = await c.adminA.put(`${c.base}/dispatch`, {
      day,
      routes: [
        { driverUserUuid: c.driverAUser.id, vehicleUuid: vanId, stepUuids: [...current, ...stepsOf(d)] },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    for (const statusSlug of ['en-route-to-pickup', 'at-pickup', 'picked-up'])
      expect(
        (await c.driverA.post(`/api/v1/driver/delivery/${d.uuid}/status`, { statusSlug })).statusCode,
      ).toBe(200);
    const stops = routeOf(await board()).stops.filter((s) => s.deliveryUuid === d.uuid);
    expect(stops.map((s) => [s.kind, s.done, s.plannedArrivalAt === null])).toEqual([
      ['pickup', true, true],
      ['dropoff', false, false],
    ]);
    expect(stops[1]!.loadKg).toBe(0);
    expect(routeOf(await board()).figures.peakKg).toBeGreaterThanOrEqual(25);
  });

  it('keeps a driver’s working day, checked, and the company’s auto-assignment choice', async () => {
    const url = `${c.base}/dispatch/driver/${c.driverAUser.id}/shift`;
    const shift = {
      shiftStartMinute: 7 * 60,
      shiftEndMinute: 15 * 60,
      breakMinutes: 20,
      breakFromMinute: 11 * 60,
      breakUntilMinute: 12 * 60,
      shiftStartAddressUuid: null,
      shiftEndAddressUuid: null,
      usualVehicleUuid: vanId,
    };
    const wrong = await c.adminA.put(url, { ...shift, shiftEndMinute: 6 * 60 });
    expect(wrong.json()).toMatchObject({ errors: { shiftEndMinute: ['The shift ends after it starts.'] } });
    const theirVan = (
      await c.adminB.post(`${c.baseB}/vehicle`, { name: 'B van', registrationNumber: 'PB1' })
    ).json<{
      data: { uuid: string };
    }>().data.uuid;
    const foreign = await c.adminA.put(url, { ...shift, usualVehicleUuid: theirVan });
    expect(foreign.json()).toMatchObject({
      errors: { usualVehicleUuid: ['Choose a vehicle of your company.'] },
    });
    expect(
      (await c.adminB.put(`${c.baseB}/dispatch/driver/${c.driverAUser.id}/shift`, shift)).statusCode,
    ).toBe(404);
    expect((await c.adminA.put(url, shift)).statusCode).toBe(200);
    const route = routeOf(await board());
    expect(route.shift).toMatchObject({ startsAt: at('07:00'), endsAt: at('15:00'), breakMinutes: 20 });

    const on = await c.adminA.put(`${c.base}/dispatch/settings`, { autoAssign: true });
    expect(on.json()).toMatchObject({ data: { autoAssign: true } });
    expect((await board()).autoAssign).toBe(true);
    await c.adminA.put(`${c.base}/dispatch/settings`, { autoAssign: false });
  });

  it('takes the usual vehicle when none is chosen, and counts the load against it', async () => {
    const heavy = await createTestDelivery(c.adminA, c.base, {
      name: 'Board heavy',
      steps: [testPickup, testDropoff],
      parcels: [{ name: 'Pallet', weightKg: 900 }],
      scheduleWindows: [{ startAt: at('09:00'), endAt: at('17:00') }],
    });
    const res = await c.adminA.post(`${c.base}/dispatch/preview`, {
      day,
      routes: [{ driverUserUuid: c.driverAUser.id, stepUuids: stepsOf(heavy) }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [route] = res.json<{ data: { routes: { after: { peakKg: number; overCapacity: boolean } }[] } }>()
      .data.routes;
    // Van 1 has no size: no limit is assumed, and the load is still counted.
    expect(route!.after).toMatchObject({ peakKg: 900, overCapacity: false });
  });
});

describe('optimising a day', () => {
  /** Two days on: a board of its own. */
  const day2 = nextDay(day);
  const at2 = (hhmm: string) => {
    const [h, m] = hhmm.split(':').map(Number) as [number, number];
    return zonedInstant(day2, h * 60 + m, 'Europe/London').toISOString();
  };
  const spots = [
    { lat: 51.5362, lng: -0.1033 },
    { lat: 51.5456, lng: -0.0553 },
    { lat: 51.5154, lng: -0.1419 },
    { lat: 51.4975, lng: -0.1357 },
    { lat: 51.5226, lng: -0.0714 },
    { lat: 51.5416, lng: -0.1426 },
  ];
  const stopAt = (kind: 'pickup' | 'dropoff', i: number) => ({
    kind,
    address: {
      line1: `${i} Plan St`,
      city: 'London',
      postcode: 'N1 1AA',
      countryCode: 'GB',
      ...spots[i % spots.length]!,
    },
  });
  const plan = async (url: string) => {
    let last: { status: string } = { status: 'solving' };
    await expect
      .poll(
        async () => {
          last = (await c.adminA.get(url)).json<{ data: { status: string } }>().data;
          return last.status;
        },
        { timeout: 60_000, interval: 250 },
      )
      .not.toBe('solving');
    return (await c.adminA.get(url)).json<{ data: PlanDraft }>().data;
  };
  let second: string;

  beforeAll(async () => {
    second = (await createUser(t.database.db, { company: c.companyA, roles: ['driver'] })).id;
    for (const driver of [c.driverAUser.id, second])
      expect(
        (
          await c.adminA.put(`${c.base}/dispatch/driver/${driver}/shift`, {
            shiftStartMinute: 8 * 60,
            shiftEndMinute: 18 * 60,
            breakMinutes: 0,
            breakFromMinute: 12 * 60,
            breakUntilMinute: 13 * 60,
            shiftStartAddressUuid: null,
            shiftEndAddressUuid: null,
            usualVehicleUuid: vanId,
          })
        ).statusCode,
      ).toBe(200);
  });

  it('proposes routes for the chosen drivers and deliveries, then applies them through the assignment', async () => {
    const made: string[] = [];
    for (let i = 0; i < 6; i++)
      made.push(
        (
          await createTestDelivery(c.adminA, c.base, {
            name: `Plan ${i}`,
            steps: [stopAt('pickup', i), stopAt('dropoff', i + 3)],
            scheduleWindows: [
              { deliveryScheduleWindowTypeSlug: 'pickup', startAt: at2('08:00'), endAt: at2('12:00') },
              {
                deliveryScheduleWindowTypeSlug: 'dropoff',
                startAt: at2('08:00'),
                endAt: at2(i % 2 ? '11:00' : '16:00'),
              },
            ],
          })
        ).uuid,
      );
    const asked = await c.adminA.post(`${c.base}/dispatch/plan`, {
      day: day2,
      driverUserUuids: [c.driverAUser.id, second],
      deliveryUuids: made,
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const draft = asked.json<{ data: PlanDraft }>().data;
    expect(draft).toMatchObject({ status: 'solving', engine: 'built-in', day: day2 });

    const ready = await plan(`${c.base}/dispatch/plan/${draft.uuid}`);
    expect(ready.status, ready.error ?? '').toBe('ready');
    const result = ready.result!;
    expect(result.unassigned).toEqual([]);
    expect(result.after).toMatchObject({ routed: 6, lateStops: 0 });
    expect(result.before.routed).toBe(0);
    for (const route of result.routes) {
      // Each delivery's pickup before its dropoff, on one route.
      const seen = new Set<string>();
      for (const s of route.stops) {
        if (s.kind === 'pickup') seen.add(s.deliveryUuid);
        else expect(seen.has(s.deliveryUuid)).toBe(true);
      }
    }
    // Nothing is assigned until the plan is applied.
    const [before] = await t.database.db.select().from(deliveries).where(eq(deliveries.id, made[0]!));
    expect(before!.liveStatusSlug).toBe('scheduled');

    expect((await c.driverA.post(`${c.base}/dispatch/plan/${draft.uuid}/apply`)).statusCode).toBe(403);
    expect((await c.adminB.post(`${c.baseB}/dispatch/plan/${draft.uuid}/apply`)).statusCode).toBe(404);
    const applied = await c.adminA.post(`${c.base}/dispatch/plan/${draft.uuid}/apply`);
    expect(applied.statusCode, applied.body).toBe(200);
    const b = applied.json<{ data: DispatchBoard }>().data;
    for (const route of result.routes)
      expect(routeOf(b, route.driverUserUuid).stops.map((s) => s.stepUuid)).toEqual(
        route.stops.map((s) => s.stepUuid),
      );
    const rows = await t.database.db.select().from(deliveries).where(inArray(deliveries.id, made));
    expect(rows.map((r) => r.liveStatusSlug)).toEqual(made.map(() => 'assigned'));
    const again = await c.adminA.post(`${c.base}/dispatch/plan/${draft.uuid}/apply`);
    expect(again.statusCode).toBe(409);
  });

  it('gives the work of a driver who dropped out to the others', async () => {
    const board2 = async () =>
      (await c.adminA.get(`${c.base}/dispatch?day=${day2}`)).json<{ data: DispatchBoard }>().data;
    const theirs = routeOf(await board2(), second).stops.map((s) => s.deliveryUuid);
    expect(theirs.length).toBeGreaterThan(0);
    await t.database.db
      .update(driverInfos)
      .set({ statusSlug: 'on-leave' })
      .where(eq(driverInfos.userId, second));
    const asked = await c.adminA.post(`${c.base}/dispatch/plan`, {
      day: day2,
      driverUserUuids: [c.driverAUser.id, second],
      deliveryUuids: [],
    });
    const draft = asked.json<{ data: PlanDraft }>().data;
    const ready = await plan(`${c.base}/dispatch/plan/${draft.uuid}`);
    expect(ready.status, ready.error ?? '').toBe('ready');
    expect(ready.result!.routes.find((r) => r.driverUserUuid === second)!.stops).toEqual([]);
    expect(ready.result!.driversLeftOut).toEqual([
      { driverUserUuid: second, name: expect.any(String), reason: expect.stringContaining('is on leave.') },
    ]);
    const applied = await c.adminA.post(`${c.base}/dispatch/plan/${draft.uuid}/apply`);
    expect(applied.statusCode, applied.body).toBe(200);
    const after = applied.json<{ data: DispatchBoard }>().data;
    const placed = new Set(routeOf(after).stops.map((s) => s.deliveryUuid));
    const left = new Set(after.unassigned.map((u) => u.uuid));
    for (const id of theirs) expect(placed.has(id) || left.has(id)).toBe(true);
    expect(routeOf(after, second).stops).toEqual([]);
    await t.database.db
      .update(driverInfos)
      .set({ statusSlug: 'available' })
      .where(eq(driverInfos.userId, second));
  });

  it('refuses to apply a plan made before the board changed', async () => {
    const extra = await createTestDelivery(c.adminA, c.base, {
      name: 'Plan late comer',
      steps: [stopAt('pickup', 1), stopAt('dropoff', 2)],
      scheduleWindows: [{ startAt: at2('09:00'), endAt: at2('17:00') }],
    });
    const asked = await c.adminA.post(`${c.base}/dispatch/plan`, {
      day: day2,
      driverUserUuids: [second],
      deliveryUuids: [extra.uuid],
    });
    const draft = asked.json<{ data: PlanDraft }>().data;
    expect((await plan(`${c.base}/dispatch/plan/${draft.uuid}`)).status).toBe('ready');
    // Meanwhile, a dispatcher gives the delivery to the other driver by hand.
    const board2 = (await c.adminA.get(`${c.base}/dispatch?day=${day2}`)).json<{ data: DispatchBoard }>()
      .data;
    const res = await c.adminA.put(`${c.base}/dispatch`, {
      day: day2,
      routes: [
        {
          driverUserUuid: c.driverAUser.id,
          stepUuids: [...routeOf(board2).stops.map((s) => s.stepUuid), ...stepsOf(extra)],
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const stale = await c.adminA.post(`${c.base}/dispatch/plan/${draft.uuid}/apply`);
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ message: string }>().message).toContain('The board changed since this plan was made');
    const discarded = await c.adminA.request('DELETE', `${c.base}/dispatch/plan/${draft.uuid}`);
    expect(discarded.json()).toMatchObject({ data: { status: 'discarded' } });
  });
});

describe('auto-assignment', () => {
  const day3 = nextDay(nextDay(nextDay(day)));
  const at3 = (hhmm: string) => {
    const [h, m] = hhmm.split(':').map(Number) as [number, number];
    return zonedInstant(day3, h * 60 + m, 'Europe/London').toISOString();
  };
  const board3 = async () =>
    (await c.adminA.get(`${c.base}/dispatch?day=${day3}`)).json<{ data: DispatchBoard }>().data;

  it('puts a new delivery into the best route at once, or leaves it on the board with the reason', async () => {
    expect((await c.adminA.put(`${c.base}/dispatch/settings`, { autoAssign: true })).statusCode).toBe(200);
    const fits = await createTestDelivery(c.adminA, c.base, {
      name: 'Auto fits',
      scheduleWindows: [{ startAt: at3('09:00'), endAt: at3('17:00') }],
    });
    await expect
      .poll(
        async () =>
          (await t.database.db.select().from(deliveries).where(eq(deliveries.id, fits.uuid)))[0]!
            .liveStatusSlug,
        {
          timeout: 30_000,
        },
      )
      .toBe('assigned');
    const b = await board3();
    const holder = b.routes.find((r) => r.stops.some((s) => s.deliveryUuid === fits.uuid))!;
    expect(holder.stops.filter((s) => s.deliveryUuid === fits.uuid).map((s) => s.kind)).toEqual([
      'pickup',
      'dropoff',
    ]);
    expect(holder.figures.lateStops).toBe(0);

    // Before every shift starts: no route can take it.
    const early = await createTestDelivery(c.adminA, c.base, {
      name: 'Auto too early',
      scheduleWindows: [{ startAt: at3('05:00'), endAt: at3('05:10') }],
    });
    await expect
      .poll(
        async () => (await board3()).unassigned.find((u) => u.uuid === early.uuid)?.autoAssignReason ?? null,
        {
          timeout: 30_000,
        },
      )
      .toContain('Auto too early fits no route');
    const [row] = await t.database.db.select().from(deliveries).where(eq(deliveries.id, early.uuid));
    expect(row!.liveStatusSlug).toBe('scheduled');
    await c.adminA.put(`${c.base}/dispatch/settings`, { autoAssign: false });
  });
});

describe('a locked stop', () => {
  const day4 = nextDay(nextDay(nextDay(nextDay(day))));
  const at4 = (hhmm: string) => {
    const [h, m] = hhmm.split(':').map(Number) as [number, number];
    return zonedInstant(day4, h * 60 + m, 'Europe/London').toISOString();
  };
  const make = (name: string) =>
    createTestDelivery(c.adminA, c.base, {
      name,
      scheduleWindows: [{ startAt: at4('08:00'), endAt: at4('17:00') }],
    });

  it('keeps its place, and the stops before it, when the route is optimised again', async () => {
    const [first, second, third] = [await make('Lock one'), await make('Lock two'), await make('Lock three')];
    // The dispatcher puts "Lock two" first and locks its pickup: the optimiser would rather start elsewhere.
    const saved = await c.adminA.put(`${c.base}/dispatch`, {
      day: day4,
      routes: [
        {
          driverUserUuid: c.driverAUser.id,
          vehicleUuid: vanId,
          stepUuids: [...stepsOf(second), ...stepsOf(first)],
          lockedStepUuids: [stepsOf(second)[0]],
        },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const asked = await c.adminA.post(`${c.base}/dispatch/plan`, {
      day: day4,
      driverUserUuids: [c.driverAUser.id],
      deliveryUuids: [third.uuid],
    });
    const draft = asked.json<{ data: PlanDraft }>().data;
    let ready: PlanDraft = draft;
    await expect
      .poll(
        async () => {
          ready = (await c.adminA.get(`${c.base}/dispatch/plan/${draft.uuid}`)).json<{ data: PlanDraft }>()
            .data;
          return ready.status;
        },
        { timeout: 60_000, interval: 250 },
      )
      .toBe('ready');
    const stops = ready.result!.routes[0]!.stops;
    expect(stops[0]).toMatchObject({ stepUuid: stepsOf(second)[0], locked: true });
    expect(new Set(stops.map((s) => s.deliveryUuid))).toEqual(new Set([first.uuid, second.uuid, third.uuid]));
  });
});
