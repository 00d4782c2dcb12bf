import { PLAN_STATUSES } from '@courier/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, tstz, updatedAt } from './columns.js';
import { deliveries, deliverySteps } from './deliveries.schema.js';
import { companies, users } from './identity.schema.js';

/**
 * A driver's route for a day (issue 35, decision 070): the stops of the deliveries assigned to them, in the order
 * they are to be done, with the planned times. Kept by the company that runs the deliveries (owner or carrier); a
 * stop is in one route of that company at most. The assignment (delivery_assignments) stays the truth of who
 * carries a delivery: a route only orders what is assigned, and is written in the same transaction as it.
 */
export const routeStops = pgTable(
  'route_stops',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    driverUserId: uuid('driver_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The day in the company's time zone. */
    routeDay: date('route_day', { mode: 'string' }).notNull(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    deliveryStepId: uuid('delivery_step_id')
      .notNull()
      .references(() => deliverySteps.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    plannedArrivalAt: tstz('planned_arrival_at'),
    plannedDepartureAt: tstz('planned_departure_at'),
    /** Kept in its place by the optimiser (the dispatcher's lock, or work under way). */
    locked: boolean('locked').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('route_stops_company_step_unique').on(t.companyId, t.deliveryStepId),
    index('route_stops_route_idx').on(t.companyId, t.routeDay, t.driverUserId, t.position),
    index('route_stops_delivery_idx').on(t.deliveryId),
  ],
);

/**
 * An optimisation asked for by a dispatcher (issue 35): solved by a job, then reviewed and applied or discarded.
 * `result` holds the proposed routes and the before/after figures as the board shows them.
 */
export const planDrafts = pgTable(
  'plan_drafts',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    routeDay: date('route_day', { mode: 'string' }).notNull(),
    status: text('status', { enum: PLAN_STATUSES }).notNull().default('solving'),
    engine: text('engine').notNull(),
    driverUserIds: uuid('driver_user_ids').array().notNull(),
    deliveryIds: uuid('delivery_ids').array().notNull(),
    requestedByUserId: uuid('requested_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    result: jsonb('result'),
    /** The board the plan was made from (its routes, the deliveries' statuses and drivers): applied only onto it. */
    boardFingerprint: text('board_fingerprint'),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: tstz('finished_at'),
    appliedAt: tstz('applied_at'),
  },
  (t) => [
    index('plan_drafts_company_day_idx').on(t.companyId, t.routeDay, t.createdAt.desc()),
    index('plan_drafts_solving_idx')
      .on(t.status)
      .where(sql`status = 'solving'`),
  ],
);

/**
 * Why auto-assignment left a delivery unassigned (issue 35): the board shows it beside the delivery until a
 * dispatcher places it (the row goes when the delivery is put in a route).
 */
export const autoAssignOutcomes = pgTable('auto_assign_outcomes', {
  deliveryId: uuid('delivery_id')
    .primaryKey()
    .references(() => deliveries.id, { onDelete: 'cascade' }),
  companyId: uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  reason: text('reason').notNull(),
  createdAt: createdAt(),
});

/**
 * The one ETA of each stop still ahead of a driver who is out (issue 36, decision 073): computed along the driver's
 * route from their latest position (positions/etas.service.ts), stored here, and read by every page, message and
 * webhook. A stop done, or a delivery no longer run by the driver, loses its row.
 */
export const stopEtas = pgTable(
  'stop_etas',
  {
    deliveryStepId: uuid('delivery_step_id')
      .primaryKey()
      .references(() => deliverySteps.id, { onDelete: 'cascade' }),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    /** The company whose route it is (the one that runs the delivery). */
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    driverUserId: uuid('driver_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Its place among the driver's stops still ahead (0: next). */
    routePosition: integer('route_position').notNull(),
    /** Along the road from the driver's position, through the stops before it. */
    distanceM: integer('distance_m').notNull(),
    durationS: integer('duration_s').notNull(),
    arriveAt: tstz('arrive_at').notNull(),
    earliestAt: tstz('earliest_at').notNull(),
    latestAt: tstz('latest_at').notNull(),
    /** Metres a second the leg the driver is on was timed at, and where that came from (`recent` or `route`). */
    speedMs: doublePrecision('speed_ms').notNull(),
    speedSource: text('speed_source').notNull(),
    /** The driver's position it was computed from: when it was recorded. */
    positionAt: tstz('position_at').notNull(),
    computedAt: tstz('computed_at').notNull(),
    /** The arrival last published on the live stream (null: not yet): the next is when it moves by over a minute. */
    publishedArriveAt: tstz('published_arrive_at'),
  },
  (t) => [index('stop_etas_delivery_idx').on(t.deliveryId), index('stop_etas_driver_idx').on(t.driverUserId)],
);
