import type { LiveEventType } from '@courier/contract';
import { and, asc, desc, eq, gt, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { deliveries, deliveryAssignments, events } from '../../db/schema/index.js';

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

export async function purgeEvents(db: DbOrTx, olderThan: Date): Promise<void> {
  await db.delete(events).where(lt(events.createdAt, olderThan));
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
