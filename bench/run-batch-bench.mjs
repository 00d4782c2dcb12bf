#!/usr/bin/env node
// Orders at volume (issue 34): BENCH_BATCH_DELIVERIES (10,000) deliveries created through
// `POST /api/v1/c/{slug}/admin/delivery/batch` in batches of 1,000 (two typed-in stops, one parcel and an external id
// each, sent one batch after the other with an API key), against the baseline measured in the same run: the same rows
// written raw, one multi-row INSERT per table and one transaction per 1,000 deliveries, with values built before the
// clock starts. Prints deliveries/s of both and their ratio; fails when the ratio is under
// BENCH_BUDGET_BATCH_MIN_RATIO (0.3) or a delivery was not made.
//   - PostgreSQL (DATABASE_URL): a fresh database of its own on that server (dropped at the end), the server on it
//     with the demo seed; the raw side is node-postgres in this process on the same database, while the server runs;
//     BENCH_BATCH_ROUNDS (3) rounds of raw then API, the median round's ratio decides.
//   - PGlite (no DATABASE_URL): the server on a fresh data directory; once its batches are made, the server is stopped
//     and this process opens the same directory with the server's own PGlite and writes the raw rows there. One round.
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import pg from 'pg';
import { bearerToken, postJson, reportBudget, root, startServer, waitForServer } from './lib.mjs';
import { backendsCpu, backendsCpuSince, cpuSeconds } from './proc-cpu.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3908);
const BASE = `http://127.0.0.1:${PORT}`;
const SLUG = 'demo-shipper';
const BATCH = 1_000;
const BATCHES = Math.ceil(Number(process.env.BENCH_BATCH_DELIVERIES ?? 10_000) / BATCH);
const TOTAL = BATCHES * BATCH;
/** Batches sent (and written raw) before measuring, so the server's JIT and both sides' plans are warm. */
const WARM = 2;
const ON_PG = Boolean(process.env.DATABASE_URL);
const ROUNDS = ON_PG ? Number(process.env.BENCH_BATCH_ROUNDS ?? 3) : 1;
// Issue 34: batch create at 0.3 of the raw insert or better; the same floor on PGlite, which keeps it with room
// (bench/README.md: its raw side is the slower of its two, many bind parameters through PGlite's client).
const MIN_RATIO = Number(process.env.BENCH_BUDGET_BATCH_MIN_RATIO ?? 0.3);
const run = Date.now().toString(36);
// On PostgreSQL a database of the run's own, so each run starts fresh and leaves nothing behind.
const ADMIN_URL = process.env.DATABASE_URL;
const database = ON_PG ? `courier_bench_batch_${run}` : null;
async function admin(statement) {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}
if (ON_PG) {
  await admin(`CREATE DATABASE ${database}`);
  const u = new URL(ADMIN_URL);
  u.pathname = `/${database}`;
  process.env.DATABASE_URL = u.toString();
}

// ---- the deliveries: the same ones through both paths, their values drawn here --------------------------------

const stop = (kind, n, lat, lng) => ({
  kind,
  address: { line1: `${n} Bench St`, city: 'London', postcode: 'N1 0PQ', countryCode: 'GB', lat, lng },
});
/** The body of delivery `i` of a phase (`tag` keeps external ids apart across phases and runs). */
const body = (tag, i) => ({
  name: `Bench order ${i}`,
  externalId: `${run}-${tag}-${i}`,
  steps: [stop('pickup', i, 51.5362, -0.1033), stop('dropoff', i, 51.5456, -0.0553)],
  parcels: [{ name: 'Box', volumeCm3: 12_000, weightKg: 2.5 }],
});

const CODE = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const code = (n) => Array.from(randomBytes(n), (b) => CODE[b % CODE.length]).join('');

/** `insert into <table> (<columns>) values ($1, …), (…)`: one statement, the rows' values as parameters. */
function insert(table, columns, rows) {
  const params = [];
  const tuples = rows.map((row) => {
    const start = params.length;
    params.push(...row);
    return `(${row.map((_, k) => `$${start + k + 1}`).join(',')})`;
  });
  return [`insert into ${table} (${columns.join(',')}) values ${tuples.join(',')}`, params];
}

/**
 * The statements of one raw batch: the rows the server writes for these deliveries (a delivery, its `created` and
 * `draft` records, two typed-in addresses, two steps, their two tasks, the parcel and its two links, the live
 * event: 13 rows a delivery), with the values the server would have written. The server also offers each event to
 * its consumers (an outbox row, consumed after commit by its job, and a NOTIFY): the baseline leaves those out, as
 * the raw rows' outbox entries would be consumed by the server during the API's phase.
 */
function rawBatch(tag, from, who) {
  const rows = { d: [], r: [], a: [], s: [], t: [], p: [], tp: [], e: [] };
  for (let i = from; i < from + BATCH; i++) {
    const b = body(tag, i);
    const id = randomUUID();
    const [first, last] = b.steps.map((st) => ({
      ...st.address,
      id: randomUUID(),
      step: randomUUID(),
      task: randomUUID(),
    }));
    // 1.3 × the straight line at 25 km/h, as the server's default estimate gives for these two points.
    rows.d.push([
      id,
      who.companyId,
      b.name,
      '',
      'GBP',
      false,
      4524,
      4524,
      651,
      651,
      12_000,
      2.5,
      0,
      code(10),
      b.externalId,
      String(randomInt(0, 1e6)).padStart(6, '0'),
      randomBytes(48).toString('base64url'),
      who.userId,
      who.apiKeyId,
      first.lat,
      first.lng,
    ]);
    rows.r.push(
      [id, 'live', 'created', who.userId, who.apiKeyId],
      [id, 'quote', 'draft', who.userId, who.apiKeyId],
    );
    const parcel = randomUUID();
    rows.p.push([parcel, who.companyId, 'Box', null, 12_000, 2.5, 1, null, null, false, code(12)]);
    for (const [n, st] of [first, last].entries()) {
      rows.a.push([
        st.id,
        null,
        null,
        st.line1,
        null,
        null,
        st.city,
        null,
        st.postcode,
        st.countryCode,
        st.lat,
        st.lng,
        'manual',
        0,
      ]);
      rows.s.push([st.step, id, n + 1, st.id, st.lat, st.lng]);
      rows.t.push([st.task, st.step, n === 0 ? 'pickup' : 'dropoff', 1]);
      rows.tp.push([st.task, parcel]);
    }
    rows.e.push([
      'delivery.created',
      id,
      who.companyId,
      JSON.stringify({ deliveryUuid: id, at: new Date().toISOString() }),
    ]);
  }
  return [
    insert(
      'deliveries',
      [
        'id',
        'owner_company_id',
        'name',
        'description',
        'currency_code',
        'is_scheduled',
        'distance_m',
        'original_distance_m',
        'duration_s',
        'original_duration_s',
        'max_volume_cm3',
        'max_weight_kg',
        'max_parcel_price_minor',
        'tracking_code',
        'external_id',
        'handover_pin',
        'tracking_token',
        'created_by_user_id',
        'created_by_api_key_id',
        'lat',
        'lng',
      ],
      rows.d,
    ),
    insert(
      'delivery_status_records',
      ['delivery_id', 'status_type', 'status_slug', 'created_by_user_id', 'created_by_api_key_id'],
      rows.r,
    ),
    insert(
      'addresses',
      [
        'id',
        'company_id',
        'label',
        'line1',
        'line2',
        'line3',
        'city',
        'county',
        'postcode',
        'country_code',
        'lat',
        'lng',
        'place_status',
        'place_attempts',
      ],
      rows.a,
    ),
    insert('delivery_steps', ['id', 'delivery_id', 'step_order_no', 'address_id', 'lat', 'lng'], rows.s),
    insert('delivery_step_tasks', ['id', 'step_id', 'type_slug', 'task_order_no'], rows.t),
    insert(
      'parcels',
      [
        'id',
        'company_id',
        'name',
        'description',
        'volume_cm3',
        'weight_kg',
        'quantity',
        'value_minor',
        'value_currency_code',
        'is_fragile',
        'tracking_code',
      ],
      rows.p,
    ),
    insert('delivery_step_task_parcels', ['task_id', 'parcel_id'], rows.tp),
    insert('events', ['type', 'delivery_id', 'owner_company_id', 'payload'], rows.e),
  ];
}

/** Writes raw batches, one transaction each; `db.query(text, params)` is node-postgres's or PGlite's. */
async function writeRaw(db, batches) {
  for (const statements of batches) {
    await db.query('begin');
    for (const [text, params] of statements) await db.query(text, params);
    await db.query('commit');
  }
}

// ---- the API side ---------------------------------------------------------------------------------------------

const agent = new Agent({ keepAlive: true });
const post = (path, headers, payload) => postJson(agent, `${BASE}${path}`, payload, headers);

const batchPath = `/api/v1/c/${SLUG}/admin/delivery/batch`;
const apiBatches = (tag, count = BATCHES) =>
  Array.from({ length: count }, (_, b) =>
    JSON.stringify({ deliveries: Array.from({ length: BATCH }, (_, i) => body(tag, b * BATCH + i)) }),
  );

/** Sends the batches one after the other, each answer checked: every delivery made. */
async function sendBatches(key, payloads) {
  for (const payload of payloads) {
    const { status, text } = await post(batchPath, { authorization: `Bearer ${key}` }, payload);
    if (status !== 200) throw new Error(`POST ${batchPath}: ${status} ${text.slice(0, 500)}`);
    const answer = JSON.parse(text).data;
    if (answer.failed > 0)
      throw new Error(
        `a batch refused ${answer.failed} deliveries: ${JSON.stringify(answer.items.find((i) => i.status === 'failed'))}`,
      );
  }
}

// ---- measuring ------------------------------------------------------------------------------------------------

/** Wall time of a phase and the CPU the server, PostgreSQL's backends of the bench's database and this process spent. */
async function timed(server, fn) {
  const before = {
    server: cpuSeconds(server.pid),
    pg: ON_PG ? backendsCpu(database) : null,
    client: process.cpuUsage(),
  };
  const t0 = performance.now();
  await fn();
  const seconds = (performance.now() - t0) / 1000;
  const client = process.cpuUsage(before.client);
  return {
    seconds,
    cpu: {
      server: cpuSeconds(server.pid) - before.server,
      pg: ON_PG ? backendsCpuSince(database, before.pg) : 0,
      client: (client.user + client.system) / 1e6,
    },
  };
}

async function setUp() {
  const admin = await bearerToken(BASE, 'admin@shipper.test', 'demo-password');
  const res = await fetch(`${BASE}/api/v1/c/${SLUG}/admin/api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
    body: JSON.stringify({ name: `Batch bench ${run}`, scopes: ['deliveries:write'], ratePerSecond: 1000 }),
  });
  if (!res.ok) throw new Error(`creating the API key: ${res.status} ${await res.text()}`);
  return (await res.json()).data.secret;
}

/** Who the raw rows are written as: the company, user and API key of a delivery the API made. */
async function authorOf(db, externalId) {
  const { rows } = await db.query(
    `select owner_company_id as "companyId", created_by_user_id as "userId", created_by_api_key_id as "apiKeyId"
       from deliveries where external_id = $1`,
    [externalId],
  );
  if (!rows[0]) throw new Error(`no delivery ${externalId}`);
  return rows[0];
}

/** Waits until the server's event consumers have taken every event offered (not timed: it would run into the next phase). */
async function drained(db) {
  for (const deadline = Date.now() + 120_000; Date.now() < deadline;) {
    const { rows } = await db.query('select count(*)::int as n from event_outbox');
    if (rows[0].n === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the event outbox was not drained within 120 s');
}

async function countMade(db, tag) {
  const { rows } = await db.query(`select count(*)::int as n from deliveries where external_id like $1`, [
    `${run}-${tag}-%`,
  ]);
  return rows[0].n;
}

const dataDir = ON_PG ? null : mkdtempSync(join(tmpdir(), 'courier-bench-batch-'));
const server = startServer({
  port: PORT,
  env: { SEED_DEMO: 'true', ...(dataDir ? { DATA_DIR: dataDir } : {}) },
});
const rounds = [];
const pool = ON_PG
  ? new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1, options: '-c jit=off' })
  : null;
try {
  await waitForServer(BASE);
  const key = await setUp();
  console.log(
    `\nBatch create benchmark: ${TOTAL} deliveries a phase in batches of ${BATCH}, ` +
      `${ON_PG ? `PostgreSQL (${database}), ${ROUNDS} rounds of raw then API` : 'PGlite (embedded), API then raw'}\n`,
  );
  // Warm-up through the API (the server's JIT and plans); then the raw side's own, on its database.
  await sendBatches(key, apiBatches('warm', WARM));
  const rawWarm = (who) => Array.from({ length: WARM }, (_, b) => rawBatch('rawwarm', b * BATCH, who));
  const check = async (db, tag) => {
    const n = await countMade(db, tag);
    if (n !== TOTAL) throw new Error(`${tag}: ${n} deliveries made, not ${TOTAL}`);
  };

  if (ON_PG) {
    const who = await authorOf(pool, `${run}-warm-0`);
    await writeRaw(pool, rawWarm(who));
    await drained(pool);
    for (let r = 0; r < ROUNDS; r++) {
      const raw = Array.from({ length: BATCHES }, (_, b) => rawBatch(`raw${r}`, b * BATCH, who));
      const rawRun = await timed(server, () => writeRaw(pool, raw));
      const payloads = apiBatches(`api${r}`);
      const apiRun = await timed(server, () => sendBatches(key, payloads));
      await check(pool, `raw${r}`);
      await check(pool, `api${r}`);
      await drained(pool);
      rounds.push({ raw: rawRun, api: apiRun });
    }
  } else {
    const payloads = apiBatches('api0');
    const apiRun = await timed(server, () => sendBatches(key, payloads));
    server.kill('SIGTERM');
    await once(server, 'exit');
    // The server's own PGlite, on the directory the server just left (its lock released with it).
    const { PGlite } = await import(
      createRequire(join(root, 'apps/server/package.json')).resolve('@electric-sql/pglite')
    );
    const db = await PGlite.create({ dataDir: join(dataDir, 'pglite') });
    try {
      await check(db, 'api0');
      const who = await authorOf(db, `${run}-warm-0`);
      await writeRaw(db, rawWarm(who));
      const raw = Array.from({ length: BATCHES }, (_, b) => rawBatch('raw0', b * BATCH, who));
      const rawRun = await timed({ pid: process.pid }, () => writeRaw(db, raw));
      await check(db, 'raw0');
      // On PGlite the raw side's database work is this process's: counted as the server's (it is the database's).
      rawRun.cpu.server = rawRun.cpu.client;
      rawRun.cpu.client = 0;
      rounds.push({ raw: rawRun, api: apiRun });
    } finally {
      await db.close();
    }
  }

  const perK = (cpu) => ((cpu * 1000 * 1000) / TOTAL).toFixed(0);
  console.table(
    rounds.flatMap(({ raw, api }, r) =>
      [
        [ON_PG ? 'raw multi-row INSERTs (pg)' : 'raw multi-row INSERTs (PGlite)', raw],
        ['POST …/delivery/batch', api],
      ].map(([path, m]) => ({
        round: r + 1,
        path,
        'deliveries/s': Math.round(TOTAL / m.seconds),
        seconds: m.seconds.toFixed(2),
        'server CPU ms/1k': perK(m.cpu.server),
        ...(ON_PG ? { 'PostgreSQL CPU ms/1k': perK(m.cpu.pg) } : {}),
        'client CPU ms/1k': perK(m.cpu.client),
      })),
    ),
  );
  if (!ON_PG)
    console.log('(PGlite: the raw side\'s "server CPU" is this process, whose PGlite wrote the rows.)');
  const ratios = rounds.map((x) => x.raw.seconds / x.api.seconds);
  // The median round: a burst of a neighbour's load during one phase moves that round's ratio, not the result.
  const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  const ratio = median(ratios);
  console.log(
    `batch create / raw insert per round: ${ratios.map((x) => x.toFixed(3)).join(', ')}; ` +
      `${ROUNDS > 1 ? 'median ' : ''}${ratio.toFixed(3)} (budget >= ${MIN_RATIO})`,
  );
  const failures = [];
  if (ratio < MIN_RATIO)
    failures.push(`batch create at ${ratio.toFixed(3)} of the raw insert is under ${MIN_RATIO}`);
  reportBudget(failures, `batch create >= ${MIN_RATIO} of the raw insert.`);
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await pool?.end();
  if (server.exitCode === null && server.signalCode === null) {
    server.kill('SIGTERM');
    await once(server, 'exit');
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  if (ON_PG) await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
}
