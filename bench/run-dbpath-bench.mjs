#!/usr/bin/env node
// The deliveries' database path against PostgreSQL itself (DATABASE_URL, a database it may fill): seeds the large
// company (100,000 deliveries, `seed:large`), then measures in one run
//  1. a delivery-list page built from the database (a new page every request) against pgbench running the same
//     statements prepared (bench/sql/delivery-list-{desc,asc}.sql: the caller statement and the page);
//  2. the delivery detail against pgbench of its statements (bench/sql/delivery-detail.sql);
//  3. a page's cost in PostgreSQL at page 1 (offset) and at page 3,000 (by cursor, decision 043), and by offset for
//     contrast. The SQL files are the server's own statements (deliveries/bench-statements.ts; a test checks them).
// Fails when a ratio is under its budget or the deep page costs more than BENCH_DEEP_PAGE_MAX (2) times page 1.
import { execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { backendsCpu, backendsCpuSince, cpuSeconds, waitedChildrenCpuSeconds } from './proc-cpu.mjs';
import {
  measure,
  printTable,
  reportBudget,
  root,
  signIn,
  startLargeCompanyServer,
  waitForServer,
} from './lib.mjs';

const URL_ = process.env.DATABASE_URL;
if (!URL_) {
  console.error('The database-path benchmark runs on PostgreSQL: set DATABASE_URL (a database it may fill).');
  process.exit(2);
}
const PORT = Number(process.env.BENCH_PORT ?? 3903);
const BASE = `http://127.0.0.1:${PORT}`;
const load = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  duration: Number(process.env.BENCH_DURATION ?? 10),
};
const BUDGET_LIST = Number(process.env.BENCH_BUDGET_LIST_RATIO ?? 0.7);
const BUDGET_DETAIL = Number(process.env.BENCH_BUDGET_DETAIL_RATIO ?? 0.4);
const DEEP_PAGE_MAX = Number(process.env.BENCH_DEEP_PAGE_MAX ?? 2);
const DEEP_PAGE = 3000;
const sqlFile = (name) => join(root, 'bench/sql', name);
const DATABASE = new URL(URL_).pathname.slice(1);
// None by default, as pgbench compresses nothing; a browser's ('gzip, deflate, br, zstd') measures the compressed path.
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? '';
const psql = (query) => execFileSync('psql', [URL_, '-XAtc', query], { encoding: 'utf8' }).trim();

/**
 * One pgbench run of prepared statements; answers transactions/s, the average latency (ms) and the CPU per
 * transaction of PostgreSQL and of pgbench. pgbench's backends exit with it, so their CPU is sampled while it runs
 * (every 100 ms; the last tenth of a second of a 5 s run is missed, under 2 %).
 */
async function pgbench(files, vars, { clients = load.connections, seconds = load.duration } = {}) {
  const before = backendsCpu(DATABASE);
  const clientBefore = waitedChildrenCpuSeconds();
  const seen = new Map(before);
  const sample = setInterval(() => {
    for (const [pid, cpu] of backendsCpu(DATABASE)) seen.set(pid, cpu);
  }, 100);
  const out = await new Promise((resolveRun, reject) => {
    const child = spawn(
      'pgbench',
      [
        '-n',
        '-M',
        'prepared',
        '-c',
        String(clients),
        '-j',
        '2',
        '-T',
        String(seconds),
        ...files.flatMap((f) => ['-f', sqlFile(f)]),
        ...Object.entries(vars).flatMap(([k, v]) => ['-D', `${k}=${v}`]),
        URL_,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let text = '';
    child.stdout.on('data', (chunk) => (text += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      // Reaped by now, so its CPU is counted in this process's children's times.
      const cpu = waitedChildrenCpuSeconds() - clientBefore;
      if (code === 0) resolveRun({ text, cpu });
      else reject(new Error(`pgbench exited with ${code}:\n${text}`));
    });
  }).finally(() => clearInterval(sample));
  const tps = Number(/tps = ([\d.]+)/.exec(out.text)?.[1]);
  const latency = Number(/latency average = ([\d.]+) ms/.exec(out.text)?.[1]);
  const done = Number(/number of transactions actually processed: (\d+)/.exec(out.text)?.[1]);
  if (!tps || !latency || !done) throw new Error(`pgbench answered no rate:\n${out.text}`);
  let pg = 0;
  for (const [pid, cpu] of seen) pg += cpu - (before.get(pid) ?? 0);
  return {
    tps,
    latency,
    cpuMs: { server: 0, pg: (pg * 1000) / done, client: (out.cpu * 1000) / done },
  };
}

/**
 * An autocannon run with the CPU it cost per request: the server's process, our database's PostgreSQL backends and
 * this process (autocannon).
 */
async function measured(title, path, options) {
  const before = { server: cpuSeconds(server.pid), pg: backendsCpu(DATABASE), client: process.cpuUsage() };
  const run = await measure(BASE, title, path, options);
  const client = process.cpuUsage(before.client);
  const perRequest = (seconds) => (seconds * 1000) / run.requests;
  return {
    ...run,
    cpuMs: {
      server: perRequest(cpuSeconds(server.pid) - before.server),
      pg: perRequest(backendsCpuSince(DATABASE, before.pg)),
      client: perRequest((client.user + client.system) / 1e6),
    },
  };
}

const cpuColumns = ({ cpuMs }) => ({
  'CPU ms/req: server': cpuMs.server.toFixed(2),
  PostgreSQL: cpuMs.pg.toFixed(2),
  client: cpuMs.client.toFixed(2),
});

const server = startLargeCompanyServer({ port: PORT, deliveries: 100_000 });

try {
  await waitForServer(BASE);
  const headers = {
    cookie: await signIn(BASE, 'admin@large.test', 'demo-password'),
    ...(ACCEPT_ENCODING ? { 'accept-encoding': ACCEPT_ENCODING } : {}),
  };
  const base = '/api/v1/c/large-shipper/admin/delivery';
  const first = await (await fetch(`${BASE}${base}?per_page=25`, { headers })).json();
  const detailUuid = first.data[12].uuid;
  const companyId = psql("select id from companies where slug = 'large-shipper'");
  // The session the server reads on each request: pgbench reads the same one.
  const tokenHash = psql(
    "select s.token_hash from auth_sessions s join users u on u.id = s.user_id where u.email = 'admin@large.test' order by s.last_used_at desc nulls last limit 1",
  );
  const caller = { tokenHash, companySlug: 'large-shipper', now: new Date().toISOString(), companyId };
  console.log(
    `\nDatabase-path benchmark: ${first.meta.total.toLocaleString('en-GB')} deliveries, ${load.connections} connections, ${load.duration} s a run, Accept-Encoding: ${ACCEPT_ENCODING || 'none'}\n`,
  );

  // Warm-up of both measured paths, so the server's JIT is warm when they are measured (pgbench needs none): new
  // pages of 31..40 rows, which the measured run (20..30) never asks, so none of them is a page-cache hit there.
  let w = 0;
  await measure(BASE, 'warm-up', `${base}?per_page=25`, {
    ...load,
    duration: 3,
    headers,
    setupRequest: (req) => {
      const i = w++;
      return { ...req, path: `${base}?per_page=${31 + (i % 10)}&page=${1 + (Math.floor(i / 10) % 100)}` };
    },
  });
  await measure(BASE, 'warm-up', `${base}/${detailUuid}`, { ...load, duration: 2, headers });
  const bare = await measure(BASE, 'bare route', '/api/v1/health/live', load);
  // As run-deliveries-bench.mjs: 20..30 per page × pages 1..100 × both orders, so no request hits the page cache.
  let n = 0;
  const list = await measured('GET delivery list (a new page every request)', `${base}?per_page=25`, {
    ...load,
    headers,
    setupRequest: (req) => {
      const i = n++;
      const order = Math.floor(i / 1100) % 2 ? 'asc' : 'desc';
      return {
        ...req,
        path: `${base}?per_page=${20 + (i % 11)}&page=${1 + (Math.floor(i / 11) % 100)}&order=${order}`,
      };
    },
  });
  const listPg = await pgbench(['delivery-list-desc.sql', 'delivery-list-asc.sql'], caller);
  const detail = await measured('GET delivery detail', `${base}/${detailUuid}`, { ...load, headers });
  const detailPg = await pgbench(['delivery-detail.sql'], { ...caller, deliveryId: detailUuid });
  printTable(bare, [list, detail]);

  // Page cost in PostgreSQL, one client at a time: page 1, page 3,000 by cursor (as the server reads it after
  // `meta.next_cursor` of page 2,999) and page 3,000 by offset.
  const before = await (await fetch(`${BASE}${base}?per_page=25&page=${DEEP_PAGE - 1}`, { headers })).json();
  const [, , afterKey, afterId] = JSON.parse(
    Buffer.from(before.meta.next_cursor, 'base64url').toString('utf8'),
  );
  const deepAnswer = await (
    await fetch(`${BASE}${base}?per_page=25&page=${DEEP_PAGE}&cursor=${before.meta.next_cursor}`, { headers })
  ).json();
  const offsetAnswer = await (
    await fetch(`${BASE}${base}?per_page=25&page=${DEEP_PAGE}`, { headers })
  ).json();
  if (
    JSON.stringify(deepAnswer.data.map((d) => d.uuid)) !==
    JSON.stringify(offsetAnswer.data.map((d) => d.uuid))
  )
    throw new Error(`page ${DEEP_PAGE} by cursor differs from page ${DEEP_PAGE} by offset`);
  const few = { clients: 2, seconds: Math.max(3, Math.round(load.duration / 2)) };
  const page = { companyId, perPage: 25 };
  const page1 = await pgbench(['delivery-list-offset.sql'], { ...page, upTo: 25, offset: 0 }, few);
  const deep = await pgbench(
    ['delivery-list-after.sql'],
    { ...page, upTo: 25, offset: 0, afterKey, afterId },
    few,
  );
  const deepOffset = await pgbench(
    ['delivery-list-offset.sql'],
    { ...page, upTo: DEEP_PAGE * 25, offset: (DEEP_PAGE - 1) * 25 },
    few,
  );

  const listRatio = list.rps / listPg.tps;
  const detailRatio = detail.rps / detailPg.tps;
  const deepRatio = deep.latency / page1.latency;
  console.table([
    {
      measure: 'list page from the DB',
      'server req/s': Math.round(list.rps),
      'pgbench tps': Math.round(listPg.tps),
      ratio: listRatio.toFixed(3),
      budget: `>= ${BUDGET_LIST}`,
    },
    {
      measure: 'delivery detail',
      'server req/s': Math.round(detail.rps),
      'pgbench tps': Math.round(detailPg.tps),
      ratio: detailRatio.toFixed(3),
      budget: `>= ${BUDGET_DETAIL}`,
    },
  ]);
  console.log('CPU per request (server) and per transaction (pgbench), in ms, from /proc:');
  console.table([
    { run: 'list page, server', ...cpuColumns(list) },
    { run: 'list page, pgbench', ...cpuColumns(listPg) },
    { run: 'detail, server', ...cpuColumns(detail) },
    { run: 'detail, pgbench', ...cpuColumns(detailPg) },
  ]);
  console.table([
    { page: '1 (offset)', 'latency ms': page1.latency },
    {
      page: `${DEEP_PAGE} (cursor)`,
      'latency ms': deep.latency,
      'to page 1': deepRatio.toFixed(2),
      budget: `<= ${DEEP_PAGE_MAX}`,
    },
    {
      page: `${DEEP_PAGE} (offset, for contrast)`,
      'latency ms': deepOffset.latency,
      'to page 1': (deepOffset.latency / page1.latency).toFixed(2),
    },
  ]);
  const failures = [];
  if (listRatio < BUDGET_LIST)
    failures.push(`list page from the DB / pgbench is ${listRatio.toFixed(3)}, under ${BUDGET_LIST}`);
  if (detailRatio < BUDGET_DETAIL)
    failures.push(`detail / pgbench is ${detailRatio.toFixed(3)}, under ${BUDGET_DETAIL}`);
  if (deepRatio > DEEP_PAGE_MAX)
    failures.push(
      `page ${DEEP_PAGE} by cursor costs ${deepRatio.toFixed(2)}× page 1, over ${DEEP_PAGE_MAX}×`,
    );
  reportBudget(failures, 'the database path is within its budgets');
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  server.kill('SIGTERM');
}
