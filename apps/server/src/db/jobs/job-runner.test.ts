import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../client.js';
import { rowsOf } from '../executed-rows.js';
import { openTestDatabase } from '../../test/test-app.js';
import { JobRunner, type JobDefinition, type JobRunnerOptions } from './job-runner.js';

const quiet = { warn: () => undefined, error: () => undefined };

/** A runner over the test database with the given queues, started. */
async function runnerWith(
  database: Database,
  definitions: JobDefinition<{ n?: number }>[],
  extra: Partial<JobRunnerOptions> = {},
) {
  const runner = new JobRunner(database, { log: quiet, pollingIntervalSeconds: 0.5, ...extra });
  for (const d of definitions) runner.define(d);
  await runner.start();
  return runner;
}

/** Resolves when `check` holds, checking after each job run (a test waits on the work, never on a clock). */
function until(check: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const tick = () => {
      if (check()) return resolve();
      if (Date.now() - started > timeoutMs) return reject(new Error(`Timed out waiting for ${what}`));
      setTimeout(tick, 10);
    };
    tick();
  });
}

describe('the job runner (decision 055)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('runs a job sent in a transaction once it commits, and never one whose transaction rolled back', async () => {
    const seen: number[] = [];
    const runner = await runnerWith(database, [
      { name: 'test.commit', handle: ({ n }) => Promise.resolve(void seen.push(n ?? -1)) },
    ]);
    try {
      await database.db.transaction(async (tx) => {
        await runner.send(tx, 'test.commit', { n: 1 });
      });
      await expect(
        database.db.transaction(async (tx) => {
          await runner.send(tx, 'test.commit', { n: 2 });
          throw new Error('the request failed');
        }),
      ).rejects.toThrow('the request failed');
      await runner.send(database.db, 'test.commit', { n: 3 });
      await runner.idle(['test.commit']);
      expect(seen.sort()).toEqual([1, 3]);
      const counts = await runner.counts();
      expect(counts).toEqual([
        { queue: 'test.commit', waiting: 0, running: 0, retrying: 0, dead: 0, oldestWaitingSeconds: null },
      ]);
      // The health check and a scrape share counts read within their age; without one, counts are read afresh.
      const read = runner.counts();
      expect(runner.counts({ maxAgeMs: 60_000 })).toBe(read);
      const fresh = runner.counts();
      expect(fresh).not.toBe(read);
      expect(runner.counts({ maxAgeMs: 60_000 })).toBe(fresh);
      await Promise.all([read, fresh]);
    } finally {
      await runner.stop();
    }
  });

  it('retries a failing job, keeps it dead after its last try, and runs it again when an admin retries it', async () => {
    let tries = 0;
    let healthy = false;
    const runner = await runnerWith(database, [
      {
        name: 'test.flaky',
        retryLimit: 2,
        retryDelaySeconds: 1,
        retryDelayMaxSeconds: 1,
        handle: () => {
          tries += 1;
          return healthy
            ? Promise.resolve()
            : Promise.reject(new Error(`the outside service is down (try ${tries})`));
        },
      },
    ]);
    try {
      const id = await runner.send(database.db, 'test.flaky', {});
      await until(() => tries === 3, 'three tries');
      let dead = await runner.deadJobs('test.flaky');
      for (let i = 0; dead.length === 0 && i < 500; i++) {
        await new Promise((r) => setTimeout(r, 10));
        dead = await runner.deadJobs('test.flaky');
      }
      expect(dead).toHaveLength(1);
      expect(dead[0]).toMatchObject({ id, queue: 'test.flaky', retryCount: 2 });
      expect(dead[0]?.error).toContain('the outside service is down (try 3)');
      expect((await runner.counts())[0]).toMatchObject({ dead: 1, waiting: 0, running: 0 });

      healthy = true;
      expect(await runner.retry('test.flaky', id!)).toBe(true);
      await until(() => tries === 4, 'the admin’s retry');
      await runner.idle(['test.flaky']);
      expect(await runner.deadJobs('test.flaky')).toEqual([]);
      expect(await runner.retry('test.flaky', id!)).toBe(false);
    } finally {
      await runner.stop();
    }
  });

  it('keeps one waiting job per singleton key', async () => {
    const runner = new JobRunner(database, { log: quiet, pollingIntervalSeconds: 0.5 });
    runner.define({ name: 'test.single', policy: 'short', handle: () => Promise.resolve() });
    // The three sends share one transaction, so no worker can take the first before the second is tried.
    await runner.start();
    try {
      const ids = await database.db.transaction(async (tx) => [
        await runner.send(tx, 'test.single', {}, { singletonKey: 'company-1' }),
        await runner.send(tx, 'test.single', {}, { singletonKey: 'company-1' }),
        await runner.send(tx, 'test.single', {}, { singletonKey: 'company-2' }),
      ]);
      expect(ids[0]).toEqual(expect.any(String));
      expect(ids[1]).toBeNull();
      expect(ids[2]).toEqual(expect.any(String));
      await runner.idle(['test.single']);
    } finally {
      await runner.stop();
    }
  });

  it('lets a running job finish when it stops', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let started = false;
    let finished = false;
    const runner = await runnerWith(database, [
      {
        name: 'test.slow',
        handle: async () => {
          started = true;
          await gate;
          finished = true;
        },
      },
    ]);
    await runner.send(database.db, 'test.slow', {});
    await until(() => started, 'the job to start');
    const stopping = runner.stop();
    setTimeout(release, 50);
    await stopping;
    expect(finished).toBe(true);
    const rows = rowsOf<{ state: string }>(
      await database.db.execute(sql`select state::text from pgboss.job where name = 'test.slow'`),
    );
    expect(rows.map((r) => r.state)).toEqual(['completed']);
  });

  // Two runners are two pg-boss instances with pools of their own, as two server processes have: each minute's
  // occurrence is sent once and run once, though both look at the schedule every second. PostgreSQL only (the
  // embedded database belongs to one process); it waits for one minute's occurrence (up to a minute).
  it.skipIf(inject('testDb').kind !== 'postgres')(
    'runs a scheduled job once per period however many runners look at the schedule',
    async () => {
      const runs: string[] = [];
      const tick = (who: string): JobDefinition => ({
        name: 'test.tick',
        cron: '* * * * *',
        policy: 'stately',
        handle: () => Promise.resolve(void runs.push(who)),
      });
      const a = await runnerWith(database, [tick('a')], { cronCheckSeconds: 1 });
      const b = await runnerWith(database, [tick('b')], { cronCheckSeconds: 1 });
      try {
        await until(() => runs.length > 0, 'the first occurrence', 75_000);
        // Both runners look at the schedule again (every second) before the count is read.
        await new Promise((r) => setTimeout(r, 3_000));
        const rows = rowsOf<{ minute: string; n: number }>(
          await database.db.execute(
            sql`select date_trunc('minute', created_on)::text as minute, count(*)::int as n
                from pgboss.job where name = 'test.tick' group by 1`,
          ),
        );
        expect(rows.every((r) => r.n === 1)).toBe(true);
        expect(runs.length).toBe(rows.length);
      } finally {
        await a.stop();
        await b.stop();
      }
    },
    120_000,
  );

  // A process killed while a job of it runs: on PGlite the next start takes the job back (the data directory is one
  // process's, so a running job at start is a dead run's); on PostgreSQL another process does once the job's
  // heartbeat stops (30 s, looked for every second here). Either way the job runs to its end once more, once.
  it('runs once more, once, a job whose process died while running it', async () => {
    let firstStarted = false;
    const runs: string[] = [];
    const crashing = await runnerWith(database, [
      {
        name: 'test.orphan',
        handle: () => {
          firstStarted = true;
          return new Promise<void>(() => undefined); // the process dies before this ends
        },
      },
    ]);
    await crashing.send(database.db, 'test.orphan', { n: 7 });
    await until(() => firstStarted, 'the first run to start');
    await crashing.stop({ abandon: true });

    const next = await runnerWith(
      database,
      [{ name: 'test.orphan', handle: ({ n }) => Promise.resolve(void runs.push(`run ${n}`)) }],
      { superviseSeconds: 1 },
    );
    try {
      await until(() => runs.length > 0, 'the job to run again', 75_000);
      await next.idle(['test.orphan']);
      expect(runs).toEqual(['run 7']);
      const rows = rowsOf<{ state: string; retry_count: number }>(
        await database.db.execute(
          sql`select state::text, retry_count from pgboss.job where name = 'test.orphan'`,
        ),
      );
      expect(rows).toEqual([{ state: 'completed', retry_count: 1 }]);
    } finally {
      await next.stop();
    }
  }, 120_000);

  it('refuses a job it does not know', async () => {
    const runner = new JobRunner(database, { log: quiet });
    await expect(runner.send(database.db, 'test.unknown', {})).rejects.toThrow('No job named test.unknown');
  });
});
