import { sql, type SQL } from 'drizzle-orm';
import { PgBoss, fromDrizzle, type Job, type JobResult } from 'pg-boss';
import type { Database, DbOrTx } from '../client.js';
import { rowsOf } from '../executed-rows.js';
import { jobsBossOptions, JOBS_SCHEMA } from './jobs-schema.js';

/** One kind of work done after a request (decision 055): a queue, its retry policy and the function that does it. */
export interface JobDefinition<T extends object = object> {
  /** Queue name: `domain.verb-noun` (letters, digits, dots, dashes). */
  name: string;
  handle(data: T, job: { id: string; retryCount: number; signal: AbortSignal }): Promise<void>;
  /** Tries after the first before the job is dead (kept, failed, retried by an admin); default 5. */
  retryLimit?: number;
  /** Seconds before the first retry, doubled (with jitter) each time up to `retryDelayMaxSeconds`; default 10. */
  retryDelaySeconds?: number;
  retryDelayMaxSeconds?: number;
  /** A running job not finished after this long is taken as crashed and retried; default 300. */
  expireInSeconds?: number;
  /**
   * Jobs of this queue one process runs at once; default 4 (a scheduled job: 1). They are fetched together and run
   * together; while each fetch comes back full the next follows at once, so a backlog drains without polling.
   */
  concurrency?: number;
  /**
   * pg-boss's queue policy: `standard` (default), `short` (at most one waiting job per singleton key), `stately`
   * (at most one waiting and one running per key: a sweep never piles up behind a slow one).
   */
  policy?: 'standard' | 'short' | 'stately';
  /**
   * A cron expression (five fields, UTC): the job is sent once per period however many processes run, and run by
   * one of them. Scheduled jobs carry no data.
   */
  cron?: string;
  /** `wakeJob(tx, name)` sends this job (with no data) after the transaction commits; needs a short or stately policy. */
  wakeable?: boolean;
}

/** Seconds without a heartbeat after which a running job is taken as its process's, dead (pg-boss's minimum is 10). */
const HEARTBEAT_SECONDS = 30;

/** The channel a transaction wakes a queue on (`wakeJob`); every process's runner listens to it. */
const WAKE_CHANNEL = 'courier_jobs_wake';

/**
 * Wakes a `wakeable` queue once the caller's transaction commits (never if it rolls back): each process's runner
 * hears it and sends the queue's job, which its policy keeps to one waiting. For work whose rows the transaction
 * wrote (an outbox drained by the job), from code that has a transaction but no runner (decision 055).
 */
export async function wakeJob(tx: DbOrTx, queue: string): Promise<void> {
  await tx.execute(sql`select ${wakeJobSql(queue)}`);
}

/** `wakeJob` as an expression, for a statement that does more (one round trip). */
export function wakeJobSql(queue: string): SQL {
  return sql`pg_notify(${WAKE_CHANNEL}, ${queue})`;
}

export interface SendOptions {
  /** At most one job of this key waits in the queue at a time; a second send is dropped (answers null). */
  singletonKey?: string;
  /** Run no earlier than this. */
  startAfter?: Date;
}

export type QueueState = 'waiting' | 'running' | 'retrying' | 'dead';
export type QueueCounts = Record<QueueState, number> & { queue: string; oldestWaitingSeconds: number | null };

export interface DeadJob {
  id: string;
  queue: string;
  retryCount: number;
  error: string;
  createdAt: Date;
  failedAt: Date | null;
}

export interface JobRunnerOptions {
  /** Seconds between a worker's polls when no notification wakes it (jobs sent elsewhere, retries). */
  pollingIntervalSeconds?: number;
  /** Seconds a graceful stop waits for running jobs before leaving them to expire and be retried. */
  stopTimeoutSeconds?: number;
  /** Seconds between two looks at the schedules (pg-boss's default: 30); tests look every second. */
  cronCheckSeconds?: number;
  /** Seconds between two looks for jobs whose process stopped sending heartbeats (default 60); tests: 1. */
  superviseSeconds?: number;
  log: { warn(fields: object, message: string): void; error(fields: object, message: string): void };
}

/**
 * The process's job runner (decision 055): pg-boss on the same database as the data, so a job sent in a request's
 * transaction exists exactly when the request's change does. Modules define their queues; `start` creates them,
 * arms their schedules and starts their workers; `stop` lets running jobs finish.
 */
export class JobRunner {
  private readonly boss: PgBoss;
  private readonly definitions = new Map<string, JobDefinition>();
  private started = false;
  private readonly listeners: { close(): Promise<void> }[] = [];
  /** The last counts read, with when: `counts({ maxAgeMs })` answers them again while they are that fresh. */
  private recentCounts: { at: number; counts: Promise<QueueCounts[]> } | null = null;
  /** Wake-ups being sent: a stop waits for them, `idle` too. */
  private readonly waking = new Set<Promise<unknown>>();

  constructor(
    private readonly database: Database,
    private readonly opts: JobRunnerOptions,
  ) {
    this.boss = new PgBoss({
      ...jobsBossOptions(database),
      // Workers of a queue with `notify` wake when a job commits; polling stays as the floor.
      useListenNotify: true,
      // The schema is installed by `database.migrate()`; a start never changes it.
      migrate: false,
      createSchema: false,
      persistWarnings: false,
      ...(opts.superviseSeconds ? { superviseIntervalSeconds: opts.superviseSeconds } : {}),
      ...(opts.cronCheckSeconds
        ? {
            cronMonitorIntervalSeconds: opts.cronCheckSeconds,
            cronWorkerIntervalSeconds: opts.cronCheckSeconds,
          }
        : {}),
    });
    this.boss.on('error', (err) => opts.log.error({ err }, 'job runner'));
    this.boss.on('warning', (warning) => opts.log.warn({ warning }, 'job runner warning'));
  }

  define<T extends object>(definition: JobDefinition<T>): void {
    if (this.started) throw new Error(`Job ${definition.name} defined after the runner started.`);
    if (this.definitions.has(definition.name)) throw new Error(`Job ${definition.name} is defined twice.`);
    this.definitions.set(definition.name, definition);
  }

  get queueNames(): string[] {
    return [...this.definitions.keys()];
  }

  async start(): Promise<void> {
    await this.boss.start();
    this.started = true;
    // One read of the queues and schedules; a queue or schedule is written only when new or changed, so a restart
    // costs two statements and the workers.
    if (this.database.kind === 'pglite') await this.takeBackOrphans();
    const queues = new Map((await this.boss.getQueues(this.queueNames)).map((q) => [q.name, q]));
    const schedules = new Map((await this.boss.getSchedules()).map((s) => [s.name, s.cron]));
    for (const d of this.definitions.values()) {
      const retryDelay = d.retryDelaySeconds ?? 10;
      const options = {
        retryLimit: d.retryLimit ?? 5,
        retryDelay,
        // Backoff doubles the delay; a delay of 0 (tests) retries at once.
        ...(retryDelay > 0 ? { retryBackoff: true, retryDelayMax: d.retryDelayMaxSeconds ?? 3_600 } : {}),
        expireInSeconds: d.expireInSeconds ?? 300,
        // A running job's worker says it is alive every 15 s: a job whose process died (kill -9, a lost machine) is
        // tried again a heartbeat after, not at its expiry.
        heartbeatSeconds: HEARTBEAT_SECONDS,
        notify: true,
      };
      const policy = d.policy ?? 'standard';
      const queue = queues.get(d.name);
      if (!queue)
        // Two processes starting at once both find no queue: the second's create fails, and it updates instead.
        await this.boss
          .createQueue(d.name, { ...options, policy })
          .catch(() => this.boss.updateQueue(d.name, options));
      else if (
        queue.retryLimit !== options.retryLimit ||
        queue.retryDelay !== options.retryDelay ||
        Boolean(queue.retryBackoff) !== Boolean(options.retryBackoff) ||
        (queue.retryDelayMax ?? undefined) !== options.retryDelayMax ||
        queue.expireInSeconds !== options.expireInSeconds ||
        queue.heartbeatSeconds !== options.heartbeatSeconds ||
        !queue.notify
      )
        await this.boss.updateQueue(d.name, options);
      if (d.cron && schedules.get(d.name) !== d.cron)
        await this.boss.schedule(d.name, d.cron, null, { tz: 'UTC' });
      else if (!d.cron && schedules.has(d.name)) await this.boss.unschedule(d.name);
      const batchSize = d.concurrency ?? (d.cron ? 1 : 4);
      await this.boss.work(
        d.name,
        {
          // A retry's time comes without a notification: the poll finds it, on a quiet queue as on a busy one.
          pollingIntervalSeconds: this.opts.pollingIntervalSeconds ?? 5,
          notifyPollingIntervalSeconds: this.opts.pollingIntervalSeconds ?? 5,
          batchSize,
          burstWhenBatchFull: true,
          // Each job of a batch settles on its own: one failure retries that job, not its neighbours.
          perJobResults: true,
        },
        (jobs: Job<object>[]) => Promise.all(jobs.map((job) => this.run(d, job))),
      );
    }
    const wakeable = [...this.definitions.values()].filter((d) => d.wakeable).map((d) => d.name);
    // A wake-up lost while the listener reconnects is made good: every wakeable queue is woken once it is back.
    if (wakeable.length > 0)
      await this.listen(
        WAKE_CHANNEL,
        (queue) => this.wake(queue),
        () => wakeable.forEach((q) => this.wake(q)),
      );
  }

  /**
   * Listens to a channel of the database's NOTIFY until the runner stops, through pg-boss's listener: on PostgreSQL
   * a dedicated connection that checks itself and reconnects, on PGlite the process's own LISTEN. `onReconnect` runs
   * after each subscription (the first one too): what was said while it was away is lost, so check again.
   */
  async listen(
    channel: string,
    onPayload: (payload: string) => void,
    onReconnect: () => void,
  ): Promise<void> {
    if (!this.started) throw new Error('The job runner listens once started.');
    const listener = await this.boss.getDb().listen?.(channel, onPayload, onReconnect);
    if (listener) this.listeners.push(listener);
  }

  /** Runs one job; a failure is that job's (kept as its output, retried or dead as its queue says). */
  private async run(d: JobDefinition, job: Job<object>): Promise<JobResult> {
    try {
      await d.handle(job.data ?? {}, { id: job.id, retryCount: job.retryCount, signal: job.signal });
      return { id: job.id, status: 'completed' };
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      this.opts.log.warn({ err, queue: d.name, jobId: job.id, try: job.retryCount + 1 }, 'a job failed');
      return { id: job.id, status: 'failed', output: { message } };
    }
  }

  /** A transaction woke `queue` (`wakeJob`): its job is sent, and its policy drops it when one is already waiting. */
  private wake(queue: string): void {
    const d = this.definitions.get(queue);
    if (!this.started || !d?.wakeable) return;
    const sending = this.boss
      .send(queue, {}, { singletonKey: 'wake' })
      .catch((err: unknown) => this.opts.log.warn({ err, queue }, 'job runner: a wake-up was not sent'))
      .finally(() => this.waking.delete(sending));
    this.waking.add(sending);
  }

  /**
   * The embedded database belongs to one process (decision 036): a job running when this process starts was its
   * last run's, which died (kill -9, a power cut). It is failed now, so it is tried again at once (counted as a try)
   * rather than at its heartbeat's end.
   */
  private async takeBackOrphans(): Promise<void> {
    const rows = rowsOf<{ id: string; name: string }>(
      await this.database.db.execute(sql`
        select id, name from ${sql.identifier(JOBS_SCHEMA)}.job
        where state = 'active' and name in ${namesList(this.queueNames)}`),
    );
    for (const r of rows) {
      await this.boss.fail(r.name, r.id, {
        message: 'The server stopped while this job ran; it is tried again.',
      });
      this.opts.log.warn({ queue: r.name, jobId: r.id }, 'a job of a stopped server is tried again');
    }
  }

  /**
   * Finishes running jobs (up to the stop timeout) and stops polling; the database stays open. `abandon` leaves
   * running jobs as they are, as a crash does (tests), for their heartbeat's end or the next start to take back.
   */
  async stop(options: { abandon?: boolean } = {}): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await Promise.all(this.listeners.splice(0).map((l) => l.close().catch(() => undefined)));
    await Promise.all([...this.waking]);
    await this.boss.stop({
      graceful: !options.abandon,
      close: true,
      timeout: (this.opts.stopTimeoutSeconds ?? 10) * 1000,
    });
  }

  /**
   * Sends a job in the caller's transaction: it exists once that transaction commits, and never if it rolls back.
   * Given the database itself, the job is sent at once. Answers the job's id, or null when a singleton key held.
   */
  async send(tx: DbOrTx, name: string, data: object, options: SendOptions = {}): Promise<string | null> {
    if (!this.definitions.has(name)) throw new Error(`No job named ${name}.`);
    return this.boss.send(name, data, {
      // Drizzle's `execute` answers rows as each driver gives them, which is what the adapter reads.
      db: fromDrizzle(tx as Parameters<typeof fromDrizzle>[0], sql),
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
    });
  }

  /**
   * Each queue's jobs by state, read now (pg-boss's own counts are refreshed once a minute).
   * `maxAgeMs`: counts read that recently are answered again (the health check and a metrics scrape, which a load
   * balancer and Prometheus may ask every second, share one statement); the operators' screen reads fresh ones.
   */
  counts(opts: { maxAgeMs?: number } = {}): Promise<QueueCounts[]> {
    const recent = this.recentCounts;
    if (recent && opts.maxAgeMs !== undefined && Date.now() - recent.at <= opts.maxAgeMs)
      return recent.counts;
    const counts = this.readCounts();
    this.recentCounts = { at: Date.now(), counts };
    // A failed count is not kept: the next caller reads again.
    counts.catch(() => {
      if (this.recentCounts?.counts === counts) this.recentCounts = null;
    });
    return counts;
  }

  private async readCounts(): Promise<QueueCounts[]> {
    const result = await this.database.db.execute(sql`
      select name,
        count(*) filter (where state = 'created')::int as waiting,
        count(*) filter (where state = 'active')::int as running,
        count(*) filter (where state = 'retry')::int as retrying,
        count(*) filter (where state = 'failed')::int as dead,
        extract(epoch from now() - min(start_after) filter (where state in ('created', 'retry') and start_after <= now()))::float8 as oldest
      from ${sql.identifier(JOBS_SCHEMA)}.job
      where name in ${namesList(this.queueNames)}
      group by name`);
    const rows = rowsOf<{
      name: string;
      waiting: number;
      running: number;
      retrying: number;
      dead: number;
      oldest: number | null;
    }>(result);
    const byName = new Map(rows.map((r) => [r.name, r]));
    return this.queueNames.map((queue) => {
      const r = byName.get(queue);
      return {
        queue,
        waiting: r?.waiting ?? 0,
        running: r?.running ?? 0,
        retrying: r?.retrying ?? 0,
        dead: r?.dead ?? 0,
        oldestWaitingSeconds: r?.oldest ?? null,
      };
    });
  }

  /** The dead jobs (every try failed) of one queue, or of all, newest first. */
  async deadJobs(queue?: string, limit = 50): Promise<DeadJob[]> {
    const names = queue ? [queue] : this.queueNames;
    const result = await this.database.db.execute(sql`
      select id, name, retry_count, output, created_on, completed_on
      from ${sql.identifier(JOBS_SCHEMA)}.job
      where state = 'failed' and name in ${namesList(names)}
      order by completed_on desc nulls last, id
      limit ${limit}`);
    const rows = rowsOf<{
      id: string;
      name: string;
      retry_count: number;
      output: unknown;
      created_on: string | Date;
      completed_on: string | Date | null;
    }>(result);
    return rows.map((r) => ({
      id: r.id,
      queue: r.name,
      retryCount: r.retry_count,
      error: errorMessageOf(r.output),
      createdAt: new Date(r.created_on),
      failedAt: r.completed_on ? new Date(r.completed_on) : null,
    }));
  }

  /** Sends a dead job back to its queue, with its tries counted again. False when it is not dead (any more). */
  async retry(queue: string, id: string): Promise<boolean> {
    if (!this.definitions.has(queue)) return false;
    // pg-boss types its command answers as `{}`; at run time they count the jobs affected.
    const result = (await this.boss.retry(queue, id)) as { affected?: number };
    return (result.affected ?? 0) > 0;
  }

  /**
   * Wakes every wakeable queue (as a lost wake-up is made good) and waits until no job is waiting or running: after
   * it, whatever the requests before it started is done, outboxes included. For tests and the command line.
   */
  async settle(timeoutMs = 60_000): Promise<void> {
    await Promise.all([...this.waking]);
    for (const d of this.definitions.values()) if (d.wakeable) this.wake(d.name);
    await this.idle(this.queueNames, timeoutMs);
  }

  /**
   * Resolves once no job of these queues (all by default) is waiting to run now or running: what a test waits for
   * after a request that sends jobs. Jobs waiting for a later retry do not count.
   */
  async idle(names: readonly string[] = this.queueNames, timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await Promise.all([...this.waking]);
      const result = await this.database.db.execute(sql`
        select count(*)::int as n from ${sql.identifier(JOBS_SCHEMA)}.job
        where name in ${namesList(names)}
          and (state = 'active' or (state in ('created', 'retry') and start_after <= now()))`);
      if ((rowsOf<{ n: number }>(result)[0]?.n ?? 0) === 0) return;
      if (Date.now() > deadline)
        throw new Error(`Jobs of ${names.join(', ')} still pending after ${timeoutMs} ms.`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

function namesList(names: readonly string[]) {
  return sql`(${sql.join(
    (names.length ? names : ['']).map((n) => sql`${n}`),
    sql`, `,
  )})`;
}

function errorMessageOf(output: unknown): string {
  if (output && typeof output === 'object' && 'message' in output && typeof output.message === 'string')
    return output.message;
  return output == null ? '' : JSON.stringify(output).slice(0, 500);
}
