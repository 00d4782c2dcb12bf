import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  deliveryLocationPoints,
  deliverySteps,
  deliveryStepTasks,
  driverPositions,
  users,
} from '../../db/schema/index.js';
import type { StopRow, TrackPoint } from './eta.js';

/**
 * What the live side reads of a delivery: a `DeliveryAccess` (the policy asked) on the company and driver calls, the
 * delivery a tracking token names on the public one.
 */
export interface LiveSubject {
  delivery: { id: string; liveStatusSlug: string; assignedDriverIds: readonly string[] };
}

/** The newest latest-position among the drivers of the delivery's open assignment, with the driver's first name. */
export async function findDriverPosition(db: DbOrTx, { delivery }: LiveSubject) {
  if (delivery.assignedDriverIds.length === 0) return undefined;
  const [row] = await db
    .select({
      userId: driverPositions.userId,
      lat: driverPositions.lat,
      lng: driverPositions.lng,
      recordedAt: driverPositions.recordedAt,
      heading: driverPositions.heading,
      firstName: users.firstname,
    })
    .from(driverPositions)
    .innerJoin(users, eq(users.id, driverPositions.userId))
    .where(inArray(driverPositions.userId, [...delivery.assignedDriverIds]))
    .orderBy(desc(driverPositions.recordedAt))
    .limit(1);
  return row;
}

/** The driver's last few points filed on this delivery, newest first (for their recent speed). */
export async function listRecentPoints(
  db: DbOrTx,
  opts: { deliveryId: string; userId: string; count: number },
): Promise<TrackPoint[]> {
  const rows = await db
    .select({
      lat: deliveryLocationPoints.lat,
      lng: deliveryLocationPoints.lng,
      speed: deliveryLocationPoints.speed,
      recordedAt: deliveryLocationPoints.recordedAt,
    })
    .from(deliveryLocationPoints)
    .where(
      and(
        eq(deliveryLocationPoints.deliveryId, opts.deliveryId),
        eq(deliveryLocationPoints.driverUserId, opts.userId),
      ),
    )
    .orderBy(desc(deliveryLocationPoints.recordedAt))
    .limit(opts.count);
  return rows.map((r) => ({ lat: r.lat, lng: r.lng, speed: r.speed, at: r.recordedAt.getTime() }));
}

/** The delivery's stops in order, with their tasks' types and whether each is done. */
export async function listStops(db: DbOrTx, deliveryId: string): Promise<StopRow[]> {
  const rows = await db
    .select({
      id: deliverySteps.id,
      stepOrderNo: deliverySteps.stepOrderNo,
      lat: deliverySteps.lat,
      lng: deliverySteps.lng,
      tasks: sql<
        { typeSlug: string; done: boolean }[]
      >`coalesce((select json_agg(json_build_object('typeSlug', t.type_slug, 'done', t.completed_at is not null)) from ${deliveryStepTasks} t where t.step_id = ${sql.raw('"delivery_steps"."id"')}), '[]')`,
    })
    .from(deliverySteps)
    .where(eq(deliverySteps.deliveryId, deliveryId))
    .orderBy(asc(deliverySteps.stepOrderNo));
  return rows.map((r) => ({
    ...r,
    tasks: (typeof r.tasks === 'string' ? JSON.parse(r.tasks) : r.tasks) as StopRow['tasks'],
  }));
}
