import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
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
 * live status moves made up to `to` (to tell when it was under way). One statement, through the GIN index on the
 * assignment's drivers.
 */
export async function listAssignmentsAround(
  db: DbOrTx,
  opts: { userId: string; from: Date; to: Date },
): Promise<AssignmentRow[]> {
  const to = opts.to.toISOString();
  const result = await db.execute(sql`
    select a.delivery_id, a.vehicle_id, a.driver_user_ids, a.assigned_at, a.unassigned_at,
           d.owner_company_id, d.carrier_company_id,
           (select coalesce(json_agg(json_build_object('slug', r.status_slug, 'at', r.created_at) order by r.seq), '[]')
              from ${deliveryStatusRecords} r
             where r.delivery_id = a.delivery_id and r.status_type = 'live' and r.created_at <= ${to}::timestamptz
           ) as statuses
      from ${deliveryAssignments} a
      join ${deliveries} d on d.id = a.delivery_id
     where a.driver_user_ids @> array[${opts.userId}::uuid]
       and a.assigned_at <= ${to}::timestamptz
       and (a.unassigned_at is null or a.unassigned_at > ${opts.from.toISOString()}::timestamptz)`);
  type Raw = {
    delivery_id: string;
    vehicle_id: string;
    driver_user_ids: string[] | string;
    assigned_at: string | Date;
    unassigned_at: string | Date | null;
    owner_company_id: string;
    carrier_company_id: string | null;
    statuses: string | { slug: string; at: string }[];
  };
  return rowsOf<Raw>(result).map((r) => {
    const statuses = (typeof r.statuses === 'string' ? JSON.parse(r.statuses) : r.statuses) as {
      slug: string;
      at: string;
    }[];
    return {
      deliveryId: r.delivery_id,
      vehicleId: r.vehicle_id,
      driverUserIds: parseUuidArray(r.driver_user_ids),
      assignedAt: new Date(r.assigned_at),
      unassignedAt: r.unassigned_at === null ? null : new Date(r.unassigned_at),
      ownerCompanyId: r.owner_company_id,
      carrierCompanyId: r.carrier_company_id,
      statuses: statuses.map((s) => ({ slug: s.slug, at: new Date(s.at) })),
    };
  });
}

/** node-postgres parses uuid[] into an array; PGlite may answer the text form `{a,b}`. */
function parseUuidArray(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  return value === '{}' ? [] : value.replace(/^\{|\}$/g, '').split(',');
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
export async function writePositions(
  db: DbOrTx,
  opts: {
    userId: string;
    filed: (PointRow & { deliveryId: string })[];
    latest: PointRow;
    vehicles: (PointRow & { vehicleId: string })[];
  },
): Promise<number> {
  const { userId, latest } = opts;
  const result = await db.execute(sql`
    with p as (
      select * from json_to_recordset(${JSON.stringify(opts.filed)}::json)
        as x("deliveryId" uuid, lat float8, lng float8, speed float8, heading float8, accuracy float8, at timestamptz)
    ), ins as (
      insert into ${deliveryLocationPoints} (delivery_id, driver_user_id, lat, lng, speed, heading, accuracy, recorded_at)
      select "deliveryId", ${userId}::uuid, lat, lng, speed, heading, accuracy, at from p
      on conflict (delivery_id, recorded_at, driver_user_id) do nothing
      returning recorded_at
    ), me as (
      insert into ${driverPositions} as dp (user_id, lat, lng, speed, heading, accuracy, recorded_at, updated_at)
      values (${userId}::uuid, ${latest.lat}, ${latest.lng}, ${latest.speed}, ${latest.heading}, ${latest.accuracy},
              ${latest.at}::timestamptz, now())
      on conflict (user_id) do update
        set lat = excluded.lat, lng = excluded.lng, speed = excluded.speed, heading = excluded.heading,
            accuracy = excluded.accuracy, recorded_at = excluded.recorded_at, updated_at = now()
        where dp.recorded_at < excluded.recorded_at
      returning 1
    ), v as (
      update ${vehicles} ve set lat = x.lat, lng = x.lng, location_recorded_at = x.at
        from json_to_recordset(${JSON.stringify(opts.vehicles)}::json)
          as x("vehicleId" uuid, lat float8, lng float8, at timestamptz)
       where ve.id = x."vehicleId" and (ve.location_recorded_at is null or ve.location_recorded_at < x.at)
      returning 1
    )
    select (select count(distinct recorded_at) from ins)::int as stored,
           (select count(*) from me)::int as me, (select count(*) from v)::int as v`);
  return Number(rowsOf<{ stored: number }>(result)[0]?.stored ?? 0);
}
