import type { Notification, NotificationPreference, NotificationSummary } from '@courier/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryScheduleWindows, driverInfos, mailOutbox } from '../../db/schema/index.js';
import { Agent } from '../../test/agent.js';
import { createTestDelivery } from '../../test/delivery-fixture.js';
import { createCompany, createUser, TEST_PASSWORD } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { sweepLateDeliveries } from './notifications.sweeper.js';

/** Notifications from real events (issue 14, decision 028), through the API, on whichever database the run uses. */
let t: TestApp;
let base: string;
let shipperId: string;
const agents = {} as Record<'creator' | 'colleague' | 'other', Agent>;
const dataOf = <T>(res: { json: <R>() => R }) => res.json<{ data: T }>().data;

async function signedIn(companyId: string) {
  const user = await createUser(t.database.db, { company: { id: companyId }, roles: ['company-admin'] });
  const agent = new Agent(t.app);
  await agent.login(user.email, TEST_PASSWORD);
  return agent;
}

/** What a user's bell shows once the events' consumers have run (they run after the change commits, as jobs). */
const summaryOf = async (who: keyof typeof agents) => {
  await t.app.jobs.settle();
  return dataOf<NotificationSummary>(await agents[who].get('/api/v1/me/notifications/summary'));
};

async function cancelAs(who: keyof typeof agents, deliveryUuid: string) {
  const res = await agents[who].post(`${base}/delivery/${deliveryUuid}/status`, {
    statusSlug: 'cancelled',
    statusMessage: 'Customer called off',
    cancelTypeSlug: 'shipper-request',
  });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  const shipper = await createCompany(t.database.db, { type: 'shipper', name: 'Bell Flowers' });
  const other = await createCompany(t.database.db, { type: 'shipper', name: 'Elsewhere Ltd' });
  base = `/api/v1/c/${shipper.slug}/admin`;
  shipperId = shipper.id;
  agents.creator = await signedIn(shipper.id);
  agents.colleague = await signedIn(shipper.id);
  agents.other = await signedIn(other.id);
});
afterAll(() => t.close());

describe('notifications from events', () => {
  it('tells the admin who created a delivery of a milestone another user made, and not the one who made it', async () => {
    const d = await createTestDelivery(agents.creator, base, { name: 'Roses to Bow' });
    await cancelAs('colleague', d.uuid);
    const mine = await summaryOf('creator');
    expect(mine.unread).toBe(1);
    expect(mine.latest[0]).toMatchObject({
      kind: 'status',
      title: 'Roses to Bow: Cancelled',
      link: `/DeliveryDetail/${d.uuid}`,
      company: { name: 'Bell Flowers' },
      readAt: null,
    });
    expect((await summaryOf('colleague')).unread).toBe(0);
    expect((await summaryOf('other')).unread).toBe(0);

    // One's own change is not news.
    const own = await createTestDelivery(agents.creator, base, { name: 'Lilies to Poplar' });
    await cancelAs('creator', own.uuid);
    expect((await summaryOf('creator')).unread).toBe(1);
  });

  it('reads one, reads all, dismisses, and keeps each user to their own', async () => {
    for (const name of ['Tulips 1', 'Tulips 2', 'Tulips 3']) {
      const d = await createTestDelivery(agents.creator, base, { name });
      await cancelAs('colleague', d.uuid);
    }
    const before = await summaryOf('creator');
    expect(before.unread).toBeGreaterThanOrEqual(3);
    const first = before.latest[0]!;
    expect(first.title).toBe('Tulips 3: Cancelled');

    // Someone else's notification is a stranger's.
    const stranger = await agents.other.post(`/api/v1/me/notifications/${first.uuid}/read`);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json<{ message: string }>().message).toBe('Notification not found.');
    expect((await agents.other.request('DELETE', `/api/v1/me/notifications/${first.uuid}`)).statusCode).toBe(
      404,
    );

    const read = await agents.creator.post(`/api/v1/me/notifications/${first.uuid}/read`);
    expect(read.statusCode).toBe(200);
    expect(dataOf<Notification>(read).readAt).not.toBeNull();
    expect((await summaryOf('creator')).unread).toBe(before.unread - 1);

    const unreadOnly = await agents.creator.get('/api/v1/me/notifications?unread=true&per_page=100');
    expect(unreadOnly.json<{ data: Notification[] }>().data.every((n) => n.readAt === null)).toBe(true);

    const all = await agents.creator.post('/api/v1/me/notifications/read-all');
    expect(dataOf<{ read: number }>(all).read).toBe(before.unread - 1);
    expect((await summaryOf('creator')).unread).toBe(0);

    const list = await agents.creator.get('/api/v1/me/notifications?per_page=2');
    expect(list.statusCode).toBe(200);
    const page = list.json<{ data: Notification[]; meta: { total: number } }>();
    expect(page.data).toHaveLength(2);
    expect(page.meta.total).toBeGreaterThanOrEqual(4);

    const gone = await agents.creator.request('DELETE', `/api/v1/me/notifications/${first.uuid}`);
    expect(gone.statusCode).toBe(200);
    const after = await agents.creator.get('/api/v1/me/notifications?per_page=100');
    expect(after.json<{ data: Notification[] }>().data.some((n) => n.uuid === first.uuid)).toBe(false);
  });

  it('keeps a kind out of the app once the user turns it off, and checks the preferences', async () => {
    const defaults = dataOf<NotificationPreference[]>(
      await agents.creator.get('/api/v1/me/notification-preferences'),
    );
    expect(defaults.find((p) => p.kind === 'status')).toEqual({ kind: 'status', inApp: true, email: false });
    const put = await agents.creator.request('PUT', '/api/v1/me/notification-preferences', {
      preferences: [{ kind: 'status', inApp: false, email: false }],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(dataOf<NotificationPreference[]>(put).find((p) => p.kind === 'status')?.inApp).toBe(false);

    await agents.creator.post('/api/v1/me/notifications/read-all');
    const d = await createTestDelivery(agents.creator, base, { name: 'Muted run' });
    await cancelAs('colleague', d.uuid);
    expect((await summaryOf('creator')).unread).toBe(0);

    const bad = await agents.creator.request('PUT', '/api/v1/me/notification-preferences', {
      preferences: [
        { kind: 'status', inApp: true, email: false },
        { kind: 'status', inApp: false, email: false },
      ],
    });
    expect(bad.statusCode).toBe(422);
    const unknown = await agents.creator.request('PUT', '/api/v1/me/notification-preferences', {
      preferences: [{ kind: 'weather', inApp: true, email: false }],
    });
    expect(unknown.statusCode).toBe(422);
  });

  it('tells the creator once when a delivery is still not delivered at the end of its dropoff window', async () => {
    const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
    const late = await createTestDelivery(agents.creator, base, {
      name: 'Peonies to Mile End',
      scheduleWindows: [
        { deliveryScheduleWindowTypeSlug: 'dropoff', startAt: inHours(1), endAt: inHours(2) },
      ],
    });
    const long = await createTestDelivery(agents.creator, base, {
      name: 'Ferns long ago',
      scheduleWindows: [
        { deliveryScheduleWindowTypeSlug: 'dropoff', startAt: inHours(1), endAt: inHours(2) },
      ],
    });
    const db = t.database.db;
    await db
      .update(deliveryScheduleWindows)
      .set({ startAt: new Date(Date.now() - 3_600_000), endAt: new Date(Date.now() - 600_000) })
      .where(eq(deliveryScheduleWindows.deliveryId, late.uuid));
    // Late since before the look-back (a server that was down for days): not announced any more.
    await db
      .update(deliveryScheduleWindows)
      .set({ startAt: new Date(Date.now() - 50 * 3_600_000), endAt: new Date(Date.now() - 48 * 3_600_000) })
      .where(eq(deliveryScheduleWindows.deliveryId, long.uuid));
    await agents.creator.request('PUT', '/api/v1/me/notification-preferences', {
      preferences: [{ kind: 'late', inApp: true, email: true }],
    });
    await agents.creator.post('/api/v1/me/notifications/read-all');

    expect(await sweepLateDeliveries(db)).toBe(1);
    expect(await sweepLateDeliveries(db)).toBe(0);
    const mine = await summaryOf('creator');
    expect(mine.latest).toMatchObject([
      { kind: 'late', title: 'Peonies to Mile End: late', link: `/DeliveryDetail/${late.uuid}` },
    ]);
    expect((await summaryOf('colleague')).unread).toBe(0);
    await t.app.jobs.settle();
    const creatorEmail = dataOf<{ email: string }>(await agents.creator.get('/api/v1/me')).email;
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, creatorEmail));
    expect(mails.map((m) => m.subject)).toContain('Peonies to Mile End: late');
  });

  it("tells the creator a delivery was handed over when its driver types the recipient's code", async () => {
    const db = t.database.db;
    const d = await createTestDelivery(agents.creator, base, { name: 'Orchids to Dalston' });
    const driver = await createUser(db, { company: { id: shipperId }, roles: ['driver'] });
    await db.update(driverInfos).set({ statusSlug: 'available' }).where(eq(driverInfos.userId, driver.id));
    const van = await agents.creator.post(`${base}/vehicle`, { name: 'Van', registrationNumber: 'BF1' });
    expect(van.statusCode, van.body).toBe(201);
    const assigned = await agents.creator.post(`${base}/delivery/${d.uuid}/vehicle/driver`, {
      vehicleUuid: dataOf<{ uuid: string }>(van).uuid,
      driverUserUuids: [driver.id],
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const pin = dataOf<{ handoverPin: string }>(
      await agents.creator.get(`${base}/delivery/${d.uuid}`),
    ).handoverPin;
    const driverAgent = new Agent(t.app);
    await driverAgent.login(driver.email, TEST_PASSWORD);
    const confirmed = await driverAgent.post(`/api/v1/driver/delivery/${d.uuid}/doc/step/task/pin`, {
      deliveryStepTaskUuid: d.deliverySteps[1]!.deliveryStepTasks[0]!.deliveryStepTaskUuid,
      pin,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    const proofs = (await summaryOf('creator')).latest.filter((n) => n.kind === 'proof');
    expect(proofs).toMatchObject([
      {
        title: 'Orchids to Dalston: handed over',
        message: "Orchids to Dalston was handed over with the recipient's code.",
        link: `/DeliveryDetail/${d.uuid}`,
      },
    ]);
  });

  it('answers 401 to a signed-out caller', async () => {
    expect((await new Agent(t.app).get('/api/v1/me/notifications/summary')).statusCode).toBe(401);
  });
});
