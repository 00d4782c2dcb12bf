import { sql } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries } from '../../db/schema/index.js';
import { Agent } from '../../test/agent.js';
import { createTestDelivery } from '../../test/delivery-fixture.js';
import { createCompany, createUser, TEST_PASSWORD } from '../../test/factories.js';
import { reachable } from '../../test/server-process.js';
import { SseClient } from '../../test/sse-client.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { packEvents } from '../../lib/events/wire.js';
import { recordEvents } from './events.service.js';

let t: TestApp;
let url = '';
const slugs = {} as Record<'owner' | 'carrier' | 'stranger', string>;
const ids = {} as Record<'owner' | 'carrier' | 'stranger' | 'assignedDriver' | 'otherDriver', string>;
const agents = {} as Record<
  'ownerAdmin' | 'carrierAdmin' | 'strangerAdmin' | 'assignedDriver' | 'otherDriver',
  Agent
>;
let carrierVehicle = '';

const base = (who: 'owner' | 'carrier' | 'stranger') => `/api/v1/c/${slugs[who]}/admin`;
const cookieOf = (agent: Agent) => ({ cookie: `courier_session=${agent.cookie('courier_session')}` });
const adminStream = (
  who: keyof typeof agents,
  company: 'owner' | 'carrier' | 'stranger',
  lastEventId?: string,
) =>
  SseClient.open(
    `${url}${base(company)}/stream${lastEventId ? `?lastEventId=${encodeURIComponent(lastEventId)}` : ''}`,
    cookieOf(agents[who]),
  );
const driverStream = (who: 'assignedDriver' | 'otherDriver', headers: Record<string, string> = {}) =>
  SseClient.open(`${url}/api/v1/driver/stream`, { ...cookieOf(agents[who]), ...headers });

const ok = async (res: Promise<{ statusCode: number; body: string }>, what: string) => {
  const r = await res;
  if (r.statusCode >= 300) throw new Error(`${what}: ${r.statusCode} ${r.body}`);
  return JSON.parse(r.body) as { data: Record<string, unknown> };
};

/** A delivery of the owner, carried by the carrier, with the carrier's driver assigned. */
async function carriedDelivery() {
  const d = await createTestDelivery(agents.ownerAdmin, base('owner'));
  await t.database.db
    .update(deliveries)
    .set({ carrierCompanyId: ids.carrier })
    .where(eq(deliveries.id, d.uuid));
  await ok(
    agents.carrierAdmin.post(`${base('carrier')}/delivery/${d.uuid}/vehicle/driver`, {
      vehicleUuid: carrierVehicle,
      driverUserUuids: [ids.assignedDriver],
    }),
    'link',
  );
  return d.uuid;
}

beforeAll(async () => {
  t = await createTestApp({}, { live: { heartbeatMs: 150, maxBufferedBytes: 64 * 1024 } });
  url = await t.app.listen({ host: '127.0.0.1', port: 0 });
  const db = t.database.db;
  const owner = await createCompany(db);
  const carrier = await createCompany(db, { type: 'courier' });
  const stranger = await createCompany(db);
  Object.assign(slugs, { owner: owner.slug, carrier: carrier.slug, stranger: stranger.slug });
  Object.assign(ids, { owner: owner.id, carrier: carrier.id, stranger: stranger.id });
  const users = {
    ownerAdmin: await createUser(db, { company: owner, roles: ['company-admin'] }),
    carrierAdmin: await createUser(db, { company: carrier, roles: ['company-admin'] }),
    strangerAdmin: await createUser(db, { company: stranger, roles: ['company-admin'] }),
    assignedDriver: await createUser(db, { company: carrier, roles: ['driver'] }),
    otherDriver: await createUser(db, { company: carrier, roles: ['driver'] }),
  };
  ids.assignedDriver = users.assignedDriver.id;
  ids.otherDriver = users.otherDriver.id;
  for (const [name, u] of Object.entries(users)) {
    const agent = new Agent(t.app);
    await agent.login(u.email, TEST_PASSWORD);
    agents[name as keyof typeof agents] = agent;
  }
  const van = await ok(
    agents.carrierAdmin.post(`${base('carrier')}/vehicle`, {
      name: 'Carrier van',
      registrationNumber: 'LV1',
    }),
    'vehicle',
  );
  carrierVehicle = van.data.uuid as string;
});
afterAll(() => t.close());

describe('who may open a stream', () => {
  it('answers 401 signed out, 404 to a stranger, 403 to a driver on the admin stream and to an admin on the driver stream', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${base('owner')}/stream` })).statusCode).toBe(401);
    expect((await agents.strangerAdmin.get(`${base('owner')}/stream`)).statusCode).toBe(404);
    expect((await agents.assignedDriver.get(`${base('carrier')}/stream`)).statusCode).toBe(403);
    expect((await agents.ownerAdmin.get('/api/v1/driver/stream')).statusCode).toBe(403);
  });
});

describe('each event reaches only those the policy lets see it', () => {
  it('owner, carrier and assigned driver see the delivery; a stranger company and an unassigned driver see nothing; notes stay with their company', async () => {
    const streams = {
      owner: await adminStream('ownerAdmin', 'owner'),
      carrier: await adminStream('carrierAdmin', 'carrier'),
      stranger: await adminStream('strangerAdmin', 'stranger'),
      driver: await driverStream('assignedDriver'),
      other: await driverStream('otherDriver'),
    };
    for (const s of Object.values(streams)) {
      expect(s.status).toBe(200);
      await s.ready();
    }
    const uuid = await carriedDelivery();
    await ok(
      agents.carrierAdmin.post(`${base('carrier')}/delivery/${uuid}/status`, {
        statusSlug: 'en-route-to-pickup',
      }),
      'move',
    );
    await ok(
      agents.ownerAdmin.post(`${base('owner')}/notes`, {
        noteableType: 'deliveries',
        noteableUuid: uuid,
        message: 'Owner only',
      }),
      'owner note',
    );
    await ok(
      agents.carrierAdmin.post(`${base('carrier')}/notes`, {
        noteableType: 'deliveries',
        noteableUuid: uuid,
        message: 'Carrier only',
      }),
      'carrier note',
    );
    await ok(
      agents.assignedDriver.post(`/api/v1/driver/delivery/${uuid}/status`, { statusSlug: 'at-pickup' }),
      'driver move',
    );

    const last = (s: SseClient) => s.events.some((e) => e.data.status === 'at-pickup');
    await streams.owner.waitFor(last, 'owner: at-pickup');
    await streams.carrier.waitFor(last, 'carrier: at-pickup');
    await streams.driver.waitFor(last, 'driver: at-pickup');
    const mine = (s: SseClient) =>
      s.events
        .filter((e) => e.data.deliveryUuid === uuid)
        .map((e) => `${e.type}:${(e.data.status as string | undefined) ?? ''}`);
    expect(mine(streams.owner)).toEqual([
      // The owner made it: its stream was told (issue 34); the carrier came later.
      'delivery.created:',
      'delivery.status:assigned',
      'delivery.assignment:',
      'delivery.status:en-route-to-pickup',
      'delivery.note:',
      'delivery.status:at-pickup',
    ]);
    expect(mine(streams.carrier)).toEqual([
      'delivery.status:assigned',
      'delivery.assignment:',
      'delivery.status:en-route-to-pickup',
      'delivery.note:',
      'delivery.status:at-pickup',
    ]);
    // The driver drives for the carrier: the carrier's note, not the owner's.
    expect(mine(streams.driver)).toEqual(mine(streams.carrier));
    const noteOf = (s: SseClient) => s.events.find((e) => e.type === 'delivery.note')!.data.noteUuid;
    expect(noteOf(streams.owner)).not.toBe(noteOf(streams.carrier));
    expect(noteOf(streams.driver)).toBe(noteOf(streams.carrier));
    // Every event was offered to every stream before the last one reached the owner.
    expect(streams.stranger.events).toEqual([]);
    expect(streams.other.events.filter((e) => e.data.deliveryUuid === uuid)).toEqual([]);

    // Reassigned to the other driver: the first driver hears it once, then nothing more of this delivery.
    await ok(
      agents.carrierAdmin.post(`${base('carrier')}/delivery/${uuid}/vehicle/driver`, {
        vehicleUuid: carrierVehicle,
        driverUserUuids: [ids.otherDriver],
      }),
      'relink',
    );
    await ok(
      agents.carrierAdmin.post(`${base('carrier')}/delivery/${uuid}/status`, { statusSlug: 'picked-up' }),
      'move 2',
    );
    const pickedUp = (s: SseClient) => s.events.some((e) => e.data.status === 'picked-up');
    await streams.other.waitFor(pickedUp, 'other driver: picked-up');
    await streams.carrier.waitFor(pickedUp, 'carrier: picked-up');
    const lastAssignment = streams.driver.events.filter((e) => e.type === 'delivery.assignment').at(-1)!;
    expect(lastAssignment.data.driverUserUuids).toEqual([ids.otherDriver]);
    expect(pickedUp(streams.driver)).toBe(false);
    expect(mine(streams.other)).toEqual(['delivery.assignment:', 'delivery.status:picked-up']);
    Object.values(streams).forEach((s) => s.close());
  });

  it("puts a driver's availability on their companies' admin streams and on their own stream only", async () => {
    const carrier = await adminStream('carrierAdmin', 'carrier');
    const owner = await adminStream('ownerAdmin', 'owner');
    const me = await driverStream('otherDriver');
    const other = await driverStream('assignedDriver');
    await Promise.all([carrier.ready(), owner.ready(), me.ready(), other.ready()]);
    await ok(agents.otherDriver.post('/api/v1/driver/status', { driverStatusSlug: 'on-break' }), 'status');
    const onBreak = (s: SseClient) =>
      s.events.some((e) => e.type === 'driver.status' && e.data.status === 'on-break');
    await carrier.waitFor(onBreak, 'carrier: driver status');
    await me.waitFor(onBreak, 'driver: own status');
    expect(owner.events.filter((e) => e.type === 'driver.status')).toEqual([]);
    expect(other.events.filter((e) => e.type === 'driver.status')).toEqual([]);
    [carrier, owner, me, other].forEach((s) => s.close());
    await ok(
      agents.otherDriver.post('/api/v1/driver/status', { driverStatusSlug: 'available' }),
      'status back',
    );
  });
});

describe('catching up with Last-Event-ID', () => {
  it('sends what happened while away, once each and in order, by header and by query', async () => {
    const first = await adminStream('carrierAdmin', 'carrier');
    await first.ready();
    const cursor = first.lastEventId!;
    first.close();
    const uuid = await carriedDelivery(); // status assigned + assignment
    await ok(
      agents.carrierAdmin.post(`${base('carrier')}/delivery/${uuid}/status`, {
        statusSlug: 'en-route-to-pickup',
      }),
      'move',
    );

    const byHeader = await SseClient.open(`${url}${base('carrier')}/stream`, {
      ...cookieOf(agents.carrierAdmin),
      'last-event-id': cursor,
    });
    await byHeader.ready();
    const byQuery = await adminStream('carrierAdmin', 'carrier', cursor);
    await byQuery.ready();
    for (const s of [byHeader, byQuery]) {
      const got = s.events.map((e) => `${e.type}:${(e.data.status as string | undefined) ?? ''}`);
      expect(got).toEqual([
        'delivery.status:assigned',
        'delivery.assignment:',
        'delivery.status:en-route-to-pickup',
      ]);
      const numbers = s.events.map((e) => Number(e.id));
      expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
      expect(new Set(numbers).size).toBe(numbers.length);
    }
    // Reconnecting from the ready cursor sends nothing again.
    const again = await adminStream('carrierAdmin', 'carrier', byHeader.lastEventId);
    await again.ready();
    expect(again.events).toEqual([]);
    [byHeader, byQuery, again].forEach((s) => s.close());
  });

  it('catches up an event whose id was taken before one it already has (committed out of order)', async () => {
    const s = await adminStream('carrierAdmin', 'carrier');
    await s.ready();
    // A transaction takes id k and has not committed; a later one takes k+1 and commits first.
    const reserved = (await t.database.db.execute(sql`select nextval('events_id_seq')::text as k`)) as {
      rows: unknown[];
    };
    const k = (reserved.rows[0] as { k: string }).k;
    const audience = { companyId: ids.carrier, driverUserIds: [ids.otherDriver] };
    const at = new Date().toISOString();
    await recordEvents(t.database.db, [
      { type: 'driver.status', data: { driverUserUuid: ids.otherDriver, status: 'offline', at }, audience },
    ]);
    await s.waitFor((c) => c.events.some((e) => e.data.status === 'offline'), 'k+1');
    const cursor = s.lastEventId!;
    expect(cursor).toBe(`${Number(k) + 1}~${k}`);
    s.close();
    // Now k commits, while the client is away.
    await t.database.db.execute(
      sql`insert into events (id, type, owner_company_id, driver_user_ids, payload) values (${Number(k)}, 'driver.status', ${ids.carrier}, array[${ids.otherDriver}]::uuid[], ${JSON.stringify({ driverUserUuid: ids.otherDriver, status: 'unavailable', at })}::jsonb)`,
    );
    const back = await adminStream('carrierAdmin', 'carrier', cursor);
    await back.ready();
    expect(back.events.map((e) => [e.id, e.data.status])).toEqual([[k, 'unavailable']]);
    back.close();
  });

  it('tells a client with a cursor it cannot read to refetch', async () => {
    const s = await adminStream('carrierAdmin', 'carrier', 'not-a-cursor');
    await s.ready();
    expect(s.messages[0]).toMatchObject({
      event: 'stream.reset',
      data: JSON.stringify({ reason: 'unknown-cursor' }),
    });
    s.close();
  });
});

describe('a long-lived stream', () => {
  it('sends a heartbeat comment', async () => {
    const s = await driverStream('assignedDriver');
    await s.waitFor((c) => c.comments.includes('heartbeat'), 'heartbeat', 3_000);
    s.close();
  });

  it('drops a client that stops reading instead of buffering for it, and keeps the one that reads', async () => {
    const slow = await adminStream('carrierAdmin', 'carrier');
    const fast = await adminStream('carrierAdmin', 'carrier');
    await Promise.all([slow.ready(), fast.ready()]);
    slow.pause();
    // Large events straight onto this process's bus (the table is not the point here), until the slow client's
    // socket buffers and then what the server keeps for it are full.
    const bus = t.app.live.hub.bus;
    // Each event as large as the bus carries whole (NOTIFY: under 8,000 bytes), some 24 MB in all.
    const pad = 'x'.repeat(Math.min(48 * 1024, bus.maxPayloadBytes - 600));
    let sent = 0;
    for (let round = 0; round < Math.ceil(24e6 / pad.length); round++) {
      const id = 1_000_000_000 + round;
      const event = {
        id,
        type: 'driver.status' as const,
        deliveryId: null,
        ownerCompanyId: ids.carrier,
        carrierCompanyId: null,
        driverUserIds: [],
        data: { pad },
        at: new Date().toISOString(),
      };
      bus.publish(packEvents([event], bus.maxPayloadBytes));
      sent += 1;
      await fast.waitFor((c) => c.messages.length >= sent + 1, `fast client: ${sent} events`);
    }
    // Reading again, the slow client gets what was in flight, then the end: the server let it go.
    slow.resume();
    await slow.waitFor((c) => c.closed, 'the slow client dropped', 10_000);
    expect(slow.events.length).toBeLessThan(sent);
    expect(fast.closed).toBe(false);
    expect(fast.events.length).toBe(sent);
    fast.close();
  });
});

const natsUp = await reachable('127.0.0.1', 4222);
describe.skipIf(!natsUp)('the NATS bus (EVENT_BUS_URL)', () => {
  it('publishes after commit and delivers to this process’s streams', async () => {
    const subject = `courier.test.${Math.random().toString(36).slice(2)}`;
    const n = await createTestApp({ EVENT_BUS_URL: `nats://127.0.0.1:4222?subject=${subject}` });
    try {
      const natsUrl = await n.app.listen({ host: '127.0.0.1', port: 0 });
      const company = await createCompany(n.database.db);
      const user = await createUser(n.database.db, { company, roles: ['company-admin'] });
      const agent = new Agent(n.app);
      await agent.login(user.email, TEST_PASSWORD);
      const s = await SseClient.open(`${natsUrl}/api/v1/c/${company.slug}/admin/stream`, cookieOf(agent));
      await s.ready();
      await n.database.db.transaction(async (tx) => {
        await recordEvents(tx, [
          {
            type: 'driver.status',
            data: { driverUserUuid: user.id, status: 'offline', at: new Date().toISOString() },
            audience: { companyId: company.id, driverUserIds: [] },
          },
        ]);
        // Not before the commit.
        await new Promise((r) => setTimeout(r, 100));
        expect(s.events).toEqual([]);
      });
      await s.waitFor((c) => c.events.length === 1, 'the event over NATS');
      s.close();
    } finally {
      await n.close();
    }
  });
});
