import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries, users } from '../../db/schema/index.js';
import { Agent } from '../../test/agent.js';
import { createTestDelivery } from '../../test/delivery-fixture.js';
import { createCompany, createUser, TEST_PASSWORD } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Who moves a carried delivery's status (issue 31, decisions 008 and 016): the owner plans it (schedules or
 * unschedules it, sends a failed one out again, completes it, cancels it); the carrier's admin and driver only work
 * it on the road. The outside test found the carrier's admin could take every admin move.
 */
let t: TestApp;
const owner = { base: '', admin: undefined as unknown as Agent };
const carrier = { base: '', admin: undefined as unknown as Agent, id: '' };
let driver: Agent;
let driverId: string;
let van: string;

type Seen = { deliveryLiveStatusTypeSlug: string; nextStatusOptions: { user: string[] } };

async function signedIn(companyId: string, role: 'company-admin' | 'driver') {
  const user = await createUser(t.database.db, { company: { id: companyId }, roles: [role] });
  const agent = new Agent(t.app);
  await agent.login(user.email, TEST_PASSWORD);
  return { agent, id: user.id };
}

beforeAll(async () => {
  t = await createTestApp();
  const s = await createCompany(t.database.db, { type: 'shipper' });
  const c = await createCompany(t.database.db, { type: 'courier' });
  owner.base = `/api/v1/c/${s.slug}/admin`;
  carrier.base = `/api/v1/c/${c.slug}/admin`;
  carrier.id = c.id;
  owner.admin = (await signedIn(s.id, 'company-admin')).agent;
  carrier.admin = (await signedIn(c.id, 'company-admin')).agent;
  ({ agent: driver, id: driverId } = await signedIn(c.id, 'driver'));
  van = (
    await carrier.admin.post(`${carrier.base}/vehicle`, { name: 'Carrier van', registrationNumber: 'CS1' })
  ).json<{ data: { uuid: string } }>().data.uuid;
});
afterAll(() => t.close());

/** A delivery of the owner's that the carrier carries (the marketplace's award sets the carrier; here, directly). */
async function carried(status?: string) {
  const d = await createTestDelivery(owner.admin, owner.base);
  await t.database.db
    .update(deliveries)
    .set({ carrierCompanyId: carrier.id, ...(status ? { liveStatusSlug: status } : {}) })
    .where(eq(deliveries.id, d.uuid));
  return d.uuid;
}

const seenBy = async (who: 'owner' | 'carrier', uuid: string) => {
  const side = who === 'owner' ? owner : carrier;
  return (await side.admin.get(`${side.base}/delivery/${uuid}`)).json<{ data: Seen }>().data;
};
const post = (who: 'owner' | 'carrier', uuid: string, statusSlug: string) => {
  const side = who === 'owner' ? owner : carrier;
  return side.admin.post(`${side.base}/delivery/${uuid}/status`, {
    statusSlug,
    ...(statusSlug === 'cancelled' ? { cancelTypeSlug: 'other' } : {}),
  });
};

/** Every move only the owner makes, written out by hand: the plan (issue 31) and cancelling (decision 016). */
const OWNER_ONLY: [from: string, to: string][] = [
  ['created', 'scheduled'],
  ['scheduled', 'created'],
  ['failed', 'assigned'],
  ['delivered', 'completed'],
  ['created', 'cancelled'],
  ['scheduled', 'cancelled'],
  ['assigned', 'cancelled'],
  ['en-route-to-pickup', 'cancelled'],
  ['at-pickup', 'cancelled'],
  ['failed', 'cancelled'],
];

describe("a carried delivery's status", () => {
  for (const [from, to] of OWNER_ONLY) {
    it(`${from} -> ${to}: refused to the carrier's admin and not offered; offered to the owner's, who makes it`, async () => {
      // Put where the move starts (the walk there is the machine's own test): only who takes this step is asked.
      const uuid = await carried(from);
      const carrierSees = await seenBy('carrier', uuid);
      expect(carrierSees.nextStatusOptions.user).not.toContain(to);
      const refused = await post('carrier', uuid, to);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json<{ message: string }>().message).toMatch(/Only the company that owns this delivery/);
      expect((await seenBy('carrier', uuid)).deliveryLiveStatusTypeSlug).toBe(from);

      expect((await seenBy('owner', uuid)).nextStatusOptions.user).toContain(to);
      const made = await post('owner', uuid, to);
      expect(made.statusCode, made.body).toBe(200);
      expect(made.json<{ data: Seen }>().data.deliveryLiveStatusTypeSlug).toBe(to);
    });
  }

  it('lets the carrier work it from assignment to delivery and to returned, while the owner plans and completes it', async () => {
    const uuid = await carried();
    const expectOptions = async (forOwner: string[], forCarrier: string[], forDriver?: string[]) => {
      expect((await seenBy('owner', uuid)).nextStatusOptions.user).toEqual(forOwner);
      expect((await seenBy('carrier', uuid)).nextStatusOptions.user).toEqual(forCarrier);
      if (forDriver) {
        const mine = await driver.get(`/api/v1/driver/delivery/${uuid}`);
        expect(mine.json<{ data: Seen }>().data.nextStatusOptions.user).toEqual(forDriver);
      }
    };
    const move = async (who: 'owner' | 'carrier', to: string) => {
      const res = await post(who, uuid, to);
      expect(res.statusCode, `${who} -> ${to}: ${res.body}`).toBe(200);
    };

    await expectOptions(['scheduled', 'cancelled'], []);
    await move('owner', 'scheduled');
    await expectOptions(['created', 'cancelled'], []);
    // The carrier assigns its own van and driver: the system makes it assigned.
    const link = await carrier.admin.post(`${carrier.base}/delivery/${uuid}/vehicle/driver`, {
      vehicleUuid: van,
      driverUserUuids: [driverId],
    });
    expect(link.statusCode, link.body).toBe(200);
    await expectOptions(['en-route-to-pickup', 'cancelled'], ['en-route-to-pickup'], ['en-route-to-pickup']);
    await move('carrier', 'en-route-to-pickup');
    await move('carrier', 'failed');
    await expectOptions(['assigned', 'cancelled', 'returned'], ['returned'], ['returned']);
    // Sending it out again is the owner's: the driver is refused it too, with the policy's reason.
    const retry = await driver.post(`/api/v1/driver/delivery/${uuid}/status`, { statusSlug: 'assigned' });
    expect(retry.statusCode).toBe(403);
    await move('owner', 'assigned');
    for (const to of ['en-route-to-pickup', 'at-pickup', 'picked-up', 'en-route-to-dropoff', 'at-dropoff'])
      await move('carrier', to);
    await expectOptions(['delivered', 'failed'], ['delivered', 'failed'], ['delivered', 'failed']);
    await move('carrier', 'delivered');
    await expectOptions(['completed'], [], []);
    await move('owner', 'completed');
    await expectOptions([], []);

    // A failed delivery the carrier brings back is returned by the carrier's side: that is work, not a decision.
    const other = await carried('failed');
    const back = await post('carrier', other, 'returned');
    expect(back.statusCode, back.body).toBe(200);
  });

  it("shows the owner the carrier's work by the driver's first name and the van's size and registration (issue 33)", async () => {
    const uuid = await carried();
    expect((await post('owner', uuid, 'scheduled')).statusCode).toBe(200);
    const link = await carrier.admin.post(`${carrier.base}/delivery/${uuid}/vehicle/driver`, {
      vehicleUuid: van,
      driverUserUuids: [driverId],
    });
    expect(link.statusCode, link.body).toBe(200);
    expect((await driver.post(`/api/v1/driver/delivery/${uuid}/status`, { statusSlug: 'en-route-to-pickup' })).statusCode).toBe(200);
    const driverName = (
      await t.database.db.select({ firstname: users.firstname }).from(users).where(eq(users.id, driverId))
    )[0]!.firstname;

    const assignments = (await owner.admin.get(`${owner.base}/delivery/vehicle/driver?deliveryUuid=${uuid}`)).json<{
      data: { vehicle?: { registrationNumber: string; sizeSlug: string }; drivers?: { uuid: string; firstName: string }[] }[];
    }>().data;
    expect(assignments[0]?.vehicle).toEqual({ registrationNumber: 'CS1', sizeSlug: 'unknown' });
    expect(assignments[0]?.drivers).toEqual([{ uuid: driverId, firstName: driverName }]);

    const history = (await owner.admin.get(`${owner.base}/delivery/status?deliveryUuid=${uuid}`)).json<{
      data: { statusSlug: string; createdByUserUuid?: string; createdByFirstName?: string }[];
    }>().data;
    const started = history.find((r) => r.statusSlug === 'en-route-to-pickup');
    expect(started).toMatchObject({ createdByUserUuid: driverId, createdByFirstName: driverName });
  });

  it('gives the owner every admin move on a delivery no one else carries, as before', async () => {
    const d = await createTestDelivery(owner.admin, owner.base);
    expect((await seenBy('owner', d.uuid)).nextStatusOptions.user).toEqual(['scheduled', 'cancelled']);
    expect((await post('owner', d.uuid, 'scheduled')).statusCode).toBe(200);
    // The carrier's admin does not know a delivery it does not carry.
    expect((await post('carrier', d.uuid, 'created')).statusCode).toBe(404);
  });
});
