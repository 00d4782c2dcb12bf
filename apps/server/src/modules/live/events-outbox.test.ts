import { randomUUID } from 'node:crypto';
import type { Actor } from '@courier/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { eventOutbox, events } from '../../db/schema/index.js';
import type { BusItem } from '../../lib/events/event-bus.js';
import { openTestDatabase } from '../../test/test-app.js';
import { consumeEvents, eventsPurgeJob, type EventConsumer, type OfferedEvent } from './events.consumers.js';
import type { StoredEvent } from './events.queries.js';
import { recordEvents, type NewLiveEvent } from './events.service.js';
import { mayReceive } from './live.policy.js';
import { eventBusFor } from './live.service.js';

// Issue 31: a write records its change and its events, and nothing else. Its consumers (notifications, next webhooks)
// take the events from the outbox once it has committed, each exactly once; the live stream hears of them by a NOTIFY
// the database delivers on commit. No job runner here: the test drives the consumers itself.

let database: Database;
const companyId = randomUUID();

const driverStatus = (driverId: string, actorUserId: string | null = null): NewLiveEvent => ({
  type: 'driver.status',
  data: { driverUserUuid: driverId, status: 'online', at: new Date().toISOString() },
  audience: { companyId, driverUserIds: [driverId] },
  actorUserId,
});

/** A consumer that remembers every event it was given (and can be told to fail). */
function recorder(opts: { fail?: boolean } = {}): EventConsumer & { seen: OfferedEvent[] } {
  const seen: OfferedEvent[] = [];
  return {
    name: 'recorder',
    seen,
    consume: async (tx, list) => {
      // Reads in the consumer's transaction, as a real consumer writes in it.
      await tx.execute(sql`select 1`);
      if (opts.fail) throw new Error('consumer down');
      seen.push(...list);
    },
  };
}

const waiting = async () => (await database.db.select().from(eventOutbox)).length;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('the events outbox', () => {
  it('keeps nothing of a write that rolls back: no event, nothing offered, nothing published', async () => {
    const heard: BusItem<StoredEvent>[] = [];
    const bus = eventBusFor({ EVENT_BUS_URL: undefined }, database, (err) => {
      throw err;
    });
    await bus.start({ onItems: (items) => heard.push(...items), onResync: () => undefined });
    try {
      const driver = randomUUID();
      await expect(
        database.db.transaction(async (tx) => {
          await recordEvents(tx, [driverStatus(driver)]);
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      expect(
        await database.db
          .select()
          .from(events)
          .where(sql`${events.driverUserIds} @> array[${driver}]::uuid[]`),
      ).toEqual([]);
      expect(await waiting()).toBe(0);

      // The same write committed: offered to the consumers, and heard on commit (NOTIFY, on PGlite as on PostgreSQL).
      const actor = randomUUID();
      await database.db.transaction((tx) =>
        recordEvents(tx, [driverStatus(driver, actor), driverStatus(driver)]),
      );
      const offered = await database.db.select().from(eventOutbox);
      expect(offered.map((r) => r.actorUserId).sort()).toEqual([actor, null].sort());
      await expect.poll(() => heard.length, { timeout: 30_000 }).toBe(2);
      expect(heard.every((i) => 'event' in i && i.event.driverUserIds[0] === driver)).toBe(true);
    } finally {
      await bus.close();
    }
    await consumeEvents(database.db, []);
  });

  it('gives each event to each consumer once, however many take at the same time, with its actor', async () => {
    const actor = randomUUID();
    const drivers = Array.from({ length: 450 }, () => randomUUID());
    await database.db.transaction((tx) =>
      recordEvents(
        tx,
        drivers.map((d) => driverStatus(d, actor)),
      ),
    );
    const a = recorder();
    const b = recorder();
    // Two processes' jobs at once: the rows one transaction holds, the other skips.
    const [na, nb] = await Promise.all([consumeEvents(database.db, [a]), consumeEvents(database.db, [b])]);
    expect(na + nb).toBe(drivers.length);
    const ids = [...a.seen, ...b.seen].map((e) => e.id);
    expect(new Set(ids).size).toBe(drivers.length);
    expect([...a.seen, ...b.seen].every((e) => e.actorUserId === actor && e.type === 'driver.status')).toBe(
      true,
    );
    expect(await waiting()).toBe(0);
  });

  it('leaves the events waiting when a consumer fails, for the next run to take', async () => {
    await database.db.transaction((tx) => recordEvents(tx, [driverStatus(randomUUID())]));
    const good = recorder();
    await expect(consumeEvents(database.db, [good, recorder({ fail: true })])).rejects.toThrow(
      'consumer down',
    );
    // The failing consumer's transaction took nothing: the event waits, and no consumer is left half-done.
    expect(await waiting()).toBe(1);
    expect(await consumeEvents(database.db, [good])).toBe(1);
    expect(await waiting()).toBe(0);
  });

  it('purges old events but keeps one its consumers have not taken yet', async () => {
    const driver = randomUUID();
    await database.db.transaction((tx) => recordEvents(tx, [driverStatus(driver), driverStatus(driver)]));
    const mine = sql`${events.driverUserIds} @> array[${driver}]::uuid[]`;
    const [first, second] = await database.db
      .select({ id: events.id })
      .from(events)
      .where(mine)
      .orderBy(events.id);
    await database.db
      .update(events)
      .set({ createdAt: new Date(Date.now() - 48 * 3_600_000) })
      .where(mine);
    // The first was consumed, the second still waits.
    await database.db.delete(eventOutbox).where(eq(eventOutbox.eventId, first!.id));
    await eventsPurgeJob(database.db).handle(
      {},
      { id: 'test', retryCount: 0, signal: new AbortController().signal },
    );
    const left = await database.db.select({ id: events.id }).from(events).where(mine);
    expect(left).toEqual([{ id: second!.id }]);
    await consumeEvents(database.db, []);
  });
});

describe("a user's notification event", () => {
  it('reaches the streams of the users it names only, admins or drivers', () => {
    const [admin, colleague, driver] = [randomUUID(), randomUUID(), randomUUID()];
    const bell: StoredEvent = {
      id: 1,
      type: 'notification',
      deliveryId: null,
      ownerCompanyId: companyId,
      carrierCompanyId: null,
      driverUserIds: [admin, driver],
      data: { userUuids: [admin, driver] },
      at: new Date().toISOString(),
    };
    const actorOf = (userId: string, roles: ('company-admin' | 'driver')[]): Actor => ({
      userId,
      isPlatformAdmin: false,
      memberships: [{ companyId, companyTypeSlug: 'shipper', roles }],
    });
    expect(mayReceive(actorOf(admin, ['company-admin']), 'admin', bell)).toBe(true);
    expect(mayReceive(actorOf(driver, ['driver']), 'driver', bell)).toBe(true);
    // A colleague with the same rights, not named; the named admin on a driver's stream; a named driver elsewhere.
    expect(mayReceive(actorOf(colleague, ['company-admin']), 'admin', bell)).toBe(false);
    expect(mayReceive(actorOf(admin, ['company-admin']), 'driver', bell)).toBe(false);
    expect(mayReceive({ ...actorOf(driver, ['driver']), memberships: [] }, 'driver', bell)).toBe(false);
  });
});
