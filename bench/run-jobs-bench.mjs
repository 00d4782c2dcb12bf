#!/usr/bin/env node
// The job runner (decision 055) on both databases, measured on the built server's modules:
//   - the cost a request pays to send a job in its transaction: a transaction that inserts one row and sends one job,
//     against the strongest honest baseline, the same transaction with a hand-written outbox row instead of the job
//     (one insert of a jsonb row: what a home-made queue would cost at least), and against the row alone;
//   - jobs run per second by one process's workers (concurrency 4): the backlog of those N jobs, drained.
// PGlite runs in a fresh temporary directory; PostgreSQL on DATABASE_URL (default: this machine's `test` database,
// in a fresh database of its own). Exits non-zero when the transaction with a job takes more than
// BENCH_BUDGET_JOB_SEND_RATIO (4) times the one with an outbox row, or the runner runs fewer than
// BENCH_BUDGET_JOBS_PER_S (500) jobs a second.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { reportBudget, root } from './lib.mjs';

const { openDatabase, openPostgres } = await import(join(root, 'apps/server/dist/db/client.js'));
const { JobRunner } = await import(join(root, 'apps/server/dist/db/jobs/job-runner.js'));
const { sql } = await import('drizzle-orm');

const N = Number(process.env.BENCH_JOBS ?? 1000);
const SEND_RATIO_BUDGET = Number(process.env.BENCH_BUDGET_JOB_SEND_RATIO ?? 4);
const RATE_BUDGET = Number(process.env.BENCH_BUDGET_JOBS_PER_S ?? 500);
const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const quiet = { warn: () => undefined, error: (f, m) => console.error(m, f) };

async function measure(database) {
  await database.migrate();
  await database.db.execute(
    sql`create table if not exists bench_rows (id serial primary key, n int not null)`,
  );
  await database.db.execute(sql`create table if not exists bench_outbox (
    id uuid primary key default gen_random_uuid(), name text not null, data jsonb not null,
    state text not null default 'created', created_on timestamptz not null default now())`);
  let done = 0;
  let allRun;
  const all = new Promise((r) => (allRun = r));
  // The workers hold the first batch until the sends are measured, so the sends are timed alone; then the backlog of
  // N jobs they left is drained, timed from the gate's opening to the last run.
  let openGate;
  const gate = new Promise((r) => (openGate = r));
  const runner = new JobRunner(database, { log: quiet, pollingIntervalSeconds: 0.5 });
  runner.define({
    name: 'bench.noop',
    concurrency: 4,
    handle: async () => {
      await gate;
      if (++done === N) allRun();
    },
  });
  await runner.start();
  try {
    // Warm both paths (prepared plans, the queue cache), then alternate them so drift hits both alike.
    for (let i = 0; i < 50; i++) {
      await database.db.transaction((tx) => tx.execute(sql`insert into bench_rows (n) values (${i})`));
    }
    const bare = [];
    const withOutbox = [];
    const withJob = [];
    for (let i = 0; i < N; i++) {
      let t = performance.now();
      await database.db.transaction((tx) => tx.execute(sql`insert into bench_rows (n) values (${i})`));
      bare.push(performance.now() - t);
      t = performance.now();
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into bench_rows (n) values (${i})`);
        await tx.execute(
          sql`insert into bench_outbox (name, data) values ('bench.noop', ${JSON.stringify({ i })})`,
        );
      });
      withOutbox.push(performance.now() - t);
      t = performance.now();
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into bench_rows (n) values (${i})`);
        await runner.send(tx, 'bench.noop', { i });
      });
      withJob.push(performance.now() - t);
    }
    const started = performance.now();
    openGate();
    await all;
    const seconds = (performance.now() - started) / 1000;
    const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    return {
      bareMs: median(bare),
      withOutboxMs: median(withOutbox),
      withJobMs: median(withJob),
      jobsPerS: N / seconds,
    };
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
  `\n${N} transactions of each kind (median), then the backlog of ${N} jobs run by one process (concurrency 4)\n`,
);
console.log(
  'database    | row (ms) | row + outbox row (ms) | row + job (ms) | job ÷ outbox | jobs run per s',
);
console.log(
  '----------- | -------- | --------------------- | -------------- | ------------ | --------------',
);
const failures = [];
for (const [db, r] of results) {
  const ratio = r.withJobMs / r.withOutboxMs;
  console.log(
    `${db.padEnd(11)} | ${r.bareMs.toFixed(3).padStart(8)} | ${r.withOutboxMs.toFixed(3).padStart(21)} | ${r.withJobMs.toFixed(3).padStart(14)} | ${ratio.toFixed(2).padStart(12)} | ${r.jobsPerS.toFixed(0).padStart(14)}`,
  );
  if (ratio > SEND_RATIO_BUDGET)
    failures.push(`${db}: a job costs ${ratio.toFixed(2)}× an outbox row (budget ${SEND_RATIO_BUDGET})`);
  if (r.jobsPerS < RATE_BUDGET)
    failures.push(`${db}: ${r.jobsPerS.toFixed(0)} jobs a second (budget ${RATE_BUDGET})`);
}
reportBudget(
  failures,
  `a transaction with a job at most ${SEND_RATIO_BUDGET}× one with an outbox row, at least ${RATE_BUDGET} jobs a second`,
);
