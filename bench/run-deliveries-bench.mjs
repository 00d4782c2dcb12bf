#!/usr/bin/env node
// Deliveries benchmark on PostgreSQL (DATABASE_URL): seeds the large company once (100,000 deliveries with steps
// and parcels; `npm run seed:large`), starts the server against it and measures in one run the bare
// route, the paginated delivery list and the delivery detail at 50 connections, printing requests/s, p99 and the
// ratio to the bare route. Fails when the list's p99 is over its budget (50 ms by default).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { measure, printTable, root, signIn, startServer, waitForServer } from './lib.mjs';

if (!process.env.DATABASE_URL) {
  console.error('The deliveries benchmark runs on PostgreSQL: set DATABASE_URL (a database it may fill).');
  process.exit(2);
}
const PORT = Number(process.env.BENCH_PORT ?? 3902);
const BASE = `http://127.0.0.1:${PORT}`;
const load = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  duration: Number(process.env.BENCH_DURATION ?? 10),
};
const BUDGET_LIST_P99_MS = Number(process.env.BENCH_BUDGET_LIST_P99_MS ?? 50);
const BUDGET_UNCACHED_P99_MS = Number(process.env.BENCH_BUDGET_UNCACHED_P99_MS ?? 400);
const COUNT = Number(process.env.BENCH_DELIVERIES ?? 100_000);

execFileSync(process.execPath, [join(root, 'apps/server/dist/cli/seed-large.js'), `--deliveries=${COUNT}`], {
  stdio: 'inherit',
});
const server = startServer({
  port: PORT,
  env: { SEED_DEMO: 'false', DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE ?? '20' },
});

try {
  await waitForServer(BASE);
  const session = await signIn(BASE, 'admin@large.test', 'demo-password');
  const headers = { cookie: session };
  const base = '/api/v1/c/large-shipper/admin/delivery';
  const page = await (await fetch(`${BASE}${base}?per_page=25`, { headers })).json();
  const detailUuid = page.data[12].uuid;
  console.log(
    `\nDeliveries benchmark: ${page.meta.total.toLocaleString('en-GB')} deliveries, ${load.connections} connections, ${load.duration} s per route\n`,
  );
  await measure(BASE, 'warm-up', `${base}?per_page=25`, { ...load, duration: 3, headers });
  const bare = await measure(BASE, 'bare route', '/api/v1/health/live', load);
  const list = await measure(BASE, 'GET delivery list (page 1, 25 per page)', `${base}?per_page=25`, {
    ...load,
    headers,
  });
  const filtered = await measure(
    BASE,
    'GET delivery list (status filter, page 3)',
    `${base}?status=completed&page=3&per_page=25`,
    { ...load, headers },
  );
  // Every request a page not read before (20..30 per page × pages 1..100 × both orders: 2,200 distinct pages, more
  // than one run asks for), so each is built from the database and none comes from the page cache.
  let n = 0;
  const uncached = await measure(
    BASE,
    'GET delivery list (a new page every request)',
    `${base}?per_page=25`,
    {
      ...load,
      headers,
      setupRequest: (req) => {
        const i = n++;
        const perPage = 20 + (i % 11);
        const pageNo = 1 + (Math.floor(i / 11) % 100);
        const order = Math.floor(i / 1100) % 2 ? 'asc' : 'desc';
        return { ...req, path: `${base}?per_page=${perPage}&page=${pageNo}&order=${order}` };
      },
    },
  );
  const detail = await measure(BASE, 'GET delivery detail', `${base}/${detailUuid}`, { ...load, headers });
  printTable(bare, [list, filtered, uncached, detail]);
  if (uncached.p99 > BUDGET_UNCACHED_P99_MS) {
    console.error(
      `\nBudget missed: a list page built from the database has a p99 of ${uncached.p99} ms, over ${BUDGET_UNCACHED_P99_MS} ms.`,
    );
    process.exitCode = 1;
  }
  const worst = Math.max(list.p99, filtered.p99);
  if (worst > BUDGET_LIST_P99_MS) {
    console.error(`\nBudget missed: the delivery list's p99 is ${worst} ms, over ${BUDGET_LIST_P99_MS} ms.`);
    process.exitCode = 1;
  } else {
    console.log(`\nWithin budget: the delivery list's p99 is ${worst} ms (budget ${BUDGET_LIST_P99_MS} ms).`);
  }
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  server.kill('SIGTERM');
}
