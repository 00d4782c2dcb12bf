import { eq } from 'drizzle-orm';
import { deliveries, users } from '../db/schema/index.js';
import { Agent } from './agent.js';
import { createTestDelivery, type TestDelivery } from './delivery-fixture.js';
import { createCompany, createUser, TEST_PASSWORD } from './factories.js';
import type { TestApp } from './test-app.js';

/** A shipper's deliveries carried by a courier, whose drivers send positions: the cast of the positions tests. */
export async function positionsWorld(t: TestApp) {
  const db = t.database.db;
  const shipper = await createCompany(db, { type: 'shipper', name: 'Bloom Flowers' });
  const courier = await createCompany(db, { type: 'courier', name: 'Swift Couriers' });
  const stranger = await createCompany(db, { type: 'shipper' });
  const signedIn = async (companyId: string, role: 'company-admin' | 'driver', firstname?: string) => {
    const user = await createUser(db, { company: { id: companyId }, roles: [role] });
    if (firstname) await db.update(users).set({ firstname }).where(eq(users.id, user.id));
    const agent = new Agent(t.app);
    await agent.login(user.email, TEST_PASSWORD);
    return { agent, id: user.id };
  };
  const w = {
    shipperBase: `/api/v1/c/${shipper.slug}/admin`,
    courierBase: `/api/v1/c/${courier.slug}/admin`,
    strangerBase: `/api/v1/c/${stranger.slug}/admin`,
    shipperAdmin: await signedIn(shipper.id, 'company-admin'),
    courierAdmin: await signedIn(courier.id, 'company-admin'),
    strangerAdmin: await signedIn(stranger.id, 'company-admin'),
    driver: await signedIn(courier.id, 'driver', 'Sam'),
    otherDriver: await signedIn(courier.id, 'driver', 'Olu'),
  };

  const vehicle = async (name: string) =>
    (
      await w.courierAdmin.agent.post(`${w.courierBase}/vehicle`, {
        name,
        registrationNumber: `R${Math.random().toString(36).slice(2, 8)}`,
      })
    ).json<{ data: { uuid: string } }>().data.uuid;

  /** A shipper's delivery carried by the courier and assigned to `driverId` with a new van. */
  const carried = async (
    driverId: string,
    body: Record<string, unknown> = {},
  ): Promise<TestDelivery & { vehicleId: string }> => {
    const d = await createTestDelivery(w.shipperAdmin.agent, w.shipperBase, body);
    await db.update(deliveries).set({ carrierCompanyId: courier.id }).where(eq(deliveries.id, d.uuid));
    const vehicleId = await vehicle('Van');
    const link = await w.courierAdmin.agent.post(`${w.courierBase}/delivery/${d.uuid}/vehicle/driver`, {
      vehicleUuid: vehicleId,
      driverUserUuids: [driverId],
    });
    if (link.statusCode !== 200) throw new Error(`link: ${link.body}`);
    return { ...d, vehicleId };
  };

  /** Moves a delivery along the driver's moves to `to`. */
  const moveTo = async (agent: Agent, deliveryUuid: string, to: string) => {
    const path = [
      'en-route-to-pickup',
      'at-pickup',
      'picked-up',
      'en-route-to-dropoff',
      'at-dropoff',
      'delivered',
    ];
    const current = (await agent.get(`/api/v1/driver/delivery/${deliveryUuid}`)).json<{
      data: { deliveryLiveStatusTypeSlug: string };
    }>().data.deliveryLiveStatusTypeSlug;
    for (const s of path.slice(path.indexOf(current) + 1, path.indexOf(to) + 1)) {
      const res = await agent.post(`/api/v1/driver/delivery/${deliveryUuid}/status`, { statusSlug: s });
      if (res.statusCode !== 200) throw new Error(`status ${s}: ${res.statusCode} ${res.body}`);
    }
  };

  return { ...w, shipper, courier, stranger, carried, moveTo, vehicle };
}

/** A point `secondsAgo` before now (negative: in the future). */
export const pointAt = (secondsAgo: number, lat = 51.5, lng = -0.1, extra: Record<string, unknown> = {}) => ({
  lat,
  lng,
  recordedAt: new Date(Date.now() - secondsAgo * 1000).toISOString(),
  ...extra,
});
