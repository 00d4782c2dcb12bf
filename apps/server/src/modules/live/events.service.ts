import { LIVE_EVENT_SCHEMAS, type LiveEventData, type LiveEventType } from '@courier/contract';
import type { DbOrTx } from '../../db/client.js';
import { wakeJobSql } from '../../db/jobs/job-runner.js';
import { NOTIFY_MAX_BYTES } from '../../lib/events/pg-notify-bus.js';
import { packEvents } from '../../lib/events/wire.js';
import { EVENTS_CONSUME_JOB } from './events.consumers.js';
import { deliveryAudienceRow, insertEvents, offerEvents } from './events.queries.js';
import { LIVE_NOTIFY_CHANNEL } from './live.constants.js';

/**
 * Who an event is for, as the access policy reads it (decision 016): a delivery (its owner, its carrier, the drivers
 * assigned at the time) or a company (its admins, and the drivers the event is about).
 */
export type EventAudience =
  | {
      deliveryId: string;
      ownerCompanyId: string;
      carrierCompanyId: string | null;
      driverUserIds: readonly string[];
    }
  | { companyId: string; driverUserIds: readonly string[] };

/**
 * An event to record: its type, the contract's data for that type, and its audience; `actorUserId` (not stored) is
 * the user whose action it was, whom its notifications leave out.
 */
export type NewLiveEvent = {
  [T in LiveEventType]: {
    type: T;
    data: LiveEventData<T>;
    audience: EventAudience;
    actorUserId?: string | null;
  };
}[LiveEventType];

function rowOf(event: NewLiveEvent) {
  const data: unknown = LIVE_EVENT_SCHEMAS[event.type].parse(event.data);
  const a = event.audience;
  return 'deliveryId' in a
    ? {
        type: event.type,
        data,
        deliveryId: a.deliveryId,
        ownerCompanyId: a.ownerCompanyId,
        carrierCompanyId: a.carrierCompanyId === a.ownerCompanyId ? null : a.carrierCompanyId,
        driverUserIds: [...new Set(a.driverUserIds)],
      }
    : {
        type: event.type,
        data,
        deliveryId: null,
        ownerCompanyId: a.companyId,
        carrierCompanyId: null,
        driverUserIds: [...new Set(a.driverUserIds)],
      };
}

/**
 * Records events in the caller's transaction, and nothing else happens on the request's path (issue 31, decision
 * 055): the same statement offers them to their consumers (the outbox, drained by the `events.consume` job:
 * notifications, and next webhooks) and tells every process's live stream, by a NOTIFY that the database delivers on
 * commit, in commit order, and drops on rollback (PostgreSQL to every process, PGlite within its one).
 *
 * ```ts
 * await db.transaction(async (tx) => {
 *   // … the change …
 *   await recordEvents(tx, [{ type: 'position', data, audience }]);
 * });
 * ```
 */
export async function recordEvents(tx: DbOrTx, list: readonly NewLiveEvent[]): Promise<void> {
  if (list.length === 0) return;
  const stored = await insertEvents(tx, list.map(rowOf));
  // `insertEvents` answers in id order, which is the list's order (one multi-row insert takes its ids in order).
  await offerEvents(tx, {
    ids: stored.map((e) => e.id),
    actorUserIds: list.map((e) => e.actorUserId ?? null),
    wake: wakeJobSql(EVENTS_CONSUME_JOB),
    channel: LIVE_NOTIFY_CHANNEL,
    payloads: packEvents(stored, NOTIFY_MAX_BYTES),
  });
}

export function recordEvent(tx: DbOrTx, event: NewLiveEvent): Promise<void> {
  return recordEvents(tx, [event]);
}

/** A delivery's audience now (owner, carrier, open assignment's drivers), read in the writing transaction. */
export async function deliveryAudience(
  tx: DbOrTx,
  deliveryId: string,
  extraDriverIds: readonly string[] = [],
) {
  const row = await deliveryAudienceRow(tx, deliveryId);
  if (!row) return null;
  return {
    deliveryId,
    ownerCompanyId: row.ownerCompanyId,
    carrierCompanyId: row.carrierCompanyId,
    driverUserIds: [...row.driverUserIds, ...extraDriverIds],
  } satisfies EventAudience;
}

/** Records an event about a delivery for everyone who knows it now (plus `extraDriverIds`, who just lost it). */
export async function recordDeliveryEvent(
  tx: DbOrTx,
  deliveryId: string,
  event: Omit<NewLiveEvent, 'audience'>,
  extraDriverIds: readonly string[] = [],
): Promise<void> {
  const audience = await deliveryAudience(tx, deliveryId, extraDriverIds);
  if (audience) await recordEvent(tx, { ...event, audience } as NewLiveEvent);
}
