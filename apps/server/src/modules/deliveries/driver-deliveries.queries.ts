import type { Actor } from '@courier/contract';
import { LIVE_FINAL_STATUSES } from '@courier/contract';
import { and, asc, desc, eq, gte, inArray, isNotNull, notInArray, or, sql } from 'drizzle-orm';
import { driverScope, type DeliveryAccess } from '../../access/delivery-access.js';
import type { DbOrTx } from '../../db/client.js';
import {
  addresses,
  companies,
  deliveries,
  deliveryScheduleWindows,
  deliverySteps,
  deliveryStepTaskParcels,
  deliveryStepTasks,
  recipientInstructions,
  routeStops,
  stopEtas,
} from '../../db/schema/index.js';
import { addressColumns } from '../directory/index.js';

/** A driver's list never grows past a day's work; this is a guard, not a page. */
const DRIVER_LIST_MAX = 100;

/**
 * The deliveries assigned to the driver now that are still under way, or that ended today: under way first, each
 * group by its first window (soonest first), then by creation.
 */
export async function listDriverDeliveryIds(db: DbOrTx, actor: Actor, startOfToday: Date) {
  const firstWindow = sql`(select min(w.start_at) from ${deliveryScheduleWindows} w where w.delivery_id = ${deliveries.id})`;
  // Where the dispatcher put it in my routes (issue 35): the day, then the place of its first stop in the day's route.
  const firstPlanned = sql`(select min(to_char(rs.route_day, 'YYYY-MM-DD') || lpad(rs.position::text, 6, '0')) from ${routeStops} rs where rs.delivery_id = ${sql.raw('"deliveries"."id"')} and rs.driver_user_id = ${actor.userId})`;
  const rows = await db
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(
      and(
        driverScope(actor),
        or(
          notInArray(deliveries.liveStatusSlug, [...LIVE_FINAL_STATUSES]),
          and(isNotNull(deliveries.completedAt), gte(deliveries.completedAt, startOfToday)),
        ),
      ),
    )
    .orderBy(
      desc(deliveries.isActive),
      sql`${firstPlanned} asc nulls last`,
      sql`${firstWindow} asc nulls last`,
      asc(deliveries.createdAt),
    )
    .limit(DRIVER_LIST_MAX);
  return rows.map((r) => r.id);
}

/**
 * A delivery's steps in stop order, with their address where one is kept, where each stands in the calling driver's
 * route of its day (issue 35), and the recipient's instructions for it (issue 36).
 */
export const listStopRows = (db: DbOrTx, { deliveryId, actor }: DeliveryAccess) =>
  db
    .select({
      id: deliverySteps.id,
      stepOrderNo: deliverySteps.stepOrderNo,
      lat: deliverySteps.lat,
      lng: deliverySteps.lng,
      address: addressColumns,
      routeDay: routeStops.routeDay,
      routePosition: routeStops.position,
      plannedArrivalAt: routeStops.plannedArrivalAt,
      // The stop's one ETA (decision 073), when this driver is timed to it.
      etaAt: stopEtas.arriveAt,
      // What the recipient asked of the driver here, from the tracking page (issue 36).
      instructions: {
        doorCode: recipientInstructions.doorCode,
        safePlace: recipientInstructions.safePlace,
        callOnArrival: recipientInstructions.callOnArrival,
        note: recipientInstructions.note,
        updatedAt: recipientInstructions.updatedAt,
      },
    })
    .from(deliverySteps)
    .leftJoin(addresses, eq(addresses.id, deliverySteps.addressId))
    .leftJoin(recipientInstructions, eq(recipientInstructions.stepId, deliverySteps.id))
    .leftJoin(
      stopEtas,
      and(
        eq(stopEtas.deliveryStepId, deliverySteps.id),
        actor.userId ? eq(stopEtas.driverUserId, actor.userId) : sql`false`,
      ),
    )
    .leftJoin(
      routeStops,
      and(
        eq(routeStops.deliveryStepId, deliverySteps.id),
        actor.userId ? eq(routeStops.driverUserId, actor.userId) : sql`false`,
      ),
    )
    .where(eq(deliverySteps.deliveryId, deliveryId))
    .orderBy(asc(deliverySteps.stepOrderNo));

/** Which parcel is on which task of a delivery. */
export const listTaskParcelRows = (db: DbOrTx, { deliveryId }: DeliveryAccess) =>
  db
    .select({ taskId: deliveryStepTaskParcels.taskId, parcelId: deliveryStepTaskParcels.parcelId })
    .from(deliveryStepTaskParcels)
    .where(
      inArray(
        deliveryStepTaskParcels.taskId,
        db
          .select({ id: deliveryStepTasks.id })
          .from(deliveryStepTasks)
          .innerJoin(deliverySteps, eq(deliverySteps.id, deliveryStepTasks.stepId))
          .where(eq(deliverySteps.deliveryId, deliveryId)),
      ),
    );

export async function findOwnerName(db: DbOrTx, access: DeliveryAccess) {
  const [row] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, access.delivery.ownerCompanyId));
  return row?.name ?? '';
}
