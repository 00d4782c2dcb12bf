import { LIVE_STREAM } from '@courier/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import type { JobDefinition } from '../../db/jobs/job-runner.js';
import { purgeEvents, takeOfferedEvents, type OfferedEvent } from './events.queries.js';

export type { OfferedEvent } from './events.queries.js';

/** The job that hands recorded events to their consumers (decision 055). */
export const EVENTS_CONSUME_JOB = 'events.consume';
/** The job that deletes events older than the live stream's retention. */
export const EVENTS_PURGE_JOB = 'events.purge';
/** Events taken per transaction. */
const BATCH = 200;

/**
 * Work done because events happened, after the change that recorded them has committed (issue 31): notifications
 * now, webhooks next. `consume` runs in the transaction that takes the events from the outbox, so what it writes
 * commits with their taking: each event is consumed once, whichever process takes it, and a failure leaves the
 * events waiting for the job's retry. A consumer ignores the types it does not want.
 */
export interface EventConsumer {
  name: string;
  consume(tx: DbOrTx, events: readonly OfferedEvent[]): Promise<void>;
}

/** Takes every waiting event, a batch per transaction, and gives each batch to every consumer. Answers how many. */
export async function consumeEvents(db: Db, consumers: readonly EventConsumer[]): Promise<number> {
  let taken = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const batch = await takeOfferedEvents(tx, BATCH);
      if (batch.length > 0) for (const consumer of consumers) await consumer.consume(tx, batch);
      return batch.length;
    });
    taken += n;
    if (n < BATCH) return taken;
  }
}

/**
 * The outbox's job: woken by each commit that recorded events (`recordEvents`), and run every minute in case a
 * wake-up was lost (a process that died between the commit and the wake-up's delivery).
 */
export function eventsConsumeJob(db: Db, consumers: readonly EventConsumer[]): JobDefinition {
  return {
    name: EVENTS_CONSUME_JOB,
    cron: '* * * * *',
    wakeable: true,
    policy: 'stately',
    handle: async () => {
      await consumeEvents(db, consumers);
    },
  };
}

/**
 * Events are kept `LIVE_STREAM.retentionHours` for the streams that reconnect, then deleted, every ten minutes by one
 * process; an event its consumers have not taken yet stays until they have.
 */
export function eventsPurgeJob(db: Db): JobDefinition {
  return {
    name: EVENTS_PURGE_JOB,
    cron: '*/10 * * * *',
    policy: 'stately',
    handle: async () => {
      await purgeEvents(db, new Date(Date.now() - LIVE_STREAM.retentionHours * 3_600_000));
    },
  };
}
