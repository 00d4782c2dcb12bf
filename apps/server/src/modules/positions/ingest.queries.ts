import { and, eq, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  deliveries,
  deliveryAssignments,
  deliveryLocationPoints,
  deliveryStatusRecords,
  driverPositions,
  vehicles,
} from '../../db/schema/index.js';

const rowsOf = <R>(result: unknown): R[] =>
  Array.isArray(result) ? (result as R[]) : ((result as { rows?: R[] }).rows ?? []);

export interface AssignmentRow {
  deliveryId: string;
  vehicleId: string;
  driverUserIds: string[];
  assignedAt: Date;
  unassignedAt: Date | null;
  ownerCompanyId: string;
  carrierCompanyId: string | null;
  statuses: { slug: string; at: Date }[];
}

/**
 * The driver's assignments that overlap [from, to], with their delivery's owner and carrier (for the policy) and the
 * live status moves made up to `to` (to tell when it was under way): through the GIN index on the assignment's
 * drivers. A prepared statement (every batch runs it): planned once per connection, no SQL built per request.
 */
function prepareAssignmentsAround(db: Db) {
  const to = sql`${sql.placeholder('to')}::timestamptz`;
  return db
    .select({
      deliveryId: deliveryAssignments.deliveryId,
      vehicleId: deliveryAssignments.vehicleId,
      driverUserIds: deliveryAssignments.driverUserIds,
      assignedAt: deliveryAssignments.assignedAt,
      unassignedAt: deliveryAssignments.unassignedAt,
      ownerCompanyId: deliveries.ownerCompanyId,
      carrierCompanyId: deliveries.carrierCompanyId,
      statuses: sql<string | { slug: string; at: string }[]>`(
        select coalesce(json_agg(json_build_object('slug', r.status_slug, 'at', r.created_at) order by r.seq), '[]')
          from ${deliveryStatusRecords} r
         where r.delivery_id = ${sql.raw('"delivery_assignments"."delivery_id"')} and r.status_type = 'live'
           and r.created_at <= ${to})`,
    })
    .from(deliveryAssignments)
    .innerJoin(deliveries, eq(deliveries.id, deliveryAssignments.deliveryId))
    .where(
      and(
        sql`${deliveryAssignments.driverUserIds} @> array[${sql.placeholder('userId')}::uuid]`,
        sql`${deliveryAssignments.assignedAt} <= ${to}`,
        sql`(${deliveryAssignments.unassignedAt} is null or ${deliveryAssignments.unassignedAt} > ${sql.placeholder('from')}::timestamptz)`,
      ),
    )
    .prepare('positions_assignments_around');
}

const prepared = new WeakMap<Db, ReturnType<typeof prepareAssignmentsAround>>();

export async function listAssignmentsAround(
  db: Db,
  opts: { userId: string; from: Date; to: Date },
): Promise<AssignmentRow[]> {
  let query = prepared.get(db);
  if (!query) prepared.set(db, (query = prepareAssignmentsAround(db)));
  const rows = await query.execute({
    userId: opts.userId,
    from: opts.from.toISOString(),
    to: opts.to.toISOString(),
  });
  return rows.map((r) => {
    const statuses =
      typeof r.statuses === 'string' ? (JSON.parse(r.statuses) as typeof r.statuses) : r.statuses;
    return {
      ...r,
      statuses: (statuses as { slug: string; at: string }[]).map((s) => ({
        slug: s.slug,
        at: new Date(s.at),
      })),
    };
  });
}

/** A point as the write statement takes it: times as ISO text, the delivery null when it is filed nowhere. */
export interface PointRow {
  lat: number;
  lng: number;
  speed: number | null;
  heading: number | null;
  accuracy: number | null;
  at: string;
}

/**
 * The batch in one statement (so one transaction): the filed points in one multi-row insert into the location
 * history (a repeat is skipped by the unique index), the driver's latest position and each vehicle's, an older point
 * never overwriting a newer one. Answers how many distinct points were newly stored.
 */
function prepareWrite(db: Db) {
  const p = (name: string) => sql.placeholder(name);
  const statement = sql`
    with p as (
      select * from json_to_recordset(${p('filed')}::json)
        as x("deliveryId" uuid, lat float8, lng float8, speed float8, heading float8, accuracy float8, at timestamptz)
    ), ins as (
      insert into ${deliveryLocationPoints} (delivery_id, driver_user_id, lat, lng, speed, heading, accuracy, recorded_at)
      select "deliveryId", ${p('userId')}::uuid, lat, lng, speed, heading, accuracy, at from p
      on conflict (delivery_id, recorded_at, driver_user_id) do nothing
      returning recorded_at
    ), latest as (
      select * from json_to_record(${p('latest')}::json)
        as x(lat float8, lng float8, speed float8, heading float8, accuracy float8, at timestamptz)
    ), me as (
      insert into ${driverPositions} as dp (user_id, lat, lng, speed, heading, accuracy, recorded_at, updated_at)
      select ${p('userId')}::uuid, lat, lng, speed, heading, accuracy, at, now() from latest
      on conflict (user_id) do update
        set lat = excluded.lat, lng = excluded.lng, speed = excluded.speed, heading = excluded.heading,
            accuracy = excluded.accuracy, recorded_at = excluded.recorded_at, updated_at = now()
        where dp.recorded_at < excluded.recorded_at
      returning 1
    ), v as (
      update ${vehicles} ve set lat = x.lat, lng = x.lng, location_recorded_at = x.at
        from json_to_recordset(${p('vehicles')}::json)
          as x("vehicleId" uuid, lat float8, lng float8, at timestamptz)
       where ve.id = x."vehicleId" and (ve.location_recorded_at is null or ve.location_recorded_at < x.at)
      returning 1
    )
    select (select count(distinct recorded_at) from ins)::int as stored,
           (select count(*) from me)::int as me, (select count(*) from v)::int as v`;
  // A named prepared statement (planned once per connection: a third of the statement's database time at 100
  // points); Drizzle prepares only its query builders, so the session is asked directly.
  return db._.session.prepareQuery(dialect.sqlToQuery(statement), undefined, 'positions_write', false);
}

const dialect = new PgDialect();
const preparedWrites = new WeakMap<Db, ReturnType<typeof prepareWrite>>();

export async function writePositions(
  db: Db,
  opts: {
    userId: string;
    filed: (PointRow & { deliveryId: string })[];
    latest: PointRow;
    vehicles: (PointRow & { vehicleId: string })[];
  },
): Promise<number> {
  let write = preparedWrites.get(db);
  if (!write) preparedWrites.set(db, (write = prepareWrite(db)));
  const result = await write.execute({
    userId: opts.userId,
    filed: JSON.stringify(opts.filed),
    latest: JSON.stringify(opts.latest),
    vehicles: JSON.stringify(opts.vehicles),
  });
  return Number(rowsOf<{ stored: number }>(result)[0]?.stored ?? 0);
}
