import type { LiveEventType } from '@courier/contract';
import { and, asc, desc, eq, gt, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/executed-rows.js';
import { deliveries, deliveryAssignments, eventOutbox, events } from '../../db/schema/index.js';

/** An event as stored and as the bus carries it (small: ids and the contract's data). */
export interface StoredEvent {
  id: number;
  type: LiveEventType;
  deliveryId: string | null;
  ownerCompanyId: string;
  carrierCompanyId: string | null;
  driverUserIds: string[];
  data: unknown;
  at: string;
}

export type NewEventRow = Omit<StoredEvent, 'id' | 'at'>;

const columns = {
  id: events.id,
  type: events.type,
  deliveryId: events.deliveryId,
  ownerCompanyId: events.ownerCompanyId,
  carrierCompanyId: events.carrierCompanyId,
  driverUserIds: events.driverUserIds,
  data: events.payload,
  createdAt: events.createdAt,
};

interface Row {
  id: number;
  type: string;
  deliveryId: string | null;
  ownerCompanyId: string;
  carrierCompanyId: string | null;
  driverUserIds: string[];
  data: unknown;
  createdAt: Date;
}
const present = (r: Row): StoredEvent => ({
  id: r.id,
  type: r.type as LiveEventType,
  deliveryId: r.deliveryId,
  ownerCompanyId: r.ownerCompanyId,
  carrierCompanyId: r.carrierCompanyId,
  driverUserIds: r.driverUserIds,
  data: r.data,
  at: r.createdAt.toISOString(),
});

export async function insertEvents(tx: DbOrTx, rows: readonly NewEventRow[]): Promise<StoredEvent[]> {
  const inserted = await tx
    .insert(events)
    .values(
      rows.map((r) => ({
        type: r.type,
        deliveryId: r.deliveryId,
        ownerCompanyId: r.ownerCompanyId,
        carrierCompanyId: r.carrierCompanyId,
        driverUserIds: r.driverUserIds,
        payload: r.data,
      })),
    )
    .returning(columns);
  return inserted.map(present).sort((a, b) => a.id - b.id);
}

export async function eventsByIds(db: DbOrTx, ids: readonly number[]): Promise<StoredEvent[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(columns)
    .from(events)
    .where(inArray(events.id, [...ids]))
    .orderBy(asc(events.id));
  return rows.map(present);
}

/** Who a stream belongs to, for the SQL that narrows its catch-up; the policy then decides event by event. */
export type StreamOwner = { kind: 'company'; companyId: string } | { kind: 'driver'; userId: string };

const audienceOf = (owner: StreamOwner): SQL =>
  owner.kind === 'company'
    ? or(eq(events.ownerCompanyId, owner.companyId), eq(events.carrierCompanyId, owner.companyId))!
    : sql`${events.driverUserIds} @> array[${owner.userId}]::uuid[]`;

/** Events after a cursor (`id > high or id in holes`), oldest first, at most `limit`; null owner: every event. */
export async function eventsAfter(
  db: DbOrTx,
  opts: { high: number; holes: readonly number[]; owner: StreamOwner | null; limit: number },
): Promise<StoredEvent[]> {
  const after = opts.holes.length
    ? or(gt(events.id, opts.high), inArray(events.id, [...opts.holes]))!
    : gt(events.id, opts.high);
  const rows = await db
    .select(columns)
    .from(events)
    .where(opts.owner ? and(after, audienceOf(opts.owner)) : after)
    .orderBy(asc(events.id))
    .limit(opts.limit);
  return rows.map(present);
}

/** The newest ids (the tracker's starting point) and the oldest kept id (to tell a client it is too far behind). */
export async function recentEventIds(db: DbOrTx, count: number): Promise<number[]> {
  const rows = await db.select({ id: events.id }).from(events).orderBy(desc(events.id)).limit(count);
  return rows.map((r) => r.id);
}

export async function oldestEventId(db: DbOrTx): Promise<number | null> {
  const [row] = await db.select({ id: events.id }).from(events).orderBy(asc(events.id)).limit(1);
  return row?.id ?? null;
}

/** Events older than the retention, except those their consumers have not taken yet (the outbox). */
export async function purgeEvents(db: DbOrTx, olderThan: Date): Promise<void> {
  await db
    .delete(events)
    .where(
      and(
        lt(events.createdAt, olderThan),
        sql`not exists (select 1 from ${eventOutbox} where ${eventOutbox.eventId} = ${events.id})`,
      ),
    );
}

/**
 * In the writing transaction: the events are offered to their consumers (the outbox rows, with the user whose action
 * it was), their consumers' job is woken (`wake`, a `pg_notify` the job runner hears), and the live stream is told
 * (`payloads` on `channel`, in order). PostgreSQL and PGlite deliver both notifications on commit, in commit order,
 * and never for a rollback. One statement: one round trip added to the transaction.
 */
export async function offerEvents(
  tx: DbOrTx,
  opts: {
    ids: readonly number[];
    actorUserIds: readonly (string | null)[];
    wake: SQL;
    channel: string;
    payloads: readonly string[];
  },
): Promise<void> {
  await tx.execute(sql`
    with offered as (
      insert into ${eventOutbox} (event_id, actor_user_id)
      select * from unnest(${sql.param([...opts.ids])}::bigint[], ${sql.param([...opts.actorUserIds])}::uuid[])
    ), woken as (select ${opts.wake})
    select pg_notify(${opts.channel}, p) from woken, unnest(${sql.param([...opts.payloads])}::text[])
      with ordinality as t(p, n) order by n`);
}

/** An event taken from the outbox for its consumers: as stored, with the user whose action it was. */
export interface OfferedEvent extends StoredEvent {
  actorUserId: string | null;
}

/**
 * Takes (deletes) up to `limit` events waiting for their consumers, oldest first, in the caller's transaction: rows
 * another transaction holds are skipped, so processes share the work and each event is taken once.
 */
export async function takeOfferedEvents(tx: DbOrTx, limit: number): Promise<OfferedEvent[]> {
  const taken = rowsOf<{ event_id: string | number; actor_user_id: string | null }>(
    await tx.execute(sql`
      delete from ${eventOutbox} where event_id in (
        select event_id from ${eventOutbox} order by event_id limit ${limit} for update skip locked)
      returning event_id, actor_user_id`),
  );
  if (taken.length === 0) return [];
  const actors = new Map(taken.map((r) => [Number(r.event_id), r.actor_user_id]));
  const stored = await eventsByIds(tx, [...actors.keys()]);
  return stored.map((e) => ({ ...e, actorUserId: actors.get(e.id) ?? null }));
}

/** A delivery's audience now: owner, carrier, the drivers of its open assignment. */
export async function deliveryAudienceRow(tx: DbOrTx, deliveryId: string) {
  const [row] = await tx
    .select({
      ownerCompanyId: deliveries.ownerCompanyId,
      carrierCompanyId: deliveries.carrierCompanyId,
      driverUserIds: sql<string[]>`coalesce(${deliveryAssignments.driverUserIds}, '{}')`,
    })
    .from(deliveries)
    .leftJoin(
      deliveryAssignments,
      and(eq(deliveryAssignments.deliveryId, deliveries.id), isNull(deliveryAssignments.unassignedAt)),
    )
    .where(eq(deliveries.id, deliveryId))
    .limit(1);
  return row;
}
