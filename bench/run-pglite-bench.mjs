#!/usr/bin/env node
// The embedded database's footprint (issue 15), measured on the built server started as `npm run serve` starts it:
//   1. a first start on an empty directory, which migrates and seeds the demo data (in a child process, decision
//      040): time to the first answer, and the server's resident memory once it answers;
//   2. a restart on that seeded directory: time from spawn to the first answer, and its memory.
// Exits non-zero when the memory after the seed or the restart time misses its budget.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { reportBudget, residentMb, SERVE_NODE_ARGS, startServer } from './lib.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3905);
const BASE = `http://127.0.0.1:${PORT}`;
const BUDGET_RSS_MB = Number(process.env.BENCH_BUDGET_PGLITE_RSS_MB ?? 300);
const BUDGET_START_MS = Number(process.env.BENCH_BUDGET_PGLITE_START_MS ?? 2000);
const RESTARTS = Number(process.env.BENCH_PGLITE_RESTARTS ?? 3);

async function firstAnswer(started) {
  for (;;) {
    try {
      if ((await fetch(`${BASE}/api/v1/health`)).ok) return Date.now() - started;
    } catch {
      /* not listening yet */
    }
    if (Date.now() - started > 120_000) throw new Error('the server did not answer within 120 s');
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function run(dataDir) {
  const started = Date.now();
  const server = startServer({ port: PORT, env: { DATA_DIR: dataDir, SEED_DEMO: 'true' } });
  try {
    const ms = await firstAnswer(started);
    // Let the start-up's garbage be collected as it would be on a server that waits for its first users.
    await new Promise((r) => setTimeout(r, 3000));
    return { ms, rss: residentMb(server.pid) };
  } finally {
    server.kill('SIGTERM');
    await once(server, 'exit');
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'courier-bench-pglite-'));
try {
  console.log(`\nEmbedded database footprint (node ${SERVE_NODE_ARGS.join(' ')})\n`);
  const first = await run(dataDir);
  console.log(
    `first start (migrate + demo seed): first answer after ${first.ms} ms, ${first.rss} MB resident`,
  );
  const restarts = [];
  for (let i = 0; i < RESTARTS; i++) restarts.push(await run(dataDir));
  for (const r of restarts)
    console.log(`restart on the seeded directory: first answer after ${r.ms} ms, ${r.rss} MB resident`);
  const bestStart = Math.min(...restarts.map((r) => r.ms));
  const failures = [];
  if (first.rss > BUDGET_RSS_MB)
    failures.push(
      `${first.rss} MB resident after a fresh demo seed is over the budget of ${BUDGET_RSS_MB} MB`,
    );
  if (bestStart > BUDGET_START_MS)
    failures.push(
      `a restart took ${bestStart} ms to its first answer, over the budget of ${BUDGET_START_MS} ms`,
    );
  reportBudget(
    failures,
    `<= ${BUDGET_RSS_MB} MB after the seed, first answer of a restart < ${BUDGET_START_MS} ms (best of ${RESTARTS}).`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
