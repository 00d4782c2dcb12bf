import { LIVE_ACTIVE_STATUSES, LIVE_UNDER_WAY_STATUSES, type LiveStatus } from '@courier/contract';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  addresses,
  autoAssignOutcomes,
  companies,
  companyMembers,
  deliveries,
  deliveryAssignments,
  deliveryScheduleWindows,
  deliverySteps,
  deliveryStepTasks,
  driverInfos,
  driverPositions,
  routeStops,
  stopEtas,
  users,
  vehicles,
} from '../../db/schema/index.js';

/** Statuses in which a delivery is the dispatcher's to place: not started, or under way (then kept in its route). */
export const BOARD_STATUSES: readonly LiveStatus[] = ['created', 'scheduled', ...LIVE_ACTIVE_STATUSES];
/** Deliveries a board shows at most (the rest wait for the next day's or a narrower board). */
export const BOARD_DELIVERY_LIMIT = 1_000;

// Columns of the outer row inside a subquery, qualified by hand: Drizzle writes a lone table's columns unqualified,
// which a subquery would read as its own.
const deliveryId = sql.raw('"deliveries"."id"');
const stepId = sql.raw('"delivery_steps"."id"');
const stepAddressId = sql.raw('"delivery_steps"."address_id"');
const startAddressId = sql.raw('"driver_infos"."shift_start_address_id"');
const endAddressId = sql.raw('"driver_infos"."shift_end_address_id"');

/** The company that runs a delivery: its carrier once there is one, else its owner (the policy's `running-admin`). */
export const runBy = (companyId: string) =>
  or(
    eq(deliveries.carrierCompanyId, companyId),
    and(eq(deliveries.ownerCompanyId, companyId), isNull(deliveries.carrierCompanyId)),
  )!;

export async function readPlanningSettings(db: DbOrTx, companyId: string) {
  const [row] = await db
    .select({ timeZone: companies.timeZone, autoAssign: companies.autoAssign })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row ?? { timeZone: 'Europe/London', autoAssign: false };
}

export async function writeAutoAssign(db: DbOrTx, companyId: string, autoAssign: boolean) {
  await db.update(companies).set({ autoAssign, updatedAt: new Date() }).where(eq(companies.id, companyId));
}

const startAddress = sql`(select json_build_object('label', coalesce(a.label, a.line1 || ', ' || a.postcode), 'lat', a.lat, 'lng', a.lng) from ${addresses} a where a.id = ${startAddressId} and a.lat is not null)`;
const endAddress = sql`(select json_build_object('label', coalesce(a.label, a.line1 || ', ' || a.postcode), 'lat', a.lat, 'lng', a.lng) from ${addresses} a where a.id = ${endAddressId} and a.lat is not null)`;

export interface PlaceRow {
  label: string;
  lat: number;
  lng: number;
}

/** The company's active drivers with their working day, usual vehicle and last known position, by name. */
export async function readPlanningDrivers(db: DbOrTx, companyId: string, userIds?: readonly string[]) {
  return db
    .select({
      userId: users.id,
      firstName: users.firstname,
      lastName: users.lastname,
      statusSlug: driverInfos.statusSlug,
      shiftStartMinute: driverInfos.shiftStartMinute,
      shiftEndMinute: driverInfos.shiftEndMinute,
      breakMinutes: driverInfos.breakMinutes,
      breakFromMinute: driverInfos.breakFromMinute,
      breakUntilMinute: driverInfos.breakUntilMinute,
      shiftStartAddressId: driverInfos.shiftStartAddressId,
      shiftEndAddressId: driverInfos.shiftEndAddressId,
      usualVehicleId: driverInfos.usualVehicleId,
      startPlace: sql<PlaceRow | null>`${startAddress}`,
      endPlace: sql<PlaceRow | null>`${endAddress}`,
      lat: driverPositions.lat,
      lng: driverPositions.lng,
      positionAt: driverPositions.recordedAt,
    })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .innerJoin(
      driverInfos,
      and(eq(driverInfos.userId, companyMembers.userId), eq(driverInfos.companyId, companyMembers.companyId)),
    )
    .leftJoin(driverPositions, eq(driverPositions.userId, users.id))
    .where(
      and(
        eq(companyMembers.companyId, companyId),
        eq(companyMembers.roleSlug, 'driver'),
        eq(companyMembers.status, 'active'),
        userIds ? inArray(users.id, [...userIds]) : undefined,
      ),
    )
    .orderBy(asc(users.firstname), asc(users.lastname), asc(users.id));
}
export type PlanningDriverRow = Awaited<ReturnType<typeof readPlanningDrivers>>[number];

/** The company's vehicles a route may use, with what they carry. */
export async function readPlanningVehicles(db: DbOrTx, companyId: string) {
  return db
    .select({
      id: vehicles.id,
      name: vehicles.name,
      sizeSlug: vehicles.sizeSlug,
      statusSlug: vehicles.statusSlug,
      capacityKg: vehicles.capacityKg,
      capacityVolumeCm3: vehicles.capacityVolumeCm3,
    })
    .from(vehicles)
    .where(eq(vehicles.companyId, companyId))
    .orderBy(asc(vehicles.name));
}
export type PlanningVehicleRow = Awaited<ReturnType<typeof readPlanningVehicles>>[number];

/**
 * The deliveries the company runs on `day`: those in one of its routes of the day, and those in no route of it with a
 * window touching [from, to) — or with no window at all, on today's board and later ones (`openEnded`).
 */
export async function readBoardDeliveries(
  db: DbOrTx,
  companyId: string,
  day: { day: string; from: Date; to: Date; openEnded: boolean },
  /** Only one driver's: those of their route of the day, and those assigned to them (under way: whatever the day). */
  driverUserId?: string,
) {
  const inDayRoute = sql`exists (select 1 from ${routeStops} rs where rs.delivery_id = ${deliveryId} and rs.company_id = ${companyId} and rs.route_day = ${day.day})`;
  const inDriverDayRoute = sql`exists (select 1 from ${routeStops} rs where rs.delivery_id = ${deliveryId} and rs.company_id = ${companyId} and rs.route_day = ${day.day} and rs.driver_user_id = ${driverUserId ?? null})`;
  const assignedToDriver = sql`exists (select 1 from ${deliveryAssignments} a where a.delivery_id = ${deliveryId} and a.unassigned_at is null and ${driverUserId ?? null}::uuid = any(a.driver_user_ids))`;
  const inAnyRoute = sql`exists (select 1 from ${routeStops} rs where rs.delivery_id = ${deliveryId} and rs.company_id = ${companyId})`;
  const windowTouches = sql`exists (select 1 from ${deliveryScheduleWindows} w where w.delivery_id = ${deliveryId} and w.start_at < ${day.to.toISOString()} and w.end_at > ${day.from.toISOString()})`;
  const noWindow = sql`not exists (select 1 from ${deliveryScheduleWindows} w where w.delivery_id = ${deliveryId})`;
  return db
    .select({
      id: deliveries.id,
      name: deliveries.name,
      liveStatusSlug: deliveries.liveStatusSlug,
      isScheduled: deliveries.isScheduled,
      maxWeightKg: deliveries.maxWeightKg,
      maxVolumeCm3: deliveries.maxVolumeCm3,
      createdAt: deliveries.createdAt,
    })
    .from(deliveries)
    .where(
      and(
        runBy(companyId),
        eq(deliveries.isActive, true),
        inArray(deliveries.liveStatusSlug, [...BOARD_STATUSES]),
        driverUserId
          ? or(
              inDriverDayRoute,
              and(
                assignedToDriver,
                or(
                  inArray(deliveries.liveStatusSlug, [...LIVE_UNDER_WAY_STATUSES]),
                  and(sql`not ${inAnyRoute}`, or(windowTouches, noWindow)),
                ),
              ),
            )
          : or(
              inDayRoute,
              and(sql`not ${inAnyRoute}`, day.openEnded ? or(windowTouches, noWindow) : windowTouches),
            ),
      ),
    )
    .orderBy(asc(deliveries.createdAt), asc(deliveries.id))
    .limit(BOARD_DELIVERY_LIMIT);
}
export type BoardDeliveryRow = Awaited<ReturnType<typeof readBoardDeliveries>>[number];

/** The steps of these deliveries with their point, address in one line, first task's kind and whether all are done. */
export async function readBoardSteps(db: DbOrTx, deliveryIds: readonly string[]) {
  if (deliveryIds.length === 0) return [];
  return db
    .select({
      id: deliverySteps.id,
      deliveryId: deliverySteps.deliveryId,
      stepOrderNo: deliverySteps.stepOrderNo,
      lat: deliverySteps.lat,
      lng: deliverySteps.lng,
      label: sql<
        string | null
      >`(select coalesce(a.label || ' · ', '') || a.line1 || ', ' || a.postcode from ${addresses} a where a.id = ${stepAddressId})`,
      firstTaskType: sql<
        string | null
      >`(select t.type_slug from ${deliveryStepTasks} t where t.step_id = ${stepId} order by t.task_order_no limit 1)`,
      done: sql<boolean>`(exists (select 1 from ${deliveryStepTasks} t where t.step_id = ${stepId}) and not exists (select 1 from ${deliveryStepTasks} t where t.step_id = ${stepId} and t.completed_at is null))`,
    })
    .from(deliverySteps)
    .where(inArray(deliverySteps.deliveryId, [...deliveryIds]))
    .orderBy(asc(deliverySteps.deliveryId), asc(deliverySteps.stepOrderNo));
}
export type BoardStepRow = Awaited<ReturnType<typeof readBoardSteps>>[number];

export async function readBoardWindows(db: DbOrTx, deliveryIds: readonly string[]) {
  if (deliveryIds.length === 0) return [];
  return db
    .select({
      deliveryId: deliveryScheduleWindows.deliveryId,
      typeSlug: deliveryScheduleWindows.typeSlug,
      startAt: deliveryScheduleWindows.startAt,
      endAt: deliveryScheduleWindows.endAt,
    })
    .from(deliveryScheduleWindows)
    .where(inArray(deliveryScheduleWindows.deliveryId, [...deliveryIds]))
    .orderBy(asc(deliveryScheduleWindows.startAt));
}

export async function readOpenAssignments(db: DbOrTx, deliveryIds: readonly string[]) {
  if (deliveryIds.length === 0) return [];
  return db
    .select({
      deliveryId: deliveryAssignments.deliveryId,
      vehicleId: deliveryAssignments.vehicleId,
      driverUserIds: deliveryAssignments.driverUserIds,
    })
    .from(deliveryAssignments)
    .where(
      and(
        inArray(deliveryAssignments.deliveryId, [...deliveryIds]),
        isNull(deliveryAssignments.unassignedAt),
      ),
    );
}

/** The stored ETA of these steps (issue 36, decision 073), where one is. */
export async function readStopEtas(db: DbOrTx, stepIds: readonly string[]) {
  if (stepIds.length === 0) return [];
  return db
    .select({ stepId: stopEtas.deliveryStepId, arriveAt: stopEtas.arriveAt })
    .from(stopEtas)
    .where(inArray(stopEtas.deliveryStepId, [...stepIds]));
}

/** The company's routes of the day, stop by stop in order. */
export async function readRouteStops(db: DbOrTx, companyId: string, day: string) {
  return db
    .select({
      driverUserId: routeStops.driverUserId,
      deliveryId: routeStops.deliveryId,
      deliveryStepId: routeStops.deliveryStepId,
      position: routeStops.position,
      locked: routeStops.locked,
    })
    .from(routeStops)
    .where(and(eq(routeStops.companyId, companyId), eq(routeStops.routeDay, day)))
    .orderBy(asc(routeStops.driverUserId), asc(routeStops.position));
}

/** Takes these deliveries' stops out of every route of the company (before they are laid out again, or unassigned). */
export async function removeFromRoutes(db: DbOrTx, companyId: string, deliveryIds: readonly string[]) {
  if (deliveryIds.length === 0) return;
  await db
    .delete(routeStops)
    .where(and(eq(routeStops.companyId, companyId), inArray(routeStops.deliveryId, [...deliveryIds])));
}

/** Empties these drivers' routes of the day (they are written again whole). */
export async function clearRoutes(
  db: DbOrTx,
  companyId: string,
  day: string,
  driverUserIds: readonly string[],
) {
  if (driverUserIds.length === 0) return;
  await db
    .delete(routeStops)
    .where(
      and(
        eq(routeStops.companyId, companyId),
        eq(routeStops.routeDay, day),
        inArray(routeStops.driverUserId, [...driverUserIds]),
      ),
    );
}

export async function insertRouteStops(db: DbOrTx, rows: (typeof routeStops.$inferInsert)[]) {
  if (rows.length === 0) return;
  await db.insert(routeStops).values(rows);
}

/** Why auto-assignment left these deliveries on the board. */
export async function readAutoAssignOutcomes(db: DbOrTx, deliveryIds: readonly string[]) {
  if (deliveryIds.length === 0) return [];
  return db
    .select({ deliveryId: autoAssignOutcomes.deliveryId, reason: autoAssignOutcomes.reason })
    .from(autoAssignOutcomes)
    .where(inArray(autoAssignOutcomes.deliveryId, [...deliveryIds]));
}

/** A delivery placed (or taken off) by a dispatcher: auto-assignment's reason no longer stands. */
export async function forgetAutoAssignOutcomes(db: DbOrTx, deliveryIds: readonly string[]) {
  if (deliveryIds.length === 0) return;
  await db.delete(autoAssignOutcomes).where(inArray(autoAssignOutcomes.deliveryId, [...deliveryIds]));
}
