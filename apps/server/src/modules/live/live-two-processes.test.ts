import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { testDropoff, testPickup } from '../../test/delivery-fixture.js';
import { databaseUrlWithName } from '../../test/pg-names.js';
import {
  post,
  reachable,
  signIn,
  startServer,
  stopServer,
  type ServerProcess,
} from '../../test/server-process.js';
import { SseClient } from '../../test/sse-client.js';

// An event written through process A reaches a stream connected to process B: over PostgreSQL's LISTEN/NOTIFY, and
// over NATS (EVENT_BUS_URL). PGlite belongs to one process, so the PGlite run skips this file; the NATS part skips
// when no NATS server answers on 127.0.0.1:4222.

const testDb = inject('testDb');
const natsUp = await reachable('127.0.0.1', 4222);
const SLUG = 'demo-shipper';

const modes = [
  { bus: 'PostgreSQL LISTEN/NOTIFY', env: {} as Record<string, string>, skip: testDb.kind !== 'postgres' },
  {
    bus: 'NATS',
    env: { EVENT_BUS_URL: `nats://127.0.0.1:4222?subject=courier.test.${randomBytes(4).toString('hex')}` },
    skip: testDb.kind !== 'postgres' || !natsUp,
  },
];

describe.each(modes)('the live stream across two server processes over $bus', ({ env, skip }) => {
  const adminUrl = testDb.kind === 'postgres' ? testDb.url : '';
  const dbName = `courier_live_proc_${randomBytes(5).toString('hex')}`;
  let dataDir = '';
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;

  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    if (skip) return;
    dataDir = mkdtempSync(join(tmpdir(), 'courier-live-proc-'));
    await admin(`CREATE DATABASE ${dbName}`);
    const common = (name: string) => ({
      ...env,
      DATABASE_URL: databaseUrlWithName(adminUrl, dbName),
      DATABASE_POOL_SIZE: '3',
      DATA_DIR: join(dataDir, name),
      WEB_DIST_DIR: dataDir,
    });
    a = await startServer('A', { ...common('a'), SEED_DEMO: 'true' });
    b = await startServer('B', { ...common('b'), SEED_DEMO: 'false' });
  }, 180_000);

  afterAll(async () => {
    await Promise.all([stopServer(a), stopServer(b)]);
    if (skip) return;
    await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it.skipIf(skip)(
    'delivers an event written through A to a stream on B, and only to its audience',
    async () => {
      const shipper = await signIn(a!, 'admin@shipper.test', 'demo-password');
      const courier = await signIn(a!, 'admin@courier.test', 'demo-password');
      const onB = await SseClient.open(`${b!.url}/api/v1/c/${SLUG}/admin/stream`, { cookie: shipper });
      const strangerOnB = await SseClient.open(`${b!.url}/api/v1/c/demo-courier/admin/stream`, {
        cookie: courier,
      });
      expect(onB.status).toBe(200);
      await Promise.all([onB.ready(), strangerOnB.ready()]);

      const base = `/api/v1/c/${SLUG}/admin`;
      const created = await post(a!, shipper, `${base}/delivery/create-delivery`, {
        name: 'Live across processes',
        steps: [testPickup, testDropoff],
      });
      expect(created.status).toBe(201);
      const uuid = created.json.data.uuid as string;
      const started = Date.now();
      const note = await post(a!, shipper, `${base}/notes`, {
        noteableType: 'deliveries',
        noteableUuid: uuid,
        message: 'Seen on B',
      });
      expect(note.status).toBe(201);
      await onB.waitFor(
        (c) => c.events.some((e) => e.type === 'delivery.note' && e.data.deliveryUuid === uuid),
        'the note on B',
      );
      expect(Date.now() - started).toBeLessThan(2_000);
      // The courier company does not carry this delivery: nothing of it reaches its admins.
      expect(strangerOnB.events.filter((e) => e.data.deliveryUuid === uuid)).toEqual([]);

      // B's cursor catches up on A: the same events, none twice.
      const cursor = onB.lastEventId!;
      onB.close();
      await post(a!, shipper, `${base}/notes`, {
        noteableType: 'deliveries',
        noteableUuid: uuid,
        message: 'While away',
      });
      const onA = await SseClient.open(`${a!.url}${base}/stream?lastEventId=${encodeURIComponent(cursor)}`, {
        cookie: shipper,
      });
      await onA.ready();
      expect(onA.events.map((e) => e.type)).toEqual(['delivery.note']);
      onA.close();
      strangerOnB.close();
    },
    60_000,
  );

  it.skipIf(skip)(
    "updates a recipient's tracking stream on B when the delivery moves through A",
    async () => {
      const shipper = await signIn(a!, 'admin@shipper.test', 'demo-password');
      const base = `/api/v1/c/${SLUG}/admin`;
      const created = await post(a!, shipper, `${base}/delivery/create-delivery`, {
        name: 'Tracked across processes',
        steps: [testPickup, testDropoff],
      });
      const token = created.json.data.trackingToken as string;
      const onB = await SseClient.open(`${b!.url}/api/v1/track/${token}/stream`);
      expect(onB.status).toBe(200);
      const statuses = (c: SseClient) =>
        c.messages
          .filter((m) => m.event === 'tracking')
          .map((m) => (JSON.parse(m.data) as { status: string }).status);
      await onB.waitFor((c) => statuses(c).length === 1, 'the first snapshot');
      const cancelled = await post(
        a!,
        shipper,
        `${base}/delivery/${created.json.data.uuid as string}/status`,
        {
          statusSlug: 'cancelled',
          cancelTypeSlug: 'shipper-request',
        },
      );
      expect(cancelled.status).toBe(200);
      await onB.waitFor((c) => c.closed, 'the last snapshot, then the end');
      expect(statuses(onB)).toEqual(['created', 'cancelled']);
    },
    60_000,
  );
});
