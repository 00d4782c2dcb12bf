import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries, users } from '../../db/schema/index.js';
import type { Agent } from '../../test/agent.js';
import { twoCompanies } from '../../test/company-fixture.js';
import { createTestDelivery, testDropoff, testPickup } from '../../test/delivery-fixture.js';
import { createUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

// Decision 015: a vehicle's and a driver's status follows the deliveries they are linked to, and a status that
// rules out work refuses the link with 422. Everything is read back through the API's own lists.

let t: TestApp;
let c: Awaited<ReturnType<typeof twoCompanies>>;

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t);
});
afterAll(() => t.close());

let vehicles = 0;
const WORK = ['en-route-to-pickup', 'at-pickup', 'picked-up', 'en-route-to-dropoff', 'at-dropoff'];

async function addVehicle(agent: Agent, base: string, name: string, status = 'available') {
  const res = await agent.post(`${base}/vehicle`, {
    name,
    registrationNumber: `FS${++vehicles}`,
    vehicleStatusTypeSlug: status,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { uuid: string } }>().data.uuid;
}

/** A driver of company A with a name, so a refusal can be checked to name them. */
async function addDriver(firstname: string, status = 'available') {
  const user = await createUser(t.database.db, { company: c.companyA, roles: ['driver'] });
  await t.database.db.update(users).set({ firstname, lastname: 'Driver' }).where(eq(users.id, user.id));
  await setDriverStatus(user.id, status);
  return user.id;
}

async function setDriverStatus(driverUserUuid: string, driverStatusSlug: string) {
  const res = await c.adminA.post(`${c.base}/driver/status`, { driverUserUuid, driverStatusSlug });
  expect(res.statusCode, res.body).toBe(200);
}

/** The status the company's vehicle list shows for each vehicle. */
async function vehicleStatus(agent: Agent, base: string, uuid: string) {
  const res = await agent.get(`${base}/vehicle?per_page=100`);
  const rows = res.json<{ data: { uuid: string; vehicleStatusTypeSlug: string }[] }>().data;
  return rows.find((v) => v.uuid === uuid)?.vehicleStatusTypeSlug;
}

/** The status the company's driver info list shows for a driver. */
async function driverStatus(uuid: string) {
  const res = await c.adminA.get(`${c.base}/driver/info`);
  return res.json<{ data: Record<string, { driverStatusSlug: string }> }>().data[uuid]?.driverStatusSlug;
}

const link = (deliveryUuid: string, vehicleUuid: string, driverUserUuids: string[], agent = c.adminA) =>
  agent.post(`${agent === c.adminA ? c.base : c.baseB}/delivery/${deliveryUuid}/vehicle/driver`, {
    vehicleUuid,
    driverUserUuids,
  });

async function move(deliveryUuid: string, ...statuses: string[]) {
  for (const statusSlug of statuses) {
    const res = await c.adminA.post(`${c.base}/delivery/${deliveryUuid}/status`, {
      statusSlug,
      ...(statusSlug === 'cancelled' ? { cancelTypeSlug: 'other' } : {}),
    });
    expect(res.statusCode, `${statusSlug}: ${res.body}`).toBe(200);
  }
}

describe('vehicle and driver status follow the work', () => {
  it('makes the vehicle and driver on-delivery when linked, and available when the delivery completes', async () => {
    const van = await addVehicle(c.adminA, c.base, 'Follow van');
    const driver = await addDriver('Fola');
    const d = await createTestDelivery(c.adminA, c.base);
    expect((await link(d.uuid, van, [driver])).statusCode).toBe(200);
    // Linking drivers makes the delivery assigned, which is a status it is worked in.
    expect(await vehicleStatus(c.adminA, c.base, van)).toBe('on-delivery');
    expect(await driverStatus(driver)).toBe('on-delivery');
    const onDelivery = await c.adminA.get(`${c.base}/vehicle?status=on-delivery&per_page=100`);
    expect(onDelivery.json<{ data: { uuid: string }[] }>().data.map((v) => v.uuid)).toContain(van);

    await move(d.uuid, ...WORK, 'delivered');
    expect(await vehicleStatus(c.adminA, c.base, van)).toBe('available');
    expect(await driverStatus(driver)).toBe('available');
    await move(d.uuid, 'completed');
    expect(await vehicleStatus(c.adminA, c.base, van)).toBe('available');
    expect(await driverStatus(driver)).toBe('available');
  });

  it('frees them when the delivery is cancelled', async () => {
    const van = await addVehicle(c.adminA, c.base, 'Cancel van');
    const driver = await addDriver('Cara');
    const d = await createTestDelivery(c.adminA, c.base);
    await link(d.uuid, van, [driver]);
    expect(await vehicleStatus(c.adminA, c.base, van)).toBe('on-delivery');
    await move(d.uuid, 'cancelled');
    expect(await vehicleStatus(c.adminA, c.base, van)).toBe('available');
    expect(await driverStatus(driver)).toBe('available');
  });

  it('frees them when the delivery fails, and takes them again when it is reassigned', async () => {
    const van = await addVehicle(c.adminA, c.base, 'Fail van');
    const driver = await addDriver('Fay');
    const d = await createTestDelivery(c.adminA, c.base);
    await link(d.uuid, van, [driver]);
    await move(d.uuid, 'en-route-to-pickup', 'failed');
    expect(await vehicleStatus(c.adminA, c.base, van)).toBe('available');
    expect(await driverStatus(driver)).toBe('available');
    await move(d.uuid, 'assigned');
    expect(await vehicleStatus(c.adminA, c.base, van)).toBe('on-delivery');
    expect(await driverStatus(driver)).toBe('on-delivery');
  });

  it('keeps a batched vehicle and driver on-delivery until their last active delivery ends', async () => {
    const van = await addVehicle(c.adminA, c.base, 'Batch van');
    const driver = await addDriver('Bea');
    const first = await createTestDelivery(c.adminA, c.base);
    const second = await createTestDelivery(c.adminA, c.base);
    await link(first.uuid, van, [driver]);
    // Already on-delivery: still assignable.
    expect((await link(second.uuid, van, [driver])).statusCode).toBe(200);
    await move(first.uuid, 'cancelled');
    expect(await vehicleStatus(c.adminA, c.base, van)).toBe('on-delivery');
    expect(await driverStatus(driver)).toBe('on-delivery');
    await move(second.uuid, 'cancelled');
    expect(await vehicleStatus(c.adminA, c.base, van)).toBe('available');
    expect(await driverStatus(driver)).toBe('available');
  });

  it('frees the vehicle and drivers an assignment replaces', async () => {
    const [oldVan, newVan] = [
      await addVehicle(c.adminA, c.base, 'Old van'),
      await addVehicle(c.adminA, c.base, 'New van'),
    ];
    const [oldDriver, newDriver] = [await addDriver('Olly'), await addDriver('Nina')];
    const d = await createTestDelivery(c.adminA, c.base);
    await link(d.uuid, oldVan, [oldDriver]);
    await move(d.uuid, 'en-route-to-pickup');
    expect((await link(d.uuid, newVan, [newDriver])).statusCode).toBe(200);
    expect(await vehicleStatus(c.adminA, c.base, oldVan)).toBe('available');
    expect(await driverStatus(oldDriver)).toBe('available');
    expect(await vehicleStatus(c.adminA, c.base, newVan)).toBe('on-delivery');
    expect(await driverStatus(newDriver)).toBe('on-delivery');
    // Linking only a vehicle keeps the drivers: the old van is freed, the driver stays on the delivery.
    expect(
      (await c.adminA.post(`${c.base}/delivery/${d.uuid}/vehicle`, { vehicleUuid: oldVan })).statusCode,
    ).toBe(200);
    expect(await vehicleStatus(c.adminA, c.base, oldVan)).toBe('on-delivery');
    expect(await vehicleStatus(c.adminA, c.base, newVan)).toBe('available');
    expect(await driverStatus(newDriver)).toBe('on-delivery');
  });

  it('frees the owner’s vehicle when the carrier links its own to a shared delivery', async () => {
    const mine = await addVehicle(c.adminA, c.base, 'Owner van');
    const driver = await addDriver('Omar');
    const theirs = await addVehicle(c.adminB, c.baseB, 'Carrier van');
    const theirDriver = await createUser(t.database.db, { company: c.companyB, roles: ['driver'] });
    const d = await createTestDelivery(c.adminA, c.base);
    await link(d.uuid, mine, [driver]);
    await t.database.db
      .update(deliveries)
      .set({ carrierCompanyId: c.companyB.id })
      .where(eq(deliveries.id, d.uuid));
    expect((await link(d.uuid, theirs, [theirDriver.id], c.adminB)).statusCode).toBe(200);
    expect(await vehicleStatus(c.adminA, c.base, mine)).toBe('available');
    expect(await driverStatus(driver)).toBe('available');
    expect(await vehicleStatus(c.adminB, c.baseB, theirs)).toBe('on-delivery');
  });

  it('does not make a vehicle on-delivery for a delivery that is not yet worked', async () => {
    const van = await addVehicle(c.adminA, c.base, 'Idle van');
    const d = await createTestDelivery(c.adminA, c.base);
    // A vehicle alone leaves the delivery created (not in LIVE_ACTIVE_STATUSES).
    expect(
      (await c.adminA.post(`${c.base}/delivery/${d.uuid}/vehicle`, { vehicleUuid: van })).statusCode,
    ).toBe(200);
    expect(await vehicleStatus(c.adminA, c.base, van)).toBe('available');
  });
});

describe('statuses that rule out work', () => {
  it('answers 422 naming a vehicle in maintenance or offline, and drivers on leave or on a break', async () => {
    const d = await createTestDelivery(c.adminA, c.base);
    const ok = await addDriver('Ava');
    for (const [status, said] of [
      ['maintenance', 'in maintenance'],
      ['offline', 'offline'],
      ['unavailable', 'unavailable'],
    ]) {
      const van = await addVehicle(c.adminA, c.base, `Van ${status}`, status);
      const res = await link(d.uuid, van, [ok]);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        message: `Van ${status} is ${said} and cannot be assigned.`,
        errors: { vehicleUuid: [`Van ${status} is ${said} and cannot be assigned.`] },
      });
    }
    const van = await addVehicle(c.adminA, c.base, 'Good van');
    const leave = await addDriver('Leo', 'on-leave');
    const pause = await addDriver('Bri', 'on-break');
    const res = await link(d.uuid, van, [ok, leave, pause]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      errors: {
        driverUserUuids: [
          'Leo Driver is on leave and cannot be assigned.',
          'Bri Driver is on break and cannot be assigned.',
        ],
      },
    });
    // Nothing was linked and nothing changed.
    const history = await c.adminA.get(`${c.base}/delivery/vehicle/driver?deliveryUuid=${d.uuid}`);
    expect(history.json<{ data: unknown[] }>().data).toEqual([]);
    expect(await vehicleStatus(c.adminA, c.base, van)).toBe('available');
    expect(await driverStatus(ok)).toBe('available');
  });

  it('refuses the same at creation, leaving no delivery behind', async () => {
    const van = await addVehicle(c.adminA, c.base, 'Offline van', 'offline');
    const driver = await addDriver('Cy');
    const res = await c.adminA.post(`${c.base}/delivery/create-delivery`, {
      name: 'Never made',
      steps: [testPickup, testDropoff],
      vehicleUuid: van,
      driverUserUuids: [driver],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      errors: { vehicleUuid: ['Offline van is offline and cannot be assigned.'] },
    });
  });

  it('assigns a booked vehicle and driver, which then are on-delivery', async () => {
    const van = await addVehicle(c.adminA, c.base, 'Booked van', 'booked');
    const driver = await addDriver('Bo', 'booked');
    const d = await createTestDelivery(c.adminA, c.base);
    expect((await link(d.uuid, van, [driver])).statusCode).toBe(200);
    expect(await vehicleStatus(c.adminA, c.base, van)).toBe('on-delivery');
    expect(await driverStatus(driver)).toBe('on-delivery');
  });
});

describe('a status set by an admin', () => {
  it('is taken as set, and one that rules out work is kept when the delivery ends', async () => {
    const van = await addVehicle(c.adminA, c.base, 'Manual van');
    const driver = await addDriver('Max');
    const d = await createTestDelivery(c.adminA, c.base);
    await link(d.uuid, van, [driver]);
    const set = await c.adminA.post(`${c.base}/vehicle/status`, {
      vehicleUuid: van,
      vehicleStatusTypeSlug: 'maintenance',
    });
    expect(set.json()).toMatchObject({ data: { vehicleStatusTypeSlug: 'maintenance' } });
    await setDriverStatus(driver, 'on-break');
    await move(d.uuid, 'cancelled');
    expect(await vehicleStatus(c.adminA, c.base, van)).toBe('maintenance');
    expect(await driverStatus(driver)).toBe('on-break');
    // And back by hand.
    await c.adminA.post(`${c.base}/vehicle/status`, { vehicleUuid: van, vehicleStatusTypeSlug: 'available' });
    expect(await vehicleStatus(c.adminA, c.base, van)).toBe('available');
  });
});
