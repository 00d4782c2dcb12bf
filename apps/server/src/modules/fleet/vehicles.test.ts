import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries, deliveryAssignments } from '../../db/schema/index.js';
import { twoCompanies } from '../../test/company-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let c: Awaited<ReturnType<typeof twoCompanies>>;
type V = {
  uuid: string;
  registrationNumber: string;
  vehicleStatusTypeSlug: string;
  vehicleSizeTypeSlug: string;
  vehicleMakeTypeSlug: string | null;
  fleetUuids: string[];
  companySlug: string;
};

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t);
});
afterAll(() => t.close());

const create = (body: Record<string, unknown>) => c.adminA.post(`${c.base}/vehicle`, body);

describe('vehicles', () => {
  let van: V;

  it('creates a vehicle, normalising the registration number', async () => {
    const res = await create({
      name: 'Van 1',
      registrationNumber: 'ab12 cde',
      vehicleSizeTypeSlug: 'van-medium',
      vehicleColourTypeSlug: 'white',
      vehicleYear: 2021,
      vehicleFeatureTypes: ['tail-lift'],
    });
    expect(res.statusCode).toBe(201);
    van = res.json<{ data: V }>().data;
    expect(van).toMatchObject({
      registrationNumber: 'AB12CDE',
      vehicleStatusTypeSlug: 'available',
      vehicleSizeTypeSlug: 'van-medium',
      companySlug: c.companyA.slug,
      fleetUuids: [],
    });
  });

  it('fills make and size from the model', async () => {
    const models = (await c.adminA.get(`${c.base}/vehicle/model`)).json<{
      data: Record<string, { uuid: string; name: string; vehicleMakeTypeSlug: string }>;
    }>().data;
    const sprinter = Object.values(models).find((m) => m.name === 'Sprinter');
    const res = await create({
      name: 'Sprinter 1',
      registrationNumber: 'SP1',
      vehicleModelUuid: sprinter?.uuid,
    });
    expect(res.json<{ data: V }>().data).toMatchObject({
      vehicleMakeTypeSlug: 'mercedes-benz',
      vehicleSizeTypeSlug: 'van-large',
    });
  });

  it('answers 409 for a registration number already in the company, however it is written', async () => {
    const res = await create({ name: 'Van 2', registrationNumber: 'AB-12-CDE' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      errors: { registrationNumber: [expect.stringMatching(/already in your company/)] },
    });
    // Another company may use the same number.
    expect(
      (await c.adminB.post(`${c.baseB}/vehicle`, { name: 'Theirs', registrationNumber: 'AB12CDE' }))
        .statusCode,
    ).toBe(201);
  });

  it('answers 422 naming each bad field, including unknown lookups', async () => {
    const res = await create({
      name: '',
      registrationNumber: '!',
      vehicleSizeTypeSlug: 'rocket',
      vehicleYear: 1800,
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json<{ errors: object }>().errors).sort()).toEqual([
      'name',
      'registrationNumber',
      'vehicleSizeTypeSlug',
      'vehicleYear',
    ]);
    const lookups = await create({
      name: 'x',
      registrationNumber: 'XX1',
      vehicleColourTypeSlug: 'plaid',
      vehicleFeatureTypes: ['jetpack'],
    });
    expect(lookups.statusCode).toBe(422);
    expect(Object.keys(lookups.json<{ errors: object }>().errors).sort()).toEqual([
      'vehicleColourTypeSlug',
      'vehicleFeatureTypes',
    ]);
  });

  it('updates, changes status, reads and deletes', async () => {
    const upd = await c.adminA.request('PUT', `${c.base}/vehicle/${van.uuid}`, {
      name: 'Van One',
      registrationNumber: 'AB12CDE',
      vehicleSizeTypeSlug: 'van-large',
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({ data: { name: 'Van One', vehicleSizeTypeSlug: 'van-large' } });
    const st = await c.adminA.post(`${c.base}/vehicle/status`, {
      vehicleUuid: van.uuid,
      vehicleStatusTypeSlug: 'maintenance',
    });
    expect(st.json()).toMatchObject({ data: { vehicleStatusTypeSlug: 'maintenance' } });
    expect(
      (
        await c.adminA.post(`${c.base}/vehicle/status`, {
          vehicleUuid: van.uuid,
          vehicleStatusTypeSlug: 'flying',
        })
      ).statusCode,
    ).toBe(422);
    expect((await c.adminA.get(`${c.base}/vehicle/${van.uuid}`)).json()).toMatchObject({
      data: { name: 'Van One' },
    });
  });

  it('lists with search, filters, sorting and pagination', async () => {
    for (let i = 0; i < 5; i++)
      await create({ name: `Bike ${i}`, registrationNumber: `BK${i}`, vehicleSizeTypeSlug: 'bicycle' });
    const page = await c.adminA.get(`${c.base}/vehicle?size=bicycle&sort=name&order=desc&per_page=2&page=2`);
    const body = page.json<{ data: V[]; meta: { total: number; last_page: number; current_page: number } }>();
    expect(body.meta).toEqual({ current_page: 2, last_page: 3, per_page: 2, total: 5 });
    expect(body.data.map((v) => v.registrationNumber)).toEqual(['BK2', 'BK1']);
    const search = await c.adminA.get(`${c.base}/vehicle?search=ab12 c`);
    expect(search.json<{ data: V[] }>().data.map((v) => v.registrationNumber)).toEqual(['AB12CDE']);
    const status = await c.adminA.get(`${c.base}/vehicle?status=maintenance`);
    expect(status.json<{ data: V[] }>().data).toHaveLength(1);
    const stats = (await c.adminA.get(`${c.base}/vehicle/stats`)).json<{
      data: { total: number; bySize: Record<string, number>; byStatus: Record<string, number> };
    }>().data;
    expect(stats.total).toBe(7);
    expect(stats.bySize.bicycle).toBe(5);
    expect(stats.byStatus.maintenance).toBe(1);
  });

  it('keeps companies apart: 404 across companies, 403 for a driver', async () => {
    expect((await c.adminB.get(`${c.base}/vehicle`)).statusCode).toBe(404);
    expect((await c.adminB.get(`${c.baseB}/vehicle/${van.uuid}`)).statusCode).toBe(404);
    expect((await c.adminB.request('DELETE', `${c.baseB}/vehicle/${van.uuid}`)).statusCode).toBe(404);
    expect((await c.driverA.get(`${c.base}/vehicle`)).statusCode).toBe(403);
    expect(
      (await c.driverA.post(`${c.base}/vehicle`, { name: 'x', registrationNumber: 'DRV1' })).statusCode,
    ).toBe(403);
  });

  it('refuses to delete a vehicle assigned to a live delivery, and allows it once the delivery is done', async () => {
    const v = (await create({ name: 'Busy van', registrationNumber: 'BUSY1' })).json<{ data: V }>().data;
    const db = t.database.db;
    const [d] = await db
      .insert(deliveries)
      .values({
        ownerCompanyId: c.companyA.id,
        name: 'Flowers to Hackney',
        trackingCode: 'TESTBUSY1',
        liveStatusSlug: 'en-route-to-pickup',
      })
      .returning({ id: deliveries.id });
    await db.insert(deliveryAssignments).values({ deliveryId: d!.id, vehicleId: v.uuid });
    const res = await c.adminA.request('DELETE', `${c.base}/vehicle/${v.uuid}`);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toMatch(/Flowers to Hackney.*en route to pickup/);
    await db.update(deliveries).set({ liveStatusSlug: 'completed' });
    expect((await c.adminA.request('DELETE', `${c.base}/vehicle/${v.uuid}`)).statusCode).toBe(200);
  });

  it('answers 404 to another company deleting or editing a vehicle, naming nothing of its deliveries', async () => {
    const v = (await create({ name: 'Leaky van', registrationNumber: 'LEAK1' })).json<{ data: V }>().data;
    const db = t.database.db;
    const [d] = await db
      .insert(deliveries)
      .values({
        ownerCompanyId: c.companyA.id,
        name: 'Secret run to Soho',
        trackingCode: 'TESTLEAK1',
        liveStatusSlug: 'at-pickup',
      })
      .returning({ id: deliveries.id });
    await db.insert(deliveryAssignments).values({ deliveryId: d!.id, vehicleId: v.uuid });
    const del = await c.adminB.request('DELETE', `${c.baseB}/vehicle/${v.uuid}`);
    expect(del.statusCode).toBe(404);
    expect(del.json()).toEqual({ message: 'Vehicle not found.' });
    // B already has this registration number: B's own conflict must not answer before the vehicle is found.
    await c.adminB.post(`${c.baseB}/vehicle`, { name: 'B van', registrationNumber: 'BREG1' });
    const put = await c.adminB.request('PUT', `${c.baseB}/vehicle/${v.uuid}`, {
      name: 'Mine now',
      registrationNumber: 'BREG1',
    });
    expect(put.statusCode).toBe(404);
    expect(put.json()).toEqual({ message: 'Vehicle not found.' });
    expect((await c.adminA.get(`${c.base}/vehicle/${v.uuid}`)).json()).toMatchObject({
      data: { name: 'Leaky van' },
    });
    // The owner is told which delivery holds it.
    const own = await c.adminA.request('DELETE', `${c.base}/vehicle/${v.uuid}`);
    expect(own.statusCode).toBe(409);
    expect(own.json<{ message: string }>().message).toMatch(/Secret run to Soho/);
  });

  it('does not name a delivery its company no longer sees (a carrier that lost it)', async () => {
    const v = (await create({ name: 'Lent van', registrationNumber: 'LENT1' })).json<{ data: V }>().data;
    const db = t.database.db;
    const [d] = await db
      .insert(deliveries)
      .values({
        ownerCompanyId: c.companyB.id,
        name: 'Their private run',
        trackingCode: 'TESTLENT1',
        liveStatusSlug: 'picked-up',
      })
      .returning({ id: deliveries.id });
    await db.insert(deliveryAssignments).values({ deliveryId: d!.id, vehicleId: v.uuid });
    const res = await c.adminA.request('DELETE', `${c.base}/vehicle/${v.uuid}`);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).not.toMatch(/Their private run|picked up/);
  });

  it('deletes with 404 on a second try', async () => {
    expect((await c.adminA.request('DELETE', `${c.base}/vehicle/${van.uuid}`)).statusCode).toBe(200);
    expect((await c.adminA.request('DELETE', `${c.base}/vehicle/${van.uuid}`)).statusCode).toBe(404);
  });

  it('adds a company vehicle model, refusing a duplicate', async () => {
    const res = await c.adminA.post(`${c.base}/vehicle/model`, {
      vehicleMakeTypeSlug: 'ford',
      name: 'E-Transit',
      vehicleSizeTypeSlug: 'van-large',
    });
    expect(res.statusCode).toBe(201);
    expect(
      (
        await c.adminA.post(`${c.base}/vehicle/model`, {
          vehicleMakeTypeSlug: 'ford',
          name: 'e-transit',
          vehicleSizeTypeSlug: 'van-large',
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await c.adminA.post(`${c.base}/vehicle/model`, {
          vehicleMakeTypeSlug: 'acme',
          name: 'X',
          vehicleSizeTypeSlug: 'van-large',
        })
      ).statusCode,
    ).toBe(422);
    const mine = (await c.adminA.get(`${c.base}/vehicle/model`)).json<{
      data: Record<string, { name: string }>;
    }>().data;
    expect(Object.values(mine).map((m) => m.name)).toContain('E-Transit');
    const theirs = (await c.adminB.get(`${c.baseB}/vehicle/model`)).json<{
      data: Record<string, { name: string }>;
    }>().data;
    expect(Object.values(theirs).map((m) => m.name)).not.toContain('E-Transit');
  });
});

describe('fleets', () => {
  it("puts a vehicle in the company's fleets from its own form, and takes it out again", async () => {
    const north = (await c.adminA.post(`${c.base}/fleet`, { name: 'Form North' })).json<{
      data: { uuid: string };
    }>().data.uuid;
    const south = (await c.adminA.post(`${c.base}/fleet`, { name: 'Form South' })).json<{
      data: { uuid: string };
    }>().data.uuid;
    const v = (
      await create({ name: 'Form van', registrationNumber: 'FF1', fleetUuids: [north, south] })
    ).json<{ data: V }>().data;
    expect([...v.fleetUuids].sort()).toEqual([north, south].sort());
    const moved = await c.adminA.request('PUT', `${c.base}/vehicle/${v.uuid}`, {
      name: 'Form van',
      registrationNumber: 'FF1',
      fleetUuids: [south],
    });
    expect(moved.json()).toMatchObject({ data: { fleetUuids: [south] } });
    const theirs = (await c.adminB.post(`${c.baseB}/fleet`, { name: 'Theirs' })).json<{
      data: { uuid: string };
    }>().data.uuid;
    const foreign = await c.adminA.request('PUT', `${c.base}/vehicle/${v.uuid}`, {
      name: 'Form van',
      registrationNumber: 'FF1',
      fleetUuids: [theirs],
    });
    expect(foreign.statusCode).toBe(422);
    expect((await c.adminA.get(`${c.base}/vehicle/${v.uuid}`)).json()).toMatchObject({
      data: { fleetUuids: [south] },
    });
    // Leave the company's fleets as they were for the tests that count them.
    for (const id of [north, south]) await c.adminA.request('DELETE', `${c.base}/fleet/${id}`);
    await c.adminA.request('DELETE', `${c.base}/vehicle/${v.uuid}`);
  });

  it('creates, renames, fills, empties and deletes a fleet', async () => {
    const v = (await create({ name: 'Fleet van', registrationNumber: 'FL1' })).json<{ data: V }>().data;
    const created = await c.adminA.post(`${c.base}/fleet`, { name: 'North' });
    expect(created.statusCode).toBe(201);
    const fleet = created.json<{ data: { uuid: string } }>().data;
    const renamed = await c.adminA.request('PUT', `${c.base}/fleet/${fleet.uuid}`, {
      name: 'North London',
      description: 'N postcodes',
    });
    expect(renamed.json()).toMatchObject({ data: { name: 'North London', description: 'N postcodes' } });
    const added = await c.adminA.post(`${c.base}/fleet/${fleet.uuid}/vehicle`, { vehicleUuids: [v.uuid] });
    expect(added.json()).toMatchObject({ data: { vehicleUuids: [v.uuid] } });
    expect((await c.adminA.get(`${c.base}/vehicle/${v.uuid}`)).json()).toMatchObject({
      data: { fleetUuids: [fleet.uuid] },
    });
    expect(
      (await c.adminA.get(`${c.base}/vehicle?fleet=${fleet.uuid}`)).json<{ data: V[] }>().data,
    ).toHaveLength(1);
    const theirVehicle = (
      await c.adminB.post(`${c.baseB}/vehicle`, { name: 'x', registrationNumber: 'B1' })
    ).json<{ data: V }>().data;
    expect(
      (await c.adminA.post(`${c.base}/fleet/${fleet.uuid}/vehicle`, { vehicleUuids: [theirVehicle.uuid] }))
        .statusCode,
    ).toBe(422);
    const removed = await c.adminA.request('DELETE', `${c.base}/fleet/${fleet.uuid}/vehicle/${v.uuid}`);
    expect(removed.json()).toMatchObject({ data: { vehicleUuids: [] } });
    expect((await c.adminA.get(`${c.base}/fleet`)).json<{ data: unknown[] }>().data).toHaveLength(1);
    // Another company's writes on this fleet find nothing, whatever else they would be refused for.
    expect((await c.adminB.request('DELETE', `${c.baseB}/fleet/${fleet.uuid}`)).statusCode).toBe(404);
    expect(
      (await c.adminB.request('PUT', `${c.baseB}/fleet/${fleet.uuid}`, { name: 'Ours' })).statusCode,
    ).toBe(404);
    expect(
      (await c.adminB.post(`${c.baseB}/fleet/${fleet.uuid}/vehicle`, { vehicleUuids: [theirVehicle.uuid] }))
        .statusCode,
    ).toBe(404);
    expect(
      (await c.adminB.request('DELETE', `${c.baseB}/fleet/${fleet.uuid}/vehicle/${v.uuid}`)).statusCode,
    ).toBe(404);
    expect((await c.adminA.request('DELETE', `${c.base}/fleet/${fleet.uuid}`)).statusCode).toBe(200);
    expect((await c.adminA.get(`${c.base}/vehicle/${v.uuid}`)).statusCode).toBe(200);
    expect((await c.adminA.post(`${c.base}/fleet`, { name: '' })).statusCode).toBe(422);
  });
});
