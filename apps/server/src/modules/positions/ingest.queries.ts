import { LIVE_UNDER_WAY_STATUSES, type PositionPoint } from '@courier/contract';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import {
  deliveries,
  deliveryAssignments,
  deliveryLocationPoints,
  deliveryStatusRecords,
  driverPositions,
  eventOutbox,
  events,
  vehicles,
  webhookEndpoints,
} from '../../db/schema/index.js';
import { rowsOf } from '../../db/executed-rows.js';
import { wakeJobSql } from '../../db/jobs/job-runner.js';
import { EVENTS_CONSUME_JOB, type StoredEvent } from '../live/index.js';

/**
 * A batch in one statement, so one transaction and one round trip (decision 022):
 * - `asg`: the driver's assignments overlapping the batch, of deliveries the policy lets them report the location of
 *   (`reportLocationScope`), through the GIN index on the assignment's drivers;
 * - `moves`, `spans`: when each of those deliveries was under way for the driver — each live status holds from its
 *   move to the next, kept where it is under way, clipped to the assignment;
 * - `filed`: each point with every span that contains its time;
 * - `ins`: the filed points in one multi-row insert into the history (a repeat: see `writePositions`);
 * - `me`, `v`: the driver's latest position and, per vehicle, its newest filed point, never over a newer one;
 * - `ev`: per delivery, its newest filed point as a `position` event of the live stream (decision 023) for the
 *   delivery's audience now (owner, carrier, the drivers of its open assignment), answered so the caller publishes
 *   it once the statement has committed (`publishCommitted`, which on PostgreSQL coalesces the NOTIFYs of concurrent
 *   batches). The live domain owns the events table; this statement writes to it itself because one statement per
 *   batch is what keeps ingest near the database's raw insert rate (decision 022: four round trips less per batch).
 * - `ob`, `woken`: those events offered to the event consumers (the outbox, woken on commit) only where an enabled
 *   webhook endpoint of the delivery's companies wants `delivery.position` (issue 34, throttled by the webhooks'
 *   consumer): the stream does not need the outbox, and most batches then cost nothing more.
 * It answers how many distinct points were filed and how many of them were newly stored, and the events.
 */
function prepareWrite(db: Db, dedupe: boolean) {
  const p = (name: string) => sql.placeholder(name);
  const statement = sql`
    with pts as (
      select lat, lng, speed, heading, accuracy, "recordedAt" as at from json_to_recordset(${p('points')}::json)
        as x(lat float8, lng float8, speed float8, heading float8, accuracy float8, "recordedAt" timestamptz)
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
      ${dedupe ? sql`on conflict (delivery_id, recorded_at, driver_user_id) do nothing` : sql``}
      returning recorded_at
    ), latest as (
      select lat, lng, speed, heading, accuracy, "recordedAt" as at from json_to_record(${p('latest')}::json)
        as x(lat float8, lng float8, speed float8, heading float8, accuracy float8, "recordedAt" timestamptz)
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
    ), nd as (
      select distinct on (delivery_id) * from filed order by delivery_id, at desc
    ), ev as (
      insert into ${events} (type, delivery_id, owner_company_id, carrier_company_id, driver_user_ids, payload)
      select 'position', nd.delivery_id, d.owner_company_id, nullif(d.carrier_company_id, d.owner_company_id),
             coalesce(oa.driver_user_ids, '{}'),
             jsonb_build_object('deliveryUuids', jsonb_build_array(nd.delivery_id), 'driverUserUuid', ${p('userId')}::uuid,
               'vehicleUuid', nd.vehicle_id, 'lat', nd.lat, 'lng', nd.lng, 'recordedAt', ${iso(sql`nd.at`)},
               'speed', nd.speed, 'heading', nd.heading)
        from nd join ${deliveries} d on d.id = nd.delivery_id
        left join ${deliveryAssignments} oa on oa.delivery_id = nd.delivery_id and oa.unassigned_at is null
      returning id, type, delivery_id, owner_company_id, carrier_company_id, driver_user_ids, payload, created_at
    ), ob as (
      insert into ${eventOutbox} (event_id)
      select ev.id from ev
       where exists (select 1 from ${webhookEndpoints} w
                      where w.company_id in (ev.owner_company_id, ev.carrier_company_id)
                        and w.is_enabled and 'delivery.position' = any(w.events))
      returning event_id
    ), woken as (
      select ${wakeJobSql(EVENTS_CONSUME_JOB)} from (select 1 from ob limit 1) o
    ), stored as (
      select json_build_object('id', id, 'type', type, 'deliveryId', delivery_id, 'ownerCompanyId', owner_company_id,
               'carrierCompanyId', carrier_company_id, 'driverUserIds', driver_user_ids, 'data', payload,
               'at', ${iso(sql`created_at`)}) as e, id
        from ev
    )
    select (select count(distinct at) from filed)::int as filed,
           (select count(distinct recorded_at) from ins)::int as stored,
           (select count(*) from me)::int as me, (select count(*) from v)::int as v,
           (select count(*) from woken)::int as offered,
           (select coalesce(json_agg(e order by id), '[]'::json) from stored) as events`;
  // A named prepared statement, planned once per connection: Drizzle prepares only its query builders, so the
  // session is asked directly.
  const name = dedupe ? 'positions_write_dedupe' : 'positions_write';
  return db._.session.prepareQuery(dialect.sqlToQuery(statement), undefined, name, false);
}

/** A time as the contract writes it (`2026-11-24T10:00:00.000Z`). */
const iso = (column: ReturnType<typeof sql>) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const dialect = new PgDialect();
const preparedWrites = new WeakMap<Db, Record<'fast' | 'dedupe', ReturnType<typeof prepareWrite>>>();
const UNDER_WAY = JSON.stringify(LIVE_UNDER_WAY_STATUSES);

export async function writePositions(
  db: Db,
  opts: {
    scope: { userId: string; companyIds: string[] };
    /** Distinct times, oldest first. */
    points: readonly PositionPoint[];
  },
): Promise<{ filed: number; stored: number; events: StoredEvent[] }> {
  const { points, scope } = opts;
  let writes = preparedWrites.get(db);
  if (!writes)
    preparedWrites.set(db, (writes = { fast: prepareWrite(db, false), dedupe: prepareWrite(db, true) }));
  const params = {
    points: JSON.stringify(points),
    userId: scope.userId,
    companyIds: JSON.stringify(scope.companyIds),
    from: points[0]?.recordedAt,
    to: points[points.length - 1]?.recordedAt,
    underWay: UNDER_WAY,
    latest: JSON.stringify(points[points.length - 1]),
  };
  // A point stored before (a queue sent again) is rare: the plain insert is tried first, and only when the unique
  // index refuses a row does the whole statement (rolled back) run again skipping repeats. ON
  // CONFLICT costs about half as much again as the insert itself (measured here: 0.29 ms against 0.20 ms per 100 rows).
  let result: unknown;
  try {
    result = await writes.fast.execute(params);
  } catch (err) {
    if (!isUniqueViolation(err, 'delivery_location_points_delivery_time_driver_unique')) throw err;
    result = await writes.dedupe.execute(params);
  }
  const row = rowsOf<{ filed: number; stored: number; events: StoredEvent[] | string | null }>(result)[0];
  const stored =
    typeof row?.events === 'string' ? (JSON.parse(row.events) as StoredEvent[]) : (row?.events ?? []);
  return { filed: Number(row?.filed ?? 0), stored: Number(row?.stored ?? 0), events: stored };
}
