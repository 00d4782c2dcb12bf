#!/usr/bin/env node
// The job runner (decision 055) on both databases, measured on the built server's modules:
//   - the cost a request pays to send a job in its transaction: a transaction that inserts one row and sends one job,
//     against the same transaction that inserts the row alone (the baseline: the request's own write);
//   - jobs run per second by one process's workers (concurrency 4): a backlog of N jobs, committed at once, drained.
// PGlite runs in a fresh temporary directory; PostgreSQL on DATABASE_URL (default: this machine's `test` database,
// in a fresh database of its own). Exits non-zero when a send costs more than BENCH_BUDGET_JOB_SEND_RATIO (3) times
// the bare transaction, or the runner runs fewer than BENCH_BUDGET_JOBS_PER_S (50) jobs a second.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { reportBudget, root } from './lib.mjs';

const { openDatabase, openPostgres } = await import(join(root, 'apps/server/dist/db/client.js'));
const { JobRunner } = await import(join(root, 'apps/server/dist/db/jobs/job-runner.js'));
const { sql } = await import('drizzle-orm');

const N = Number(process.env.BENCH_JOBS ?? 1000);
const SEND_RATIO_BUDGET = Number(process.env.BENCH_BUDGET_JOB_SEND_RATIO ?? 3);
const RATE_BUDGET = Number(process.env.BENCH_BUDGET_JOBS_PER_S ?? 50);
const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const quiet = { warn: () => undefined, error: (f, m) => console.error(m, f) };

async function measure(database) {
  await database.migrate();
  await database.db.execute(
    sql`create table if not exists bench_rows (id serial primary key, n int not null)`,
  );
  let done = 0;
  let resolveAll;
  const all = new Promise((r) => (resolveAll = r));
  const runner = new JobRunner(database, { log: quiet, pollingIntervalSeconds: 0.5 });
  runner.define({
    name: 'bench.noop',
    concurrency: 4,
    handle: async () => {
      if (++done === N) resolveAll();
    },
  });
  await runner.start();
  try {
    // Warm both paths (prepared plans, the queue cache), then alternate them so drift hits both alike.
    for (let i = 0; i < 50; i++) {
      await database.db.transaction((tx) => tx.execute(sql`insert into bench_rows (n) values (${i})`));
    }
    const bare = [];
    const withJob = [];
    for (let i = 0; i < N; i++) {
      let t = performance.now();
      await database.db.transaction((tx) => tx.execute(sql`insert into bench_rows (n) values (${i})`));
      bare.push(performance.now() - t);
      t = performance.now();
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into bench_rows (n) values (${i})`);
        await runner.send(tx, 'bench.noop', { i });
      });
      withJob.push(performance.now() - t);
    }
    // The sends above ran as they came; now a backlog: N more in one transaction, timed from its commit to the last run.
    await all;
    done = 0;
    const backlog = new Promise((r) => (resolveAll = r));
    await database.db.transaction(async (tx) => {
      for (let i = 0; i < N; i++) await runner.send(tx, 'bench.noop', { i });
    });
    const started = performance.now();
    await backlog;
    const seconds = (performance.now() - started) / 1000;
    const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    return { bareMs: median(bare), withJobMs: median(withJob), jobsPerS: N / seconds };
  } finally {
    await runner.stop();
    await database.close();
  }
}

const results = [];
const dir = mkdtempSync(join(tmpdir(), 'courier-jobs-bench-'));
try {
  results.push([
    'PGlite',
    await measure(await openDatabase({ kind: 'pglite', dataDir: join(dir, 'pglite') })),
  ]);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const name = `courier_jobs_bench_${process.pid}`;
const admin = new pg.Client({ connectionString: PG_URL });
await admin.connect();
await admin.query(`create database ${name}`);
try {
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  results.push(['PostgreSQL', await measure(openPostgres(url.toString(), 10))]);
} finally {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}

console.log(
  `\n${N} jobs each sent in a transaction with one row (median), then a backlog of ${N} run by one process (concurrency 4)\n`,
);
console.log('database    | tx with a row (ms) | + a job (ms) | ratio | jobs run per s');
console.log('----------- | ------------------ | ------------ | ----- | --------------');
const failures = [];
for (const [db, r] of results) {
  const ratio = r.withJobMs / r.bareMs;
  console.log(
    `${db.padEnd(11)} | ${r.bareMs.toFixed(3).padStart(18)} | ${r.withJobMs.toFixed(3).padStart(12)} | ${ratio.toFixed(2).padStart(5)} | ${r.jobsPerS.toFixed(0).padStart(14)}`,
  );
  if (ratio > SEND_RATIO_BUDGET)
    failures.push(
      `${db}: a send costs ${ratio.toFixed(2)}× the bare transaction (budget ${SEND_RATIO_BUDGET})`,
    );
  if (r.jobsPerS < RATE_BUDGET)
    failures.push(`${db}: ${r.jobsPerS.toFixed(0)} jobs a second (budget ${RATE_BUDGET})`);
}
reportBudget(
  failures,
  `a send at most ${SEND_RATIO_BUDGET}× the bare transaction, at least ${RATE_BUDGET} jobs a second`,
);
