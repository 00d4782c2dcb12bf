import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, openPostgres, type Database } from './db/client.js';
import { OWNER_LOCK_SPACE } from './plugins/idempotency.owner.js';
import { DEMO_PASSWORD } from './seed/demo.seed.js';
import { testDropoff, testPickup } from './test/delivery-fixture.js';
import { databaseUrlWithName } from './test/pg-names.js';
import { post, signIn, startServer, stopServer, type ServerProcess } from './test/server-process.js';

declare module 'vitest' {
  export interface ProvidedContext {
    crashEnv: Record<string, string>;
  }
}

// The Idempotency-Key crash suite (decision 057): clients send keyed writes (notes, new deliveries, fleets: a
// transaction of the route's own, several tables, one statement) to a real server process, which is killed with
// SIGKILL once half of them were answered. Every write not answered is then sent again with its key: on PGlite
// through the same server started again, on PostgreSQL through a second process that ran all along. Every write
// must be there exactly once, the answered ones with the answer their client got, and no retry may be told to wait
// (409): a claim of the dead process is taken over at once, or answers 410 when its write was made.
// IDEMPOTENCY_CRASH_WRITES sets the number of writes (default 1,000; about 40 s of writing on two cores).

const testDb = inject('testDb');
const WRITES = Number(inject('crashEnv')?.IDEMPOTENCY_CRASH_WRITES || 1000);
const CLIENTS = 16;
const SLUG = 'demo-shipper';
const BASE = `/api/v1/c/${SLUG}/admin`;

interface Write {
  name: string;
  kind: 'note' | 'delivery' | 'fleet';
  path: string;
  body: unknown;
}
/** How a write ended: answered by the first server, or sent again (with the retry's status). */
interface Outcome {
  acked?: { status: number; uuid: string };
  retry?: { status: number; replayed: boolean; uuid?: string };
}

function writesFor(run: string, noteOn: string): Write[] {
  return Array.from({ length: WRITES }, (_, i): Write => {
    const name = `idem ${run} ${i}`;
    if (i % 8 === 3)
      return {
        name,
        kind: 'delivery',
        path: `${BASE}/delivery/create-delivery`,
        body: { name, steps: [testPickup, testDropoff] },
      };
    if (i % 8 === 5) return { name, kind: 'fleet', path: `${BASE}/fleet`, body: { name } };
    return {
      name,
      kind: 'note',
      path: `${BASE}/notes`,
      body: { noteableType: 'deliveries', noteableUuid: noteOn, message: name },
    };
  });
}

/**
 * Sends `writes` from CLIENTS clients at once, each with its own key, and kills `victim` with SIGKILL as soon as half
 * were answered. Answers which writes were answered; the others were cut off or never sent.
 */
async function sendUntilKilled(victim: ServerProcess, cookie: string, writes: Write[], outcomes: Outcome[]) {
  let next = 0;
  let answered = 0;
  const unexpected: string[] = [];
  const exited = new Promise((r) => victim.child.once('exit', r));
  const client = async () => {
    while (next < writes.length) {
      const i = next++;
      const w = writes[i]!;
      try {
        const res = await post(victim, cookie, w.path, w.body, { 'Idempotency-Key': w.name });
        if (res.status !== 201) unexpected.push(`${w.name}: ${res.status} ${JSON.stringify(res.json)}`);
        outcomes[i] = { acked: { status: res.status, uuid: String(res.json.data.uuid) } };
        if (++answered === Math.floor(writes.length / 2)) victim.child.kill('SIGKILL');
      } catch {
        return; // the connection was cut: the server is gone
      }
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  await exited;
  return { unexpected, cutOff: next - answered };
}

/** Sends again, with its key, every write that had no answer; every answer is recorded. */
async function retryUnanswered(to: ServerProcess, cookie: string, writes: Write[], outcomes: Outcome[]) {
  const todo = writes.flatMap((w, i) => (outcomes[i]?.acked ? [] : [i]));
  let next = 0;
  const client = async () => {
    while (next < todo.length) {
      const i = todo[next++]!;
      const w = writes[i]!;
      const res = await post(to, cookie, w.path, w.body, { 'Idempotency-Key': w.name });
      const uuid = res.status === 201 ? String(res.json.data.uuid) : undefined;
      outcomes[i] = { retry: { status: res.status, replayed: res.replayed, ...(uuid ? { uuid } : {}) } };
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  return todo.length;
}

async function rowsOf<T>(store: Database, query: SQL): Promise<T[]> {
  const result: unknown = await store.db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** What the database holds of the run's writes: each name with the uuids of its rows. */
async function written(store: Database, run: string) {
  const like = `idem ${run} %`;
  const rows = await rowsOf<{ name: string; uuid: string }>(
    store,
    sql`
      select message as name, id::text as uuid from notes where message like ${like}
      union all select name, id::text from deliveries where name like ${like}
      union all select name, id::text from fleets where name like ${like}`,
  );
  const byName = new Map<string, string[]>();
  for (const r of rows) byName.set(r.name, [...(byName.get(r.name) ?? []), r.uuid]);
  return byName;
}

/** The checks of the issue: every write once, answered ones as answered, no retry told to wait. */
function check(writes: Write[], outcomes: Outcome[], byName: Map<string, string[]>) {
  const tally = { acked: 0, ran: 0, replayed: 0, lost: 0 };
  const wrong: string[] = [];
  writes.forEach((w, i) => {
    const o = outcomes[i];
    const rows = byName.get(w.name) ?? [];
    if (rows.length !== 1) wrong.push(`${w.name} (${w.kind}): ${rows.length} rows`);
    if (o?.acked) {
      tally.acked++;
      if (rows[0] !== o.acked.uuid) wrong.push(`${w.name}: answered ${o.acked.uuid}, holds ${rows.join()}`);
    } else if (o?.retry?.status === 201) {
      tally[o.retry.replayed ? 'replayed' : 'ran']++;
      if (rows[0] !== o.retry.uuid)
        wrong.push(`${w.name}: retry answered ${o.retry.uuid}, holds ${rows.join()}`);
    } else if (o?.retry?.status === 410) tally.lost++;
    else wrong.push(`${w.name}: retry answered ${o?.retry?.status ?? 'nothing'}`);
  });
  return { tally, wrong };
}

const dataDir = mkdtempSync(join(tmpdir(), 'courier-crash-keys-'));
const dbName = `courier_crash_keys_${randomBytes(5).toString('hex')}`;
const dbUrl = testDb.kind === 'postgres' ? databaseUrlWithName(testDb.url, dbName) : '';
const env = (name: string, seed: boolean) => ({
  DATA_DIR: dbUrl ? join(dataDir, name) : dataDir,
  SEED_DEMO: String(seed),
  WEB_DIST_DIR: '',
  RATE_LIMIT_MAX: '1000000',
  ...(dbUrl ? { DATABASE_URL: dbUrl, DATABASE_POOL_SIZE: '4' } : {}),
});

async function admin(query: string) {
  const client = new pg.Client({ connectionString: testDb.kind === 'postgres' ? testDb.url : '' });
  await client.connect();
  await client.query(query).finally(() => client.end());
}

const servers: (ServerProcess | undefined)[] = [];
afterAll(async () => {
  await Promise.all(servers.map(stopServer));
  if (dbUrl) await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

async function setUp(server: ServerProcess) {
  const cookie = await signIn(server, 'admin@shipper.test', DEMO_PASSWORD);
  const target = await post(server, cookie, `${BASE}/delivery/create-delivery`, {
    name: 'idem notes',
    steps: [testPickup, testDropoff],
  });
  expect(target.status).toBe(201);
  return { cookie, noteOn: String(target.json.data.uuid) };
}

function report(kind: string, o: { cutOff: number; retried: number; tally: Record<string, number> }) {
  if (!inject('crashEnv')?.CRASH_REPORT) return;
  console.info(
    `Idempotency-Key crash suite (${kind}): ${WRITES} keyed writes, ${o.tally.acked} answered before the kill, ` +
      `${o.cutOff} cut off by it, ${o.retried} sent again: ${o.tally.ran} made then, ` +
      `${o.tally.replayed} answered from the key, ${o.tally.lost} made before the kill with their answer lost`,
  );
}

describe(`Idempotency-Key across kill -9 (${testDb.kind})`, () => {
  it.skipIf(testDb.kind !== 'pglite')(
    'PGlite, one process: every write exactly once after a kill, a restart and the retries',
    async () => {
      const first = await startServer('keys-0', env('a', true));
      servers.push(first);
      const { cookie, noteOn } = await setUp(first);
      const writes = writesFor('pglite', noteOn);
      const outcomes: Outcome[] = [];
      const { unexpected, cutOff } = await sendUntilKilled(first, cookie, writes, outcomes);
      // Started again on the same data at once; the session made before the kill still works.
      const again = await startServer('keys-1', env('a', false));
      servers.push(again);
      const retried = await retryUnanswered(again, cookie, writes, outcomes);
      await stopServer(again);
      const store = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
      const byName = await written(store, 'pglite').finally(() => store.close());
      const { tally, wrong } = check(writes, outcomes, byName);
      report('PGlite', { cutOff, retried, tally });
      expect(unexpected).toEqual([]);
      expect(wrong).toEqual([]);
      expect(cutOff).toBeGreaterThan(0);
    },
    600_000,
  );

  it.skipIf(testDb.kind !== 'postgres')(
    'PostgreSQL, two processes: every write exactly once after one is killed and the other takes the retries',
    async () => {
      await admin(`CREATE DATABASE ${dbName}`);
      const a = await startServer('keys-a', env('a', true));
      const b = await startServer('keys-b', env('b', false));
      servers.push(a, b);
      const { cookie, noteOn } = await setUp(a);
      const writes = writesFor('postgres', noteOn);
      const outcomes: Outcome[] = [];
      const store = openPostgres(dbUrl, 1);
      try {
        const owners = sql`
          select objid::text as owner from pg_locks
          where locktype = 'advisory' and objsubid = 2 and classid = ${OWNER_LOCK_SPACE}::oid
            and database = (select oid from pg_database where datname = current_database())`;
        const { unexpected, cutOff } = await sendUntilKilled(a, cookie, writes, outcomes);
        // PostgreSQL ends the dead process's sessions (and lets its lock go) once it sees their sockets closed; B
        // is asked only then, as a client's retry would reach it after that moment.
        const dead = new Set((await rowsOf<{ owner: string }>(store, owners)).map((r) => r.owner));
        while ((await rowsOf<{ owner: string }>(store, owners)).some((r) => dead.has(r.owner)))
          await new Promise((r) => setTimeout(r, 20));
        const retried = await retryUnanswered(b, cookie, writes, outcomes);
        const { tally, wrong } = check(writes, outcomes, await written(store, 'postgres'));
        report('PostgreSQL, two processes', { cutOff, retried, tally });
        expect(unexpected).toEqual([]);
        expect(wrong).toEqual([]);
        expect(cutOff).toBeGreaterThan(0);
      } finally {
        await store.close();
      }
    },
    600_000,
  );
});
