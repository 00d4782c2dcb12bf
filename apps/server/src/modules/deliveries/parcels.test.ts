import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries, deliveryScheduleWindows, originatorAccounts } from '../../db/schema/index.js';
import { twoCompanies } from '../../test/company-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let c: Awaited<ReturnType<typeof twoCompanies>>;
type P = { uuid: string; name: string; trackingCode: string };
const at = (lat: number, lng: number) => ({
  line1: 'x',
  city: 'London',
  postcode: 'N1',
  countryCode: 'GB',
  lat,
  lng,
});

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t);
});
afterAll(() => t.close());

describe('parcels', () => {
  it('adds a waiting parcel and one on a delivery task, lists them as uuids and info, updates one', async () => {
    const waiting = await c.adminA.post(`${c.base}/parcel`, { parcel: { name: 'Spare box', weightKg: 2 } });
    expect(waiting.statusCode).toBe(201);
    const d = (
      await c.adminA.post(`${c.base}/delivery/create-delivery`, {
        name: 'With parcel',
        steps: [
          { kind: 'pickup', address: at(51.5, -0.1) },
          { kind: 'dropoff', address: at(51.52, -0.1) },
        ],
      })
    ).json<{
      data: { uuid: string; deliverySteps: { deliveryStepTasks: { deliveryStepTaskUuid: string }[] }[] };
    }>().data;
    const task = d.deliverySteps[0]!.deliveryStepTasks[0]!.deliveryStepTaskUuid;
    const onTask = await c.adminA.post(`${c.base}/parcel`, {
      parcel: { name: 'Cake', isFragile: true },
      deliveryUuid: d.uuid,
      deliveryStepTaskUuid: task,
    });
    expect(onTask.statusCode).toBe(201);
    expect(
      (await c.adminA.post(`${c.base}/parcel`, { parcel: { name: 'x' }, deliveryUuid: d.uuid })).statusCode,
    ).toBe(422);
    const uuids = (await c.adminA.get(`${c.base}/parcel/uuid`)).json<{
      data: string[];
      meta: { total: number };
    }>();
    expect(uuids.meta.total).toBe(2);
    const info = (await c.adminA.get(`${c.base}/parcel/info?search=cake`)).json<{ data: Record<string, P> }>()
      .data;
    expect(Object.values(info).map((p) => p.name)).toEqual(['Cake']);
    const cake = Object.values(info)[0]!;
    const upd = await c.adminA.request('PUT', `${c.base}/parcel/${cake.uuid}`, {
      name: 'Birthday cake',
      quantity: 1,
      isFragile: true,
    });
    expect(upd.json()).toMatchObject({ data: { name: 'Birthday cake' } });
    expect((await c.adminB.request('PUT', `${c.baseB}/parcel/${cake.uuid}`, { name: 'x' })).statusCode).toBe(
      404,
    );
  });

  it('finds a parcel by tracking code with its delivery status timeline', async () => {
    const info = (await c.adminA.get(`${c.base}/parcel/info?search=birthday`)).json<{
      data: Record<string, P>;
    }>().data;
    const cake = Object.values(info)[0]!;
    const res = await c.adminA.get(`${c.base}/parcel/track/${cake.trackingCode.toLowerCase()}`);
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      data: {
        parcel: P;
        delivery: { name: string; liveStatusSlug: string };
        timeline: { statusSlug: string }[];
      };
    }>().data;
    expect(body.delivery).toMatchObject({ name: 'With parcel', liveStatusSlug: 'created' });
    expect(body.timeline.map((s) => s.statusSlug)).toEqual(['created']);
    expect((await c.adminA.get(`${c.base}/parcel/track/NOSUCHCODE`)).statusCode).toBe(404);
    expect((await c.adminB.get(`${c.baseB}/parcel/track/${cake.trackingCode}`)).statusCode).toBe(404);
  });

  it('lists originator accounts of the company only', async () => {
    await t.database.db
      .insert(originatorAccounts)
      .values({ companyId: c.companyA.id, originatorSlug: 'web', name: 'Web app' });
    expect((await c.adminA.get(`${c.base}/o/account`)).json()).toMatchObject({
      data: [{ originatorSlug: 'web', name: 'Web app' }],
    });
    expect((await c.adminB.get(`${c.baseB}/o/account`)).json()).toEqual({ data: [] });
  });
});

describe('dashboard stats', () => {
  it('counts by status, today, late, on-time rate and per day', async () => {
    const make = async (name: string) =>
      (
        await c.adminA.post(`${c.base}/delivery/create-delivery`, {
          name,
          steps: [
            { kind: 'pickup', address: at(51.5, -0.1) },
            { kind: 'dropoff', address: at(51.52, -0.1) },
          ],
        })
      ).json<{ data: { uuid: string } }>().data.uuid;
    const late = await make('Late one');
    const onTime = await make('On time');
    const tooLate = await make('Finished late');
    const hourAgo = new Date(Date.now() - 3_600_000);
    const inHour = new Date(Date.now() + 3_600_000);
    const db = t.database.db;
    await db.insert(deliveryScheduleWindows).values([
      { deliveryId: late, typeSlug: 'dropoff', startAt: new Date(Date.now() - 7_200_000), endAt: hourAgo },
      { deliveryId: onTime, typeSlug: 'dropoff', startAt: hourAgo, endAt: inHour },
      { deliveryId: tooLate, typeSlug: 'dropoff', startAt: new Date(Date.now() - 7_200_000), endAt: hourAgo },
    ]);
    await db
      .update(deliveries)
      .set({ liveStatusSlug: 'completed', completedAt: new Date() })
      .where(eq(deliveries.id, onTime));
    await db
      .update(deliveries)
      .set({ liveStatusSlug: 'completed', completedAt: new Date() })
      .where(eq(deliveries.id, tooLate));
    // All made "now", and counted in a zone where it is about noon now: the windows (two hours ago to an hour ahead)
    // are today's whatever the hour of the run.
    await db
      .update(deliveries)
      .set({ createdAt: new Date() })
      .where(eq(deliveries.ownerCompanyId, c.companyA.id));
    const ahead = 12 - new Date().getUTCHours();
    const noonZone = ahead === 0 ? 'Etc/GMT' : `Etc/GMT${ahead > 0 ? '-' : '+'}${Math.abs(ahead)}`;
    const res = await c.adminA.get(`${c.base}/delivery/stats?days=7&tz=${encodeURIComponent(noonZone)}`);
    expect(res.statusCode).toBe(200);
    const s = res.json<{
      data: {
        total: number;
        byStatus: Record<string, number>;
        today: number;
        late: number;
        onTimeRate: number;
        perDay: { date: string; created: number; completed: number }[];
      };
    }>().data;
    expect(s.total).toBe(4);
    expect(s.byStatus.completed).toBe(2);
    expect(s.byStatus.created).toBe(2);
    expect(s.late).toBe(1);
    expect(s.onTimeRate).toBe(0.5);
    expect(s.today).toBe(4);
    expect(s.perDay).toHaveLength(7);
    expect(s.perDay.at(-1)).toMatchObject({ created: 4, completed: 2 });
    expect((await c.adminA.get(`${c.base}/delivery/stats?tz=Mars/Olympus`)).statusCode).toBe(422);
    const empty = (await c.adminB.get(`${c.baseB}/delivery/stats`)).json<{
      data: { total: number; onTimeRate: null };
    }>().data;
    expect(empty).toMatchObject({ total: 0, onTimeRate: null });
  });
});
