import { sql, type SQL } from 'drizzle-orm';
import {
  deliveries,
  deliveryAssignments,
  deliveryQuotes,
  deliveryScheduleWindows,
  deliverySteps,
  deliveryStepTasks,
} from '../../db/schema/index.js';

/**
 * A delivery as the API answers it (the contract's `Delivery`), its JSON text built by PostgreSQL in the contract's
 * key order, for the hot reads (the list page, the detail; decision 048): the server sends it on without parsing,
 * presenting or encoding it. Only what the viewer's part decides (the policy's fields) and what other domains add
 * (documents, notes) are written by the server around these pieces (`delivery-answer.presenter.ts`).
 * `delivery-answer.test.ts` proves the assembled text equal to `presentDelivery` encoded by the contract's schema.
 *
 * Values are written as JSON text by hand rather than with json_build_object, whose text has spaces around every
 * colon and comma: `to_json(text)` escapes strings, timestamps are `Date.toISOString()`'s format (UTC, milliseconds
 * truncated as the pg driver's dates are), numbers are PostgreSQL's shortest exact text (as the driver reads them).
 */

// Written out in full: inside a select list Drizzle renders a column without its table, which would bind to a
// subquery's own columns.
const d = (column: string) => sql.raw(`"deliveries"."${column}"`);
const deliveryId = d('id');

/**
 * `Date.prototype.toISOString`'s format for to_char. Its colons are chr(58): pgbench (which runs these statements,
 * bench/sql) reads `:MI` as one of its variables even inside a string; PostgreSQL folds the constant when it plans.
 */
const ISO_FORMAT = sql.raw(`('YYYY-MM-DD"T"HH24' || chr(58) || 'MI' || chr(58) || 'SS.MS"Z"')`);
/** A timestamptz as `Date.prototype.toISOString` writes it, in quotes; `null` for NULL. */
export const isoJson = (ts: SQL) =>
  sql`coalesce('"' || to_char(${ts} at time zone 'UTC', ${ISO_FORMAT}) || '"', 'null')`;
/** Text (or anything with a JSON form) as JSON; `null` for NULL. */
const json = (value: SQL) => sql`coalesce(to_json(${value})::text, 'null')`;
/** A double as JSON.stringify writes it in meaning: `+ 0` turns -0 into 0 (as JSON.stringify(-0) is "0"). */
const float = (value: SQL) => sql`coalesce(to_json(${value} + 0)::text, 'null')`;
/** A uuid (or a slug of plain characters) in quotes; `null` for NULL. */
const quoted = (value: SQL) => sql`coalesce('"' || ${value}::text || '"', 'null')`;
/** `"key":` then the value: one member of an object's text. */
const member = (key: string, value: SQL) => sql`${sql.raw(`'${JSON.stringify(key)}:'`)} || ${value}`;
/** Members joined by commas: an object's text without its braces. */
const members = (...parts: [string, SQL][]) =>
  sql.join(
    parts.map(([k, v], i) => (i === 0 ? member(k, v) : sql`',' || ${member(k, v)}`)),
    sql` || `,
  );
/** `[a,b]` of the rows' texts in order, `[]` for none (string_agg of no rows is NULL). */
const array = (element: SQL, from: SQL, order: SQL) =>
  sql`coalesce((select '[' || string_agg(${element}, ',' order by ${order}) || ']' from ${from}), '[]')`;

const tasksOf = (stepId: SQL) =>
  array(
    sql`'{' || ${members(
      ['uuid', quoted(sql`t.id`)],
      ['deliveryStepTaskUuid', quoted(sql`t.id`)],
      ['deliveryStepUuid', quoted(stepId)],
      ['deliveryStepTaskTypeSlug', json(sql`t.type_slug`)],
    )} || '}'`,
    sql`${deliveryStepTasks} t where t.step_id = ${stepId}`,
    sql`t.task_order_no, t.id`,
  );

/**
 * The pieces of a delivery's JSON text: `head` is the object's first members (`uuid` to `deliveryQuoteUuids`),
 * `schedule` its windows and steps, `tail` its location and tracking code; the presenter puts the documents, the
 * vehicle map and the viewer's fields between and after them. The rest are what the policy is asked with.
 */
export const deliveryAnswerColumns = {
  id: deliveries.id,
  headJson: sql<string>`'{' || ${members(
    ['uuid', quoted(deliveryId)],
    ['createdAt', isoJson(d('created_at'))],
    ['quoteStatusChangedAt', isoJson(d('quote_status_changed_at'))],
    ['liveStatusChangedAt', isoJson(d('live_status_changed_at'))],
    ['startedAt', isoJson(d('started_at'))],
    ['completedAt', isoJson(d('completed_at'))],
    ['name', json(d('name'))],
    ['description', json(d('description'))],
    ['externalId', json(d('external_id'))],
    ['isActive', json(d('is_active'))],
    ['activeDeliveryStepUuid', quoted(d('active_step_id'))],
    ['activeDeliveryStepTaskUuid', quoted(d('active_task_id'))],
    ['originatorSlug', json(d('originator_slug'))],
    ['originatorAccountUuid', quoted(d('originator_account_id'))],
    ['deliveryQuoteStatusTypeSlug', json(d('quote_status_slug'))],
    ['deliveryLiveStatusTypeSlug', json(d('live_status_slug'))],
    ['deliveryCancelTypeSlug', json(d('cancel_type_slug'))],
    ['isScheduled', json(d('is_scheduled'))],
    ['distanceM', json(d('distance_m'))],
    ['originalDistanceM', json(d('original_distance_m'))],
    ['durationS', json(d('duration_s'))],
    ['originalDurationS', json(d('original_duration_s'))],
    ['maxVolumeCm3', json(d('max_volume_cm3'))],
    ['maxWeightKg', float(d('max_weight_kg'))],
    ['totalSteps', sql`(select count(*) from ${deliverySteps} s where s.delivery_id = ${deliveryId})::text`],
    ['currencyCode', json(d('currency_code'))],
    ['maxParcelPriceMinor', json(d('max_parcel_price_minor'))],
    [
      'deliveryQuoteUuids',
      array(
        quoted(sql`q.id`),
        sql`${deliveryQuotes} q where q.delivery_id = ${deliveryId}`,
        sql`q.created_at, q.id`,
      ),
    ],
  )}`,
  scheduleJson: sql<string>`${members(
    [
      'deliveryScheduleWindows',
      array(
        sql`'{' || ${members(
          ['startAt', isoJson(sql`w.start_at`)],
          ['endAt', isoJson(sql`w.end_at`)],
          ['deliveryScheduleWindowTypeSlug', json(sql`w.type_slug`)],
        )} || '}'`,
        sql`${deliveryScheduleWindows} w where w.delivery_id = ${deliveryId}`,
        sql`w.start_at, w.id`,
      ),
    ],
    [
      'deliverySteps',
      array(
        sql`'{' || ${members(
          ['deliveryStepUuid', quoted(sql`s.id`)],
          ['deliveryUuid', quoted(sql`s.delivery_id`)],
          ['stepOrderNo', json(sql`s.step_order_no`)],
          ['nextDeliveryStepUuid', quoted(sql`s.next_id`)],
          ['locationRouteUuid', quoted(sql`s.location_route_id`)],
          ['deliveryStepTasks', tasksOf(sql`s.id`)],
        )} || '}'`,
        sql`(select ss.*, lead(ss.id) over (order by ss.step_order_no) as next_id from ${deliverySteps} ss where ss.delivery_id = ${deliveryId}) s`,
        sql`s.step_order_no`,
      ),
    ],
  )}`,
  tailJson: sql<string>`${members(
    [
      'location',
      sql`case when ${d('lat')} is not null and ${d('lng')} is not null then '{"lat":' || ${float(d('lat'))} || ',"lng":' || ${float(d('lng'))} || '}' else 'null' end`,
    ],
    ['trackingCode', json(d('tracking_code'))],
  )}`,
  ownerCompanyId: deliveries.ownerCompanyId,
  carrierCompanyId: deliveries.carrierCompanyId,
  liveStatusSlug: deliveries.liveStatusSlug,
  handoverPin: deliveries.handoverPin,
  trackingToken: deliveries.trackingToken,
  /** Open assignments, in the order the reference presenter reads them: the vehicle map and the policy's subject. */
  assignmentsJson: sql<string>`coalesce((select json_agg(json_build_object('vehicleId', a.vehicle_id, 'driverUserIds', a.driver_user_ids) order by a.assigned_at, a.id) from ${deliveryAssignments} a where a.delivery_id = ${deliveryId} and a.unassigned_at is null), '[]')::text`,
};

export interface DeliveryAnswerRow {
  id: string;
  headJson: string;
  scheduleJson: string;
  tailJson: string;
  ownerCompanyId: string;
  carrierCompanyId: string | null;
  liveStatusSlug: string;
  handoverPin: string;
  trackingToken: string;
  assignmentsJson: string;
}
