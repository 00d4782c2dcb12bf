import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries } from '../../db/schema/index.js';
import { Agent } from '../../test/agent.js';
import { createTestDelivery, type TestDelivery } from '../../test/delivery-fixture.js';
import { createCompany, createUser, TEST_PASSWORD } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * The driver's own calls and the carrier's limits on a shipper's delivery: a courier company carries it, its driver
 * works it from `/api/v1/driver`, and neither can do the owner's part.
 */
let t: TestApp;
const shipper = { base: '', admin: undefined as unknown as Agent };
const courier = { base: '', admin: undefined as unknown as Agent, id: '' };
let driver: Agent;
let driverId: string;
let otherDriver: Agent;
let van: string;
let delivery: TestDelivery;

const me = '/api/v1/driver';
type DriverDelivery = {
  uuid: string;
  ownerCompanyName: string;
  deliveryLiveStatusTypeSlug: string;
  nextStatusOptions: { user: string[] };
  stops: {
    stepOrderNo: number;
    address: { line1: string } | null;
    tasks: { deliveryStepTaskTypeSlug: string; uuid: string }[];
    contacts: { firstname: string }[];
    parcels: { name: string }[];
  }[];
};

async function signedIn(companyId: string, role: 'company-admin' | 'driver') {
  const user = await createUser(t.database.db, { company: { id: companyId }, roles: [role] });
  const agent = new Agent(t.app);
  await agent.login(user.email, TEST_PASSWORD);
  return { agent, id: user.id };
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const s = await createCompany(db, { type: 'shipper', name: 'Bloom Flowers' });
  const c = await createCompany(db, { type: 'courier' });
  shipper.base = `/api/v1/c/${s.slug}/admin`;
  courier.base = `/api/v1/c/${c.slug}/admin`;
  courier.id = c.id;
  shipper.admin = (await signedIn(s.id, 'company-admin')).agent;
  courier.admin = (await signedIn(c.id, 'company-admin')).agent;
  ({ agent: driver, id: driverId } = await signedIn(c.id, 'driver'));
  otherDriver = (await signedIn(c.id, 'driver')).agent;
  delivery = await createTestDelivery(shipper.admin, shipper.base, {
    parcels: [{ name: 'Roses', volumeCm3: 8000, weightKg: 3, quantity: 2 }],
  });
  await shipper.admin.post(`${shipper.base}/delivery/${delivery.uuid}/add-contact-to-step-task`, {
    deliveryStepTaskUuid: delivery.deliverySteps[1]!.deliveryStepTasks[0]!.deliveryStepTaskUuid,
    contact: { firstname: 'Rita', lastname: 'Ray', phoneNumber: '+44 7700 900001', companyName: 'Home' },
  });
  // The marketplace will set the carrier on award; until then it is set directly.
  await db.update(deliveries).set({ carrierCompanyId: c.id }).where(eq(deliveries.id, delivery.uuid));
  van = (
    await courier.admin.post(`${courier.base}/vehicle`, { name: 'Courier van', registrationNumber: 'CV9' })
  ).json<{ data: { uuid: string } }>().data.uuid;
});
afterAll(() => t.close());

describe('a carried delivery', () => {
  it("refuses the carrier the owner's part: quotes, cancelling, steps, parcels (the outside test's defects)", async () => {
    const d = `${courier.base}/delivery/${delivery.uuid}`;
    const quote = await courier.admin.post(`${d}/quote`, {
      priceMinor: 1,
      validUntil: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(quote.statusCode).toBe(403);
    expect(quote.json<{ message: string }>().message).toMatch(/owns this delivery can quote/);
    const cancel = await courier.admin.post(`${d}/status`, {
      statusSlug: 'cancelled',
      cancelTypeSlug: 'customer-request',
    });
    expect(cancel.statusCode).toBe(403);
    const step = await courier.admin.post(`${d}/add-delivery-step-with-address`, {
      kind: 'dropoff',
      address: { line1: '1 Elsewhere', city: 'London', postcode: 'E1 1AA', countryCode: 'GB' },
    });
    expect(step.statusCode).toBe(403);
    // The owner's quote cannot be accepted by the carrier, and stays open for the owner.
    const owners = await shipper.admin.post(`${shipper.base}/delivery/${delivery.uuid}/quote`, {
      priceMinor: 2500,
      validUntil: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const quoteId = owners.json<{ data: { uuid: string } }>().data.uuid;
    expect((await courier.admin.post(`${courier.base}/delivery/quote/${quoteId}/accept`)).statusCode).toBe(
      403,
    );
    const quotes = (
      await shipper.admin.get(`${shipper.base}/delivery/quote?deliveryUuid=${delivery.uuid}`)
    ).json<{ data: { uuid: string; isAccepted: boolean }[] }>().data;
    expect(quotes.find((q) => q.uuid === quoteId)?.isAccepted).toBe(false);
    // The carrier sees it without cancel among its choices; the owner may not assign once it has a carrier.
    const seen = (await courier.admin.get(d)).json<{ data: { nextStatusOptions: { user: string[] } } }>()
      .data;
    expect(seen.nextStatusOptions.user).not.toContain('cancelled');
    const ownerVan = (
      await shipper.admin.post(`${shipper.base}/vehicle`, { name: 'Own van', registrationNumber: 'OV1' })
    ).json<{ data: { uuid: string } }>().data.uuid;
    expect(
      (
        await shipper.admin.post(`${shipper.base}/delivery/${delivery.uuid}/vehicle`, {
          vehicleUuid: ownerVan,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('lets the carrier assign its own driver, who then works the delivery from the driver calls', async () => {
    expect((await driver.get(`${me}/delivery/${delivery.uuid}`)).statusCode).toBe(404);
    expect((await driver.get(`${me}/delivery`)).json<{ data: unknown[] }>().data).toEqual([]);
    const link = await courier.admin.post(`${courier.base}/delivery/${delivery.uuid}/vehicle/driver`, {
      vehicleUuid: van,
      driverUserUuids: [driverId],
    });
    expect(link.statusCode).toBe(200);

    const list = (await driver.get(`${me}/delivery`)).json<{ data: DriverDelivery[] }>().data;
    expect(list.map((d) => d.uuid)).toEqual([delivery.uuid]);
    const mine = list[0]!;
    expect(mine.ownerCompanyName).toBe('Bloom Flowers');
    expect(
      mine.stops.map((s) => [s.stepOrderNo, s.address?.line1, s.tasks[0]?.deliveryStepTaskTypeSlug]),
    ).toEqual([
      [1, '1 Upper St', 'pickup'],
      [2, '10 Mare St', 'dropoff'],
    ]);
    expect(mine.stops[1]!.contacts.map((c) => c.firstname)).toEqual(['Rita']);
    expect(mine.stops[0]!.parcels.map((p) => p.name)).toEqual(['Roses']);
    expect(mine.nextStatusOptions.user).toEqual(['en-route-to-pickup']);

    const moved = await driver.post(`${me}/delivery/${delivery.uuid}/status`, {
      statusSlug: 'en-route-to-pickup',
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<{ data: DriverDelivery }>().data.deliveryLiveStatusTypeSlug).toBe('en-route-to-pickup');
    const cancel = await driver.post(`${me}/delivery/${delivery.uuid}/status`, {
      statusSlug: 'cancelled',
      cancelTypeSlug: 'customer-request',
    });
    expect(cancel.statusCode).toBe(403);
    // Another driver of the same company sees nothing of it.
    expect((await otherDriver.get(`${me}/delivery/${delivery.uuid}`)).statusCode).toBe(404);
    expect(
      (await otherDriver.post(`${me}/delivery/${delivery.uuid}/status`, { statusSlug: 'at-pickup' }))
        .statusCode,
    ).toBe(404);
  });

  it("sets the driver's own availability, and keeps admins out of the driver calls", async () => {
    const res = await driver.post(`${me}/status`, { driverStatusSlug: 'on-break' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: { driverStatusSlug: string }[] }>().data.map((i) => i.driverStatusSlug)).toEqual([
      'on-break',
    ]);
    expect((await driver.post(`${me}/status`, { driverStatusSlug: 'on-delivery' })).statusCode).toBe(422);
    expect((await courier.admin.get(`${me}/delivery`)).statusCode).toBe(403);
    expect((await driver.get(`${courier.base}/delivery/${delivery.uuid}`)).statusCode).toBe(403);
  });

  it('reads my status in every company, and keeps me on delivery when I say available mid-delivery', async () => {
    type Info = { driverStatusSlug: string; companySlug: string };
    const read = async () => (await driver.get(`${me}/status`)).json<{ data: Info[] }>().data;
    expect((await read()).map((i) => i.driverStatusSlug)).toEqual(['on-break']);
    // The delivery is under way (en route to pickup): "available" would be a lie, so the work's status stays.
    const res = await driver.post(`${me}/status`, { driverStatusSlug: 'available' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ message: string }>().message).toMatch(/stay on delivery/);
    expect(res.json<{ data: Info[] }>().data.map((i) => i.driverStatusSlug)).toEqual(['on-delivery']);
    expect(await read()).toEqual(res.json<{ data: Info[] }>().data);
    // A driver with nothing under way becomes available as asked.
    const idle = await otherDriver.post(`${me}/status`, { driverStatusSlug: 'available' });
    expect(idle.json<{ data: Info[]; message: string }>()).toMatchObject({
      data: [{ driverStatusSlug: 'available' }],
      message: 'Your status changed.',
    });
    expect((await courier.admin.get(`${me}/status`)).statusCode).toBe(403);
  });

  it('takes everything away from a driver unassigned mid-way', async () => {
    const other = (await signedIn(courier.id, 'driver')).id;
    await courier.admin.post(`${courier.base}/delivery/${delivery.uuid}/vehicle/driver`, {
      vehicleUuid: van,
      driverUserUuids: [other],
    });
    expect((await driver.get(`${me}/delivery/${delivery.uuid}`)).statusCode).toBe(404);
    expect(
      (await driver.post(`${me}/delivery/${delivery.uuid}/notes`, { message: 'Still here?' })).statusCode,
    ).toBe(404);
    expect((await driver.get(`${me}/delivery`)).json<{ data: unknown[] }>().data).toEqual([]);
  });
});
