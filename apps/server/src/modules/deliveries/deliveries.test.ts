import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  companyDeliveryCounts,
  deliveries,
  deliverySteps,
  driverInfos,
  parcels,
} from '../../db/schema/index.js';
import { twoCompanies } from '../../test/company-fixture.js';
import { testDropoff, testPickup } from '../../test/delivery-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let c: Awaited<ReturnType<typeof twoCompanies>>;
let vanId: string;
let brokenVanId: string;
type D = {
  uuid: string;
  name: string;
  deliveryLiveStatusTypeSlug: string;
  nextStatusOptions: { user: string[]; system: string[] };
  distanceM: number;
  durationS: number;
  totalSteps: number;
  vehicleMap: Record<string, string[]>;
  maxWeightKg: number;
  isScheduled: boolean;
  startedAt: string | null;
  completedAt: string | null;
  trackingCode: string;
  deliverySteps: { deliveryStepTasks: { deliveryStepTaskTypeSlug: string }[] }[];
};

const pickup = {
  ...testPickup,
  contacts: [{ firstname: 'Sam', lastname: 'Sender', phoneNumber: '+44 20 7000 0001' }],
};
const dropoff = testDropoff;

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t);
  await t.database.db.update(driverInfos).set({ statusSlug: 'available' });
  vanId = (await c.adminA.post(`${c.base}/vehicle`, { name: 'Van 1', registrationNumber: 'DV1' })).json<{
    data: { uuid: string };
  }>().data.uuid;
  brokenVanId = (
    await c.adminA.post(`${c.base}/vehicle`, {
      name: 'Van 2',
      registrationNumber: 'DV2',
      vehicleStatusTypeSlug: 'maintenance',
    })
  ).json<{ data: { uuid: string } }>().data.uuid;
});
afterAll(() => t.close());

const create = (body: Record<string, unknown>) => c.adminA.post(`${c.base}/delivery/create-delivery`, body);
const count_ = async () => (await t.database.db.select({ n: count() }).from(deliveries))[0]?.n;

describe('create a delivery', () => {
  it('creates steps, tasks, parcels, contacts and windows in one call, with a route estimate', async () => {
    const res = await create({
      name: 'Roses to Hackney',
      steps: [pickup, dropoff],
      parcels: [
        { name: 'Bouquet', weightKg: 1.5, quantity: 2, volumeCm3: 8000, isFragile: true, valueMinor: 4500 },
      ],
      scheduleWindows: [
        {
          deliveryScheduleWindowTypeSlug: 'dropoff',
          startAt: '2026-11-22T09:00:00.000Z',
          endAt: '2026-11-22T12:00:00.000Z',
        },
      ],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<{ message: string }>().message).toBe('New mission has been created successfully');
    const d = res.json<{ data: D }>().data;
    expect(d).toMatchObject({
      name: 'Roses to Hackney',
      deliveryLiveStatusTypeSlug: 'scheduled',
      totalSteps: 2,
      maxWeightKg: 3,
      isScheduled: true,
    });
    expect(d.distanceM).toBeGreaterThan(3000);
    expect(d.durationS).toBeGreaterThan(0);
    expect(d.trackingCode).toMatch(/^[A-Z2-9]{10}$/);
    expect(d.deliverySteps[1]?.deliveryStepTasks.map((x) => x.deliveryStepTaskTypeSlug)).toEqual([
      'dropoff',
      'signature',
    ]);
    expect(d.nextStatusOptions).toEqual({ user: ['created', 'cancelled'], system: ['created', 'assigned'] });
    const parcelsRes = (await c.adminA.get(`${c.base}/delivery/parcel?deliveryUuid=${d.uuid}`)).json<{
      data: { name: string; value: { priceString: string } }[];
    }>().data;
    expect(parcelsRes).toEqual([
      expect.objectContaining({ name: 'Bouquet', value: expect.objectContaining({ priceString: '£45.00' }) }),
    ]);
    const contacts = (await c.adminA.get(`${c.base}/delivery/contact?deliveryUuid=${d.uuid}`)).json<{
      data: { firstname: string }[];
    }>().data;
    expect(contacts.map((x) => x.firstname)).toEqual(['Sam']);
    const addresses = (await c.adminA.get(`${c.base}/delivery/address?deliveryUuid=${d.uuid}`)).json<{
      data: { postcode: string }[];
    }>().data;
    expect(addresses.map((a) => a.postcode)).toEqual(['N1 0PQ', 'E8 1HE']);
    const statuses = (await c.adminA.get(`${c.base}/delivery/status?deliveryUuid=${d.uuid}`)).json<{
      data: { statusType: string; statusSlug: string }[];
    }>().data;
    expect(statuses.map((s) => `${s.statusType}:${s.statusSlug}`)).toEqual([
      'live:created',
      'quote:draft',
      'live:scheduled',
    ]);
  });

  it('answers 422 naming fields: no steps, wrong order, bad window, directory address of another company', async () => {
    const none = await create({ name: '', steps: [] });
    expect(Object.keys(none.json<{ errors: object }>().errors).sort()).toEqual(['name', 'steps']);
    const order = await create({ name: 'x', steps: [dropoff, pickup] });
    expect(Object.keys(order.json<{ errors: object }>().errors).sort()).toEqual([
      'steps.0.kind',
      'steps.1.kind',
    ]);
    const win = await create({
      name: 'x',
      steps: [pickup, dropoff],
      scheduleWindows: [{ startAt: '2026-11-22T12:00:00.000Z', endAt: '2026-11-22T09:00:00.000Z' }],
    });
    expect(win.json()).toMatchObject({
      errors: { 'scheduleWindows.0.endAt': ['The window must end after it starts'] },
    });
    const theirs = (
      await c.adminB.post(`${c.baseB}/address`, { line1: 'x', city: 'y', postcode: 'z', countryCode: 'GB' })
    ).json<{ data: { uuid: string } }>().data;
    const foreign = await create({
      name: 'x',
      steps: [{ kind: 'pickup', addressUuid: theirs.uuid }, dropoff],
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json()).toMatchObject({ errors: { 'steps.0.addressUuid': [expect.any(String)] } });
  });

  it('leaves nothing behind when a create fails half-way (a vehicle in maintenance)', async () => {
    const before = await count_();
    const parcelsBefore = (await t.database.db.select({ n: count() }).from(parcels))[0]?.n;
    const res = await create({
      name: 'Doomed',
      steps: [pickup, dropoff],
      parcels: [{ name: 'Box' }],
      vehicleUuid: brokenVanId,
      driverUserUuids: [c.driverAUser.id],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      errors: { vehicleUuid: ['Van 2 is in maintenance and cannot be assigned.'] },
    });
    expect(await count_()).toBe(before);
    expect((await t.database.db.select({ n: count() }).from(parcels))[0]?.n).toBe(parcelsBefore);
  });
});

describe('a delivery through its whole life', () => {
  let d: D;

  it('is assigned by linking a vehicle and driver, keeping the assignment history', async () => {
    d = (await create({ name: 'Parcel run', steps: [pickup, dropoff] })).json<{ data: D }>().data;
    expect(d.deliveryLiveStatusTypeSlug).toBe('created');
    const res = await c.adminA.post(`${c.base}/delivery/${d.uuid}/vehicle/driver`, {
      vehicleUuid: vanId,
      driverUserUuids: [c.driverAUser.id],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Linked Vehicle and Driver',
      data: { vehicleUuid: vanId, driverUserUuids: [c.driverAUser.id], unassignedAt: null },
    });
    const after = (await c.adminA.get(`${c.base}/delivery/${d.uuid}`)).json<{ data: D }>().data;
    expect(after.deliveryLiveStatusTypeSlug).toBe('assigned');
    expect(after.vehicleMap).toEqual({ [vanId]: [c.driverAUser.id] });
    const refused = await c.adminA.post(`${c.base}/delivery/${d.uuid}/vehicle`, { vehicleUuid: brokenVanId });
    expect(refused.statusCode).toBe(422);
    const relink = await c.adminA.post(`${c.base}/delivery/${d.uuid}/vehicle`, { vehicleUuid: vanId });
    expect(relink.json()).toMatchObject({ data: { driverUserUuids: [c.driverAUser.id] } });
    const history = (await c.adminA.get(`${c.base}/delivery/vehicle/driver?deliveryUuid=${d.uuid}`)).json<{
      data: { unassignedAt: string | null }[];
    }>().data;
    expect(history).toHaveLength(2);
    expect(history[0]?.unassignedAt).toBeNull();
    expect(history[1]?.unassignedAt).not.toBeNull();
  });

  it('refuses moves outside nextStatusOptions with 409 and the reason', async () => {
    const res = await c.adminA.post(`${c.base}/delivery/${d.uuid}/status`, { statusSlug: 'delivered' });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toMatch(/cannot become delivered/);
    const cancel = await c.adminA.post(`${c.base}/delivery/${d.uuid}/status`, { statusSlug: 'cancelled' });
    expect(cancel.json()).toMatchObject({ errors: { cancelTypeSlug: [expect.any(String)] } });
    expect(
      (await c.adminA.post(`${c.base}/delivery/${d.uuid}/status`, { statusSlug: 'teleported' })).statusCode,
    ).toBe(422);
    const offMap = await c.adminA.post(`${c.base}/delivery/${d.uuid}/status`, {
      statusSlug: 'en-route-to-pickup',
      location: { lat: 91, lng: 0 },
    });
    expect(offMap.json()).toMatchObject({ errors: { 'location.lat': [expect.any(String)] } });
  });

  it('moves through the allowed buttons to completed, stamping started and completed times', async () => {
    const path = [
      'en-route-to-pickup',
      'at-pickup',
      'picked-up',
      'en-route-to-dropoff',
      'at-dropoff',
      'delivered',
      'completed',
    ];
    let current = (await c.adminA.get(`${c.base}/delivery/${d.uuid}`)).json<{ data: D }>().data;
    for (const next of path) {
      expect(current.nextStatusOptions.user).toContain(next);
      const res = await c.adminA.post(`${c.base}/delivery/${d.uuid}/status`, {
        statusSlug: next,
        statusMessage: `now ${next}`,
        ...(next === 'at-pickup' ? { location: { lat: 51.5362, lng: -0.1033, accuracy: 12 } } : {}),
      });
      expect(res.statusCode, next).toBe(200);
      current = res.json<{ data: D }>().data;
      expect(current.deliveryLiveStatusTypeSlug).toBe(next);
    }
    expect(current.startedAt).not.toBeNull();
    const trail = (await c.adminA.get(`${c.base}/delivery/location?deliveryUuid=${d.uuid}`)).json<{
      data: { location: { lat: number; lng: number }; accuracy?: number }[];
    }>().data;
    expect(trail).toEqual([
      expect.objectContaining({ location: { lat: 51.5362, lng: -0.1033 }, accuracy: 12 }),
    ]);
    expect(current.completedAt).not.toBeNull();
    expect(current.nextStatusOptions).toEqual({ user: [], system: [] });
    const statuses = (await c.adminA.get(`${c.base}/delivery/status?deliveryUuid=${d.uuid}`)).json<{
      data: { statusSlug: string; statusMessage?: string; createdByUserUuid?: string }[];
    }>().data;
    expect(statuses.at(-1)).toMatchObject({
      statusSlug: 'completed',
      statusMessage: 'now completed',
      createdByUserUuid: c.adminAUser.id,
    });
    expect(
      (
        await c.adminA.post(`${c.base}/delivery/${d.uuid}/status`, {
          statusSlug: 'cancelled',
          cancelTypeSlug: 'other',
        })
      ).statusCode,
    ).toBe(409);
  });

  it('cancels with a cancel type', async () => {
    const other = (await create({ name: 'Cancel me', steps: [pickup, dropoff] })).json<{ data: D }>().data;
    const res = await c.adminA.post(`${c.base}/delivery/${other.uuid}/status`, {
      statusSlug: 'cancelled',
      cancelTypeSlug: 'shipper-request',
    });
    expect(res.json()).toMatchObject({
      data: {
        deliveryLiveStatusTypeSlug: 'cancelled',
        deliveryCancelTypeSlug: 'shipper-request',
        isActive: false,
      },
    });
  });
});

describe('lists and tenancy', () => {
  it('lists with status, search, date and driver filters, paginated', async () => {
    const all = (await c.adminA.get(`${c.base}/delivery?per_page=2`)).json<{
      data: D[];
      meta: { total: number };
    }>();
    expect(all.meta.total).toBe(3);
    expect(all.data).toHaveLength(2);
    expect(
      (await c.adminA.get(`${c.base}/delivery?status=completed`))
        .json<{ data: D[] }>()
        .data.map((x) => x.name),
    ).toEqual(['Parcel run']);
    expect((await c.adminA.get(`${c.base}/delivery?search=roses`)).json<{ data: D[] }>().data).toHaveLength(
      1,
    );
    expect(
      (await c.adminA.get(`${c.base}/delivery?driver=${c.driverAUser.id}`))
        .json<{ data: D[] }>()
        .data.map((x) => x.name),
    ).toEqual(['Parcel run']);
    expect(
      (await c.adminA.get(`${c.base}/delivery?from=2000-01-01&to=2000-01-02`)).json<{ data: D[] }>().data,
    ).toHaveLength(0);
    expect((await c.adminA.get(`${c.base}/delivery?status=nope`)).statusCode).toBe(422);
  });

  it('never serves a cached page older than the last write, whatever table the write touched', async () => {
    type Page = { data: D[]; meta: { total: number } };
    const url = `${c.base}/delivery?per_page=5&search=Fresh`;
    expect((await c.adminA.get(url)).json<Page>().meta.total).toBe(0);
    const made = (await create({ name: 'Fresh one', steps: [pickup, dropoff] })).json<{ data: D }>().data;
    const first = (await c.adminA.get(url)).json<Page>();
    expect(first.meta.total).toBe(1);
    expect(first.data[0]?.deliveryLiveStatusTypeSlug).toBe('created');
    // A write through the API (status) and one straight to a child table (a step) both show on the next read.
    await c.adminA.post(`${c.base}/delivery/${made.uuid}/status`, {
      statusSlug: 'cancelled',
      cancelTypeSlug: 'other',
    });
    expect((await c.adminA.get(url)).json<Page>().data[0]?.deliveryLiveStatusTypeSlug).toBe('cancelled');
    const steps = (await c.adminA.get(url)).json<Page>().data[0]?.deliverySteps.length ?? 0;
    await t.database.db.delete(deliverySteps).where(eq(deliverySteps.deliveryId, made.uuid));
    expect(steps).toBeGreaterThan(0);
    expect((await c.adminA.get(url)).json<Page>().data[0]?.deliverySteps).toEqual([]);
  });

  it('keeps deliveries to their companies: 404 for another company, 403 for a driver', async () => {
    const d = (await c.adminA.get(`${c.base}/delivery`)).json<{ data: D[] }>().data[0]!;
    expect((await c.adminB.get(`${c.baseB}/delivery/${d.uuid}`)).statusCode).toBe(404);
    expect((await c.adminB.get(`${c.baseB}/delivery/step?deliveryUuid=${d.uuid}`)).statusCode).toBe(404);
    expect(
      (
        await c.adminB.post(`${c.baseB}/delivery/${d.uuid}/status`, {
          statusSlug: 'cancelled',
          cancelTypeSlug: 'other',
        })
      ).statusCode,
    ).toBe(404);
    expect((await c.adminB.get(`${c.baseB}/delivery`)).json<{ meta: { total: number } }>().meta.total).toBe(
      0,
    );
    expect((await c.driverA.get(`${c.base}/delivery`)).statusCode).toBe(403);
  });
});

describe('shared deliveries', () => {
  it('shows a delivery to the company that carries it as well as the one that owns it, once each', async () => {
    const theirs = (
      await c.adminB.post(`${c.baseB}/delivery/create-delivery`, {
        name: 'Carried for B',
        steps: [pickup, dropoff],
      })
    ).json<{ data: D }>().data;
    const before = (await c.adminA.get(`${c.base}/delivery`)).json<{ meta: { total: number } }>().meta.total;
    await t.database.db
      .update(deliveries)
      .set({ carrierCompanyId: c.companyA.id })
      .where(eq(deliveries.id, theirs.uuid));
    const mine = (await c.adminA.get(`${c.base}/delivery?per_page=100`)).json<{
      data: D[];
      meta: { total: number };
    }>();
    expect(mine.meta.total).toBe(before + 1);
    expect(mine.data.filter((x) => x.uuid === theirs.uuid)).toHaveLength(1);
    expect((await c.adminA.get(`${c.base}/delivery/${theirs.uuid}`)).statusCode).toBe(200);
    expect(
      (await c.adminB.get(`${c.baseB}/delivery?per_page=100`)).json<{ meta: { total: number } }>().meta.total,
    ).toBe(1);
  });
});

describe('totals kept by the database', () => {
  /** What the counts table holds for the two test companies, and what counting the deliveries gives. */
  async function kept() {
    const db = t.database.db;
    const ids = [c.companyA.id, c.companyB.id];
    const rows = await db
      .select({
        company: companyDeliveryCounts.companyId,
        status: companyDeliveryCounts.liveStatusSlug,
        n: companyDeliveryCounts.n,
      })
      .from(companyDeliveryCounts)
      .where(inArray(companyDeliveryCounts.companyId, ids));
    const table = Object.fromEntries(
      rows.filter((r) => r.n !== 0).map((r) => [`${r.company}:${r.status}`, r.n]),
    );
    const byArm = (
      company: typeof deliveries.carrierCompanyId | typeof deliveries.ownerCompanyId,
      where: SQL | undefined,
    ) =>
      db
        .select({ company: sql<string>`${company}`, status: deliveries.liveStatusSlug, n: count() })
        .from(deliveries)
        .where(where)
        .groupBy(company, deliveries.liveStatusSlug);
    const direct: Record<string, number> = {};
    for (const r of [
      ...(await byArm(deliveries.ownerCompanyId, inArray(deliveries.ownerCompanyId, ids))),
      ...(await byArm(
        deliveries.carrierCompanyId,
        and(
          inArray(deliveries.carrierCompanyId, ids),
          sql`${deliveries.carrierCompanyId} <> ${deliveries.ownerCompanyId}`,
        ),
      )),
    ])
      direct[`${r.company}:${r.status}`] = (direct[`${r.company}:${r.status}`] ?? 0) + r.n;
    return { table, direct };
  }
  const total = async (query = '') =>
    (await c.adminA.get(`${c.base}/delivery?per_page=1${query}`)).json<{ meta: { total: number } }>().meta
      .total;

  it('keeps the counts exact through creates, moves, carriers and deletes, also made in SQL', async () => {
    const db = t.database.db;
    let state = await kept();
    expect(state.table).toEqual(state.direct);
    const before = await total();
    const cancelledBefore = await total('&status=cancelled');

    const made = (await create({ name: 'Counted', steps: [pickup, dropoff] })).json<{ data: D }>().data;
    await c.adminA.post(`${c.base}/delivery/${made.uuid}/status`, {
      statusSlug: 'cancelled',
      cancelTypeSlug: 'other',
    });
    expect(await total()).toBe(before + 1);
    expect(await total('&status=cancelled')).toBe(cancelledBefore + 1);

    // Written outside the API: a bare insert, a bulk status change, a carrier set and taken back, a delete.
    const [bare] = await db
      .insert(deliveries)
      .values({ ownerCompanyId: c.companyB.id, name: 'Bare', trackingCode: `BARE${Date.now().toString(36)}` })
      .returning({ id: deliveries.id });
    await db
      .update(deliveries)
      .set({ liveStatusSlug: 'failed' })
      .where(and(eq(deliveries.ownerCompanyId, c.companyB.id), eq(deliveries.liveStatusSlug, 'created')));
    await db.update(deliveries).set({ carrierCompanyId: c.companyA.id }).where(eq(deliveries.id, bare!.id));
    expect(await total()).toBe(before + 2);
    expect(await total('&status=failed')).toBeGreaterThanOrEqual(1);
    state = await kept();
    expect(state.table).toEqual(state.direct);

    await db.update(deliveries).set({ carrierCompanyId: c.companyA.id }).where(eq(deliveries.id, made.uuid));
    await db.delete(deliveries).where(eq(deliveries.id, bare!.id));
    expect(await total()).toBe(before + 1);
    state = await kept();
    expect(state.table).toEqual(state.direct);

    // A filter the counts do not cover is counted from the deliveries themselves.
    expect(await total('&search=Counted')).toBe(1);
  });
});

describe('external ids (issue 34)', () => {
  it("keeps the client's external id unique per company: a retry is told which delivery has it", async () => {
    // Companies of its own: the other tests count their companies' deliveries.
    const c = await twoCompanies(t);
    const body = { name: 'Order 1042', steps: [testPickup, testDropoff], externalId: 'SHOP-1042' };
    const first = await c.adminA.post(`${c.base}/delivery/create-delivery`, body);
    expect(first.statusCode, first.body).toBe(201);
    const made = first.json<{ data: { uuid: string; externalId: string } }>().data;
    expect(made.externalId).toBe('SHOP-1042');
    // The retry (and two at once) make nothing more: 409 naming the delivery, on the field.
    const [again, racing] = await Promise.all([
      c.adminA.post(`${c.base}/delivery/create-delivery`, body),
      c.adminA.post(`${c.base}/delivery/create-delivery`, body),
    ]);
    for (const res of [again, racing]) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json<{ errors: { externalId: string[] } }>().errors.externalId[0]).toContain(made.uuid);
    }
    const [{ n }] = (await t.database.db
      .select({ n: count() })
      .from(deliveries)
      .where(eq(deliveries.externalId, 'SHOP-1042'))) as [{ n: number }];
    expect(n).toBe(1);
    // Another company may use the same number for its own client.
    expect((await c.adminB.post(`${c.baseB}/delivery/create-delivery`, body)).statusCode).toBe(201);
    // Found by it, as a filter and by the search.
    for (const query of ['externalId=SHOP-1042', 'search=SHOP-1042']) {
      const page = (await c.adminA.get(`${c.base}/delivery?${query}`)).json<{ data: { uuid: string }[] }>()
        .data;
      expect(page.map((d) => d.uuid)).toEqual([made.uuid]);
    }
    const tooLong = await c.adminA.post(`${c.base}/delivery/create-delivery`, {
      ...body,
      externalId: 'x'.repeat(101),
    });
    expect(tooLong.statusCode).toBe(422);
  });
});
