#!/usr/bin/env node
// Live stream benchmark (decision 023), on PostgreSQL:
//   1. NOTIFY's ceiling: events a second through one PostgreSQL, each written to the events table and NOTIFY'd in
//      its transaction as the server does, one event per transaction and 20 per transaction, received by one
//      listener.
//   2. Fan-out: two built server processes on one fresh database, BENCH_LIVE_SUBSCRIBERS (1,000) SSE subscribers
//      split across them, one event (a note) posted through process A, BENCH_LIVE_EVENTS (5) times: the time from
//      the post to each subscriber's receipt (p50, p95, max), and the memory an idle subscriber costs a process.
// It fails when the p95 is over BENCH_BUDGET_LIVE_P95_MS (100) or a subscriber misses an event. Without a
// PostgreSQL (DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres) it says so and skips.
import { Worker } from 'node:worker_threads';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { bearerToken, reportBudget, signIn, startServer, waitForServer } from './lib.mjs';

const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SUBSCRIBERS = Number(process.env.BENCH_LIVE_SUBSCRIBERS ?? 1_000);
const EVENTS = Number(process.env.BENCH_LIVE_EVENTS ?? 5);
const BUDGET_P95_MS = Number(process.env.BENCH_BUDGET_LIVE_P95_MS ?? 100);
const NOTIFY_SECONDS = Number(process.env.BENCH_NOTIFY_SECONDS ?? 5);
const NOTIFY_WRITERS = Number(process.env.BENCH_NOTIFY_WRITERS ?? 8);
const PORTS = [Number(process.env.BENCH_PORT ?? 3911), Number(process.env.BENCH_PORT ?? 3911) + 1];
const SLUG = 'demo-shipper';
/** Opening a stream is rate limited per session (60 a minute per process): several sessions share the load. */
const STREAMS_PER_SESSION = 25;
/** Threads reading the subscribers' sockets. */
const WORKERS = Number(process.env.BENCH_LIVE_WORKERS ?? 2);

const withName = (url, name) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const rssKiB = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function admin(sql) {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    return await c.query(sql);
  } finally {
    await c.end();
  }
}

/** NOTIFY's ceiling: W writers, each committing `perTx` events (insert + NOTIFY) per transaction, for S seconds. */
async function notifyCeiling(url, perTx) {
  const listener = new pg.Client({ connectionString: url });
  await listener.connect();
  await listener.query('LISTEN bench_events');
  let received = 0;
  listener.on('notification', (m) => (received += JSON.parse(m.payload).length));
  const writers = await Promise.all(
    Array.from({ length: NOTIFY_WRITERS }, async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      return c;
    }),
  );
  const company = '00000000-0000-4000-8000-000000000001';
  const data = JSON.stringify({
    deliveryUuid: '00000000-0000-4000-8000-000000000002',
    status: 'picked-up',
    at: new Date().toISOString(),
  });
  let committed = 0;
  const until = Date.now() + NOTIFY_SECONDS * 1_000;
  const started = Date.now();
  await Promise.all(
    writers.map(async (c) => {
      while (Date.now() < until) {
        await c.query('BEGIN');
        const { rows } = await c.query(
          `insert into events (type, delivery_id, owner_company_id, payload)
           select 'delivery.status', $2::uuid, $1::uuid, $3::jsonb from generate_series(1, $4)
           returning id, created_at`,
          [company, '00000000-0000-4000-8000-000000000002', data, perTx],
        );
        const payload = JSON.stringify(
          rows.map((r) => ({
            e: { id: Number(r.id), type: 'delivery.status', data: JSON.parse(data), at: r.created_at },
          })),
        );
        await c.query('select pg_notify($1, $2)', ['bench_events', payload]);
        await c.query('COMMIT');
        committed += perTx;
      }
    }),
  );
  const seconds = (Date.now() - started) / 1_000;
  await sleep(500); // the last notifications
  await Promise.all([...writers, listener].map((c) => c.end()));
  return { perTx, committed, received, perSecond: Math.round(received / seconds) };
}

/** A write as the driver app and integrations send it: a Bearer token, no CSRF token needed. */
async function post(base, token, path, body) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()).data;
}

const dbName = `courier_bench_live_${randomBytes(4).toString('hex')}`;
const dataDir = mkdtempSync(join(tmpdir(), 'courier-bench-live-'));
const servers = [];
const workers = [];
try {
  try {
    await admin(`CREATE DATABASE ${dbName}`);
  } catch (err) {
    console.log(`Live benchmark skipped: no PostgreSQL at ${ADMIN_URL} (${err.message}).`);
    process.exit(0);
  }
  const url = withName(ADMIN_URL, dbName);
  const env = (name, seed) => ({
    DATABASE_URL: url,
    DATABASE_POOL_SIZE: '10',
    DATA_DIR: join(dataDir, name),
    WEB_DIST_DIR: dataDir,
    SEED_DEMO: seed,
    LOGIN_RATE_LIMIT_MAX: '10000',
    LOGIN_ADDRESS_RATE_LIMIT_MAX: '100000',
  });
  // A first, alone: it migrates and seeds.
  servers.push(startServer({ port: PORTS[0], env: env('a', 'true') }));
  await waitForServer(`http://127.0.0.1:${PORTS[0]}`);
  servers.push(startServer({ port: PORTS[1], env: env('b', 'false') }));
  await waitForServer(`http://127.0.0.1:${PORTS[1]}`);
  const [baseA, baseB] = PORTS.map((p) => `http://127.0.0.1:${p}`);

  console.log(
    `\nNOTIFY ceiling: ${NOTIFY_WRITERS} writers, ${NOTIFY_SECONDS} s each, insert + NOTIFY per transaction`,
  );
  const ceilings = [];
  for (const perTx of [1, 20]) ceilings.push(await notifyCeiling(url, perTx));
  console.table(
    ceilings.map((c) => ({
      'events per transaction': c.perTx,
      'events committed': c.committed,
      'events received': c.received,
      'events/s': c.perSecond,
    })),
  );

  console.log(`\nFan-out: ${SUBSCRIBERS} subscribers over 2 processes, ${EVENTS} events posted through A`);
  const writer = await bearerToken(baseA, 'admin@shipper.test', 'demo-password');
  const stop = (kind, line1, lat, lng) => ({
    kind,
    address: { line1, city: 'London', postcode: 'E1 6AN', countryCode: 'GB', lat, lng },
  });
  const delivery = await post(baseA, writer, `/api/v1/c/${SLUG}/admin/delivery/create-delivery`, {
    name: 'Live fan-out',
    steps: [stop('pickup', '1 Bench Street', 51.52, -0.07), stop('dropoff', '2 Bench Street', 51.5, -0.1)],
  });

  const sessions = [];
  for (let i = 0; i < Math.ceil(SUBSCRIBERS / 2 / STREAMS_PER_SESSION); i++)
    sessions.push(await signIn(baseA, 'admin@shipper.test', 'demo-password'));
  const streams = Array.from({ length: SUBSCRIBERS }, (_, i) => ({
    url: `${i % 2 === 0 ? baseA : baseB}/api/v1/c/${SLUG}/admin/stream`,
    cookie: sessions[Math.floor(i / 2 / STREAMS_PER_SESSION)],
  }));
  const receipts = new Map(); // note uuid -> absolute receive times
  const waiting = [];
  for (let w = 0; w < WORKERS; w++) {
    const worker = new Worker(new URL('./live-subscribers.mjs', import.meta.url));
    worker.on('message', (m) => {
      if (m.kind === 'ready') waiting.shift()?.();
      else if (m.kind === 'receipt') receipts.set(m.note, [...(receipts.get(m.note) ?? []), m.at]);
    });
    workers.push(worker);
  }
  const open = async (list) => {
    for (let w = 0; w < WORKERS; w++) {
      const ready = new Promise((resolve) => waiting.push(resolve));
      workers[w].postMessage({ kind: 'open', streams: list.filter((_, i) => i % WORKERS === w) });
      await ready;
    }
  };
  // A first tenth warms each process up (code paths, buffers); memory is compared from there to all subscribers.
  const first = Math.round(SUBSCRIBERS / 10 / 2) * 2;
  await open(streams.slice(0, first));
  await sleep(2_000);
  const rssWarm = servers.map((s) => rssKiB(s.pid));
  await open(streams.slice(first));
  await sleep(2_000);
  const rssAfter = servers.map((s) => rssKiB(s.pid));
  const perSubscriberKiB = rssAfter.map((after, i) => (after - rssWarm[i]) / ((SUBSCRIBERS - first) / 2));

  const latencies = [];
  let missed = 0;
  for (let n = 0; n < EVENTS; n++) {
    const t0 = performance.timeOrigin + performance.now();
    const note = await post(baseA, writer, `/api/v1/c/${SLUG}/admin/notes`, {
      noteableType: 'deliveries',
      noteableUuid: delivery.uuid,
      message: `Fan-out ${n}`,
    });
    const posted = performance.timeOrigin + performance.now() - t0;
    const deadline = Date.now() + 5_000;
    while ((receipts.get(note.uuid)?.length ?? 0) < SUBSCRIBERS && Date.now() < deadline) await sleep(5);
    const got = receipts.get(note.uuid) ?? [];
    missed += SUBSCRIBERS - got.length;
    latencies.push(...got.map((t) => t - t0));
    if (process.env.BENCH_LIVE_DEBUG)
      console.log(
        `event ${n}: post answered in ${posted.toFixed(1)} ms, first receipt ${(Math.min(...got) - t0).toFixed(1)} ms, last ${(Math.max(...got) - t0).toFixed(1)} ms`,
      );
    await sleep(300);
  }
  latencies.sort((x, y) => x - y);
  const p50 = quantile(latencies, 0.5);
  const p95 = quantile(latencies, 0.95);
  const max = latencies.at(-1);
  console.table([
    {
      subscribers: SUBSCRIBERS,
      events: EVENTS,
      receipts: latencies.length,
      missed,
      'p50 ms': p50.toFixed(1),
      'p95 ms': p95.toFixed(1),
      'max ms': max.toFixed(1),
    },
  ]);
  console.table(
    servers.map((s, i) => ({
      process: i === 0 ? 'A' : 'B',
      [`RSS with ${first / 2} subscribers MiB`]: (rssWarm[i] / 1024).toFixed(1),
      [`RSS with ${SUBSCRIBERS / 2} subscribers MiB`]: (rssAfter[i] / 1024).toFixed(1),
      'KiB per idle subscriber': perSubscriberKiB[i].toFixed(1),
    })),
  );
  const failures = [];
  if (missed > 0) failures.push(`${missed} receipts missing`);
  if (p95 > BUDGET_P95_MS)
    failures.push(`post-to-receive p95 ${p95.toFixed(1)} ms is over ${BUDGET_P95_MS} ms`);
  reportBudget(failures, `every subscriber got every event, p95 <= ${BUDGET_P95_MS} ms.`);
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  for (const w of workers) w.postMessage({ kind: 'close' });
  await sleep(200);
  for (const w of workers) await w.terminate();
  for (const s of servers) s.kill('SIGTERM');
  await sleep(1_000);
  await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
}
