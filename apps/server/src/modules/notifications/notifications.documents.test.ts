import type { Notification } from '@courier/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyMembers, driverInfos, mailOutbox, notifications } from '../../db/schema/index.js';
import { Agent } from '../../test/agent.js';
import { createCompany, createUser, TEST_PASSWORD } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { sweepExpiringDocuments } from './notifications.sweeper.js';

/** Expiring driver documents (decision 028): the sweep, on whichever database the run uses. */
let t: TestApp;
const people = {} as Record<'admin' | 'colleague' | 'driver' | 'stranger', { id: string; email: string }>;
let driverAgent: Agent;
let companyId: string;
let companyName: string;
const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY);

const rowsOf = (userIds: string[]) =>
  t.database.db
    .select({ userId: notifications.userId, title: notifications.title, link: notifications.link })
    .from(notifications)
    .where(and(inArray(notifications.userId, userIds), eq(notifications.kind, 'document')));
const setDates = (dates: Partial<typeof driverInfos.$inferInsert>) =>
  t.database.db.update(driverInfos).set(dates).where(eq(driverInfos.userId, people.driver.id));

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const company = await createCompany(db, { type: 'courier' });
  const other = await createCompany(db, { type: 'courier' });
  companyId = company.id;
  companyName = company.name;
  people.admin = await createUser(db, { company, roles: ['company-admin'] });
  people.colleague = await createUser(db, { company, roles: ['company-admin'] });
  people.driver = await createUser(db, {
    company,
    roles: ['driver'],
    firstname: 'Dora',
    lastname: 'Vance',
  });
  people.stranger = await createUser(db, { company: other, roles: ['company-admin'] });
  driverAgent = new Agent(t.app);
  await driverAgent.login(people.driver.email, TEST_PASSWORD);
});
afterAll(() => t.close());

describe('expiring driver documents', () => {
  it("tells the company's admins and the driver once per document and expiry date", async () => {
    await setDates({ licenceExpiresAt: at(10), insuranceExpiresAt: at(-2) });
    expect(await sweepExpiringDocuments(t.database.db)).toBe(6);
    expect(await sweepExpiringDocuments(t.database.db)).toBe(0);

    const rows = await rowsOf(Object.values(people).map((p) => p.id));
    const d = at(10);
    const month = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ')[d.getUTCMonth()];
    const day = `${d.getUTCDate()} ${month} ${d.getUTCFullYear()}`;
    expect(rows.filter((r) => r.userId === people.admin.id)).toEqual(
      expect.arrayContaining([
        {
          userId: people.admin.id,
          title: `Dora Vance's driving licence expires on ${day}`,
          link: '/DriversManage',
        },
        { userId: people.admin.id, title: "Dora Vance's insurance has expired", link: '/DriversManage' },
      ]),
    );
    expect(rows.filter((r) => r.userId === people.colleague.id)).toHaveLength(2);
    expect(rows.filter((r) => r.userId === people.stranger.id)).toEqual([]);
    // The driver reads it through the API, as their own.
    const mine = (await driverAgent.get('/api/v1/me/notifications?per_page=10')).json<{
      data: Notification[];
    }>().data;
    expect(mine.map((n) => n.title).sort()).toEqual([
      'Your driving licence expires on ' + day,
      'Your insurance has expired',
    ]);
    expect(mine[0]).toMatchObject({
      kind: 'document',
      link: '/DriverDashboard',
      company: { uuid: companyId },
    });

    // E-mailed by default.
    await t.app.jobs.settle();
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, people.admin.email));
    expect(mails.map((m) => m.subject)).toContain("Dora Vance's insurance has expired");
    // Headed by the company's name (its logo too, when it has one).
    expect(mails[0]!.html).toContain(companyName);
  });

  it('tells again when a document gets a new expiry date, and not of far or long-past dates', async () => {
    await setDates({ licenceExpiresAt: at(20) });
    expect(await sweepExpiringDocuments(t.database.db)).toBe(3);
    await setDates({ licenceExpiresAt: at(90), insuranceExpiresAt: at(-400) });
    expect(await sweepExpiringDocuments(t.database.db)).toBe(0);
  });

  it('leaves out a suspended driver and a user who turned the kind off in the app', async () => {
    await t.database.db
      .update(companyMembers)
      .set({ status: 'suspended' })
      .where(eq(companyMembers.userId, people.driver.id));
    const colleague = new Agent(t.app);
    await colleague.login(people.colleague.email, TEST_PASSWORD);
    await colleague.request('PUT', '/api/v1/me/notification-preferences', {
      preferences: [{ kind: 'document', inApp: false, email: false }],
    });
    await setDates({ licenceExpiresAt: at(5) });
    expect(await sweepExpiringDocuments(t.database.db)).toBe(1);
    const latest = await rowsOf([people.admin.id, people.colleague.id, people.driver.id]);
    expect(
      latest.filter((r) => r.title.startsWith('Dora Vance') && r.userId === people.admin.id),
    ).toHaveLength(4);
  });
});
