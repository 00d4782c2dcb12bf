import { inArray, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { eventOutbox, events, notifications } from '../../db/schema/index.js';
import { createCompany, createUser } from '../../test/factories.js';
import { openTestDatabase } from '../../test/test-app.js';
import { consumeEvents, recordEvents } from '../live/index.js';
import { notificationsConsumer } from './notifications.fanout.js';

// Issue 31: notifications are a consumer of the recorded events (the outbox, decision 055), made after the change
// that caused them has committed, never on the request's path. No job runner here: the test drives the consumer.

let database: Database;
const waiting = async () => (await database.db.select().from(eventOutbox)).length;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('notifications as a consumer', () => {
  it('are made from events after their commit, and each user told gets an event that rings their bell', async () => {
    const company = await createCompany(database.db);
    const admin = await createUser(database.db, { company, roles: ['company-admin'] });
    const colleague = await createUser(database.db, { company, roles: ['company-admin'] });
    // An auction's news is for the admins of the company it is about, the admin who acted left out.
    await database.db.transaction((tx) =>
      recordEvents(tx, [
        {
          type: 'auction',
          data: { auctionUuid: randomUUID(), change: 'published', at: new Date().toISOString() },
          audience: { companyId: company.id, driverUserIds: [] },
          actorUserId: colleague.id,
        },
      ]),
    );
    const told = () =>
      database.db
        .select({ userId: notifications.userId })
        .from(notifications)
        .where(inArray(notifications.userId, [admin.id, colleague.id]));
    // Nothing yet: the write made its event only.
    expect(await told()).toEqual([]);
    await consumeEvents(database.db, [notificationsConsumer]);
    expect(await told()).toEqual([{ userId: admin.id }]);

    // The bell's event names the user told (the live streams let it reach that user only: events-outbox.test.ts).
    const [bell] = await database.db
      .select()
      .from(events)
      .where(sql`${events.type} = 'notification' and ${events.ownerCompanyId} = ${company.id}`);
    expect(bell?.payload).toEqual({ userUuids: [admin.id] });
    expect(bell?.driverUserIds).toEqual([admin.id]);
    // Consuming the bell's own event makes nothing more.
    await consumeEvents(database.db, [notificationsConsumer]);
    expect(await told()).toEqual([{ userId: admin.id }]);
    expect(await waiting()).toBe(0);
  });
});
