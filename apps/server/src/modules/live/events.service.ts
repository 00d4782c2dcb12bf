import { LIVE_EVENT_SCHEMAS, LIVE_STREAM, type LiveEventData, type LiveEventType } from '@courier/contract';
import { sql } from 'drizzle-orm';
import { afterCommit, databaseOf } from '../../db/after-commit.js';
import type { Db, DbOrTx } from '../../db/client.js';
import type { EventBus } from '../../lib/events/event-bus.js';
import { packEvents } from '../../lib/events/wire.js';
import { notifyForEvents } from '../notifications/index.js';
import { deliveryAudienceRow, insertEvents, purgeEvents, type StoredEvent } from './events.queries.js';

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

interface Binding {
  bus: EventBus<StoredEvent>;
  lastPurge: number;
}
/** The bus of each open database (one per process; tests open several). */
const bindings = new WeakMap<object, Binding>();
const PURGE_EVERY_MS = 10 * 60_000;

export function bindEventBus(db: Db, bus: EventBus<StoredEvent>): void {
  bindings.set(db, { bus, lastPurge: 0 });
}

/** The bus bound to a database (benchmarks and tests publish through it directly). */
export function eventBusOf(db: Db): EventBus<StoredEvent> | undefined {
  return bindings.get(db)?.bus;
}

export function unbindEventBus(db: Db): void {
  bindings.delete(db);
}

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
 * Records events in the caller's transaction and publishes them once it commits: on PostgreSQL by NOTIFY inside the
 * transaction (PostgreSQL sends it on commit, in commit order, and drops it on rollback), on PGlite and NATS after
 * the commit.
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
  // The users' notifications of these events, in the same transaction (decision 028).
  await notifyForEvents(tx, list);
  const db = databaseOf(tx);
  const binding = db && bindings.get(db);
  if (!db || !binding) return; // no live stream running (a seed, a script): the rows wait for catch-ups
  const { bus } = binding;
  const payloads = packEvents(stored, bus.maxPayloadBytes);
  if (bus.notifyChannel) {
    for (const p of payloads) await tx.execute(sql`select pg_notify(${bus.notifyChannel}, ${p})`);
  } else {
    afterCommit(tx, () => bus.publish(payloads));
  }
  maybePurge(db, tx, binding);
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

/**
 * Events another module's statement inserted into `events` and that statement has committed (the positions write,
 * decision 022): published now, on every bus. On PostgreSQL's the NOTIFYs of concurrent writes are coalesced (one
 * statement in flight per process); an event whose publish is lost (the process dies after the commit) is found
 * in the table by the other processes' sequence trackers, as on NATS (decision 023, "Ids that commit out of order").
 */
export function publishCommitted(db: Db, stored: readonly StoredEvent[]): void {
  const binding = bindings.get(db);
  if (!binding || stored.length === 0) return;
  binding.bus.publish(packEvents(stored, binding.bus.maxPayloadBytes));
  maybePurge(db, db, binding);
}

/** Events older than the retention are deleted lazily: at most every ten minutes per process, after a write. */
function maybePurge(db: Db, tx: DbOrTx, binding: Binding) {
  const now = Date.now();
  if (now - binding.lastPurge < PURGE_EVERY_MS) return;
  binding.lastPurge = now;
  const cutoff = new Date(now - LIVE_STREAM.retentionHours * 3_600_000);
  afterCommit(tx, () => void purgeEvents(db, cutoff).catch(() => undefined));
}
