import { LIVE_UNDER_WAY_STATUSES } from '@courier/contract';
import { sql } from 'drizzle-orm';
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

/** A point as the write statement takes it: its time as ISO text. */
export interface PointRow {
  lat: number;
  lng: number;
  speed: number | null;
  heading: number | null;
  accuracy: number | null;
  at: string;
}

/**
 * A batch in one statement, so one transaction and one round trip (decision 022):
 * - `asg`: the driver's assignments overlapping the batch, of deliveries the policy lets them report the location of
 *   (`reportLocationScope`), through the GIN index on the assignment's drivers;
 * - `moves`, `spans`: when each of those deliveries was under way for the driver — each live status holds from its
 *   move to the next, kept where it is under way, clipped to the assignment;
 * - `filed`: each point with every span that contains its time;
 * - `ins`: the filed points in one multi-row insert into the history, a repeat skipped by the unique index;
 * - `me`, `v`: the driver's latest position and, per vehicle, its newest filed point, never over a newer one.
 * It answers how many distinct points were filed and how many of them were newly stored.
 */
function prepareWrite(db: Db) {
  const p = (name: string) => sql.placeholder(name);
  const statement = sql`
    with pts as (
      select * from json_to_recordset(${p('points')}::json)
        as x(lat float8, lng float8, speed float8, heading float8, accuracy float8, at timestamptz)
    ), asg as (
      select a.delivery_id, a.vehicle_id, a.assigned_at, a.unassigned_at
        from ${deliveryAssignments} a join ${deliveries} d on d.id = a.delivery_id
       where a.driver_user_ids @> array[${p('userId')}::uuid]
         and (d.owner_company_id in (select value::uuid from json_array_elements_text(${p('companyIds')}::json))
              or d.carrier_company_id in (select value::uuid from json_array_elements_text(${p('companyIds')}::json)))
         and a.assigned_at <= ${p('to')}::timestamptz
         and (a.unassigned_at is null or a.unassigned_at > ${p('from')}::timestamptz)
    ), moves as (
      select asg.delivery_id, asg.vehicle_id, asg.assigned_at, asg.unassigned_at, r.status_slug, r.created_at as since,
             lead(r.created_at) over (partition by asg.delivery_id, asg.assigned_at order by r.seq) as until
        from asg join ${deliveryStatusRecords} r
          on r.delivery_id = asg.delivery_id and r.status_type = 'live' and r.created_at <= ${p('to')}::timestamptz
    ), spans as (
      select delivery_id, vehicle_id, greatest(since, assigned_at) as f,
             least(coalesce(until, 'infinity'), coalesce(unassigned_at, 'infinity')) as t
        from moves
       where status_slug in (select json_array_elements_text(${p('underWay')}::json))
    ), filed as (
      select spans.delivery_id, spans.vehicle_id, pts.*
        from pts join spans on pts.at >= spans.f and pts.at < spans.t
    ), ins as (
      insert into ${deliveryLocationPoints} (delivery_id, driver_user_id, lat, lng, speed, heading, accuracy, recorded_at)
      select delivery_id, ${p('userId')}::uuid, lat, lng, speed, heading, accuracy, at from filed
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
    ), newest as (
      select distinct on (vehicle_id) vehicle_id, lat, lng, at from filed order by vehicle_id, at desc
    ), v as (
      update ${vehicles} ve set lat = newest.lat, lng = newest.lng, location_recorded_at = newest.at
        from newest
       where ve.id = newest.vehicle_id and (ve.location_recorded_at is null or ve.location_recorded_at < newest.at)
      returning 1
    )
    select (select count(distinct at) from filed)::int as filed,
           (select count(distinct recorded_at) from ins)::int as stored,
           (select count(*) from me)::int as me, (select count(*) from v)::int as v,
           (select coalesce(json_agg(json_build_object('deliveryId', nd.delivery_id, 'vehicleId', nd.vehicle_id,
                     'lat', nd.lat, 'lng', nd.lng, 'speed', nd.speed, 'heading', nd.heading, 'at', nd.at)), '[]'::json)
              from (select distinct on (delivery_id) * from filed order by delivery_id, at desc) nd) as newest`;
  // A named prepared statement, planned once per connection: Drizzle prepares only its query builders, so the
  // session is asked directly.
  return db._.session.prepareQuery(dialect.sqlToQuery(statement), undefined, 'positions_write', false);
}

/** Per delivery, the batch's newest point filed in it: what the live stream sends (decision 023). */
export interface NewestFiled {
  deliveryId: string;
  vehicleId: string | null;
  lat: number;
  lng: number;
  speed: number | null;
  heading: number | null;
  at: string;
}

const dialect = new PgDialect();
const preparedWrites = new WeakMap<Db, ReturnType<typeof prepareWrite>>();
const UNDER_WAY = JSON.stringify(LIVE_UNDER_WAY_STATUSES);

export async function writePositions(
  db: Db,
  opts: {
    scope: { userId: string; companyIds: string[] };
    /** Distinct times, oldest first. */
    points: PointRow[];
  },
): Promise<{ filed: number; stored: number; newest: NewestFiled[] }> {
  const { points, scope } = opts;
  let write = preparedWrites.get(db);
  if (!write) preparedWrites.set(db, (write = prepareWrite(db)));
  const result = await write.execute({
    points: JSON.stringify(points),
    userId: scope.userId,
    companyIds: JSON.stringify(scope.companyIds),
    from: points[0]?.at,
    to: points[points.length - 1]?.at,
    underWay: UNDER_WAY,
    latest: JSON.stringify(points[points.length - 1]),
  });
  const row = rowsOf<{ filed: number; stored: number; newest: NewestFiled[] | string | null }>(result)[0];
  const newest = typeof row?.newest === 'string' ? (JSON.parse(row.newest) as NewestFiled[]) : (row?.newest ?? []);
  return { filed: Number(row?.filed ?? 0), stored: Number(row?.stored ?? 0), newest };
}
