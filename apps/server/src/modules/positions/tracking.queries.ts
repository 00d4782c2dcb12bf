import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  addresses,
  companies,
  deliveries,
  deliveryAssignments,
  deliveryStatusRecords,
  deliverySteps,
  deliveryStepTasks,
  users,
} from '../../db/schema/index.js';

/**
 * The delivery a tracking token names (the unique index), with the drivers of its open assignment and the country of
 * the company that sends it (the page's date style).
 */
export async function findTrackedDelivery(db: DbOrTx, token: string) {
  const [row] = await db
    .select({
      id: deliveries.id,
      countryCode: companies.countryCode,
      liveStatusSlug: deliveries.liveStatusSlug,
      liveStatusChangedAt: deliveries.liveStatusChangedAt,
      assignedDriverIds: sql<
        string[]
      >`coalesce((select a.driver_user_ids from ${deliveryAssignments} a where a.delivery_id = ${sql.raw('"deliveries"."id"')} and a.unassigned_at is null limit 1), '{}')`,
    })
    .from(deliveries)
    .innerJoin(companies, eq(companies.id, deliveries.ownerCompanyId))
    .where(eq(deliveries.trackingToken, token))
    .limit(1);
  return row;
}

/**
 * The live status moves, oldest first. The message is read for a failed attempt's reason only: the page shows no
 * other status's message (an office's words).
 */
export const listTimeline = (db: DbOrTx, deliveryId: string) =>
  db
    .select({
      status: deliveryStatusRecords.statusSlug,
      at: deliveryStatusRecords.createdAt,
      message: deliveryStatusRecords.statusMessage,
    })
    .from(deliveryStatusRecords)
    .where(
      and(eq(deliveryStatusRecords.deliveryId, deliveryId), eq(deliveryStatusRecords.statusType, 'live')),
    )
    .orderBy(asc(deliveryStatusRecords.seq));

/** The last stop with a dropoff task: its id, its address's city and postcode and its point (nothing else of it). */
export async function findLastDropoff(db: DbOrTx, deliveryId: string) {
  const [row] = await db
    .select({
      stepId: deliverySteps.id,
      city: addresses.city,
      postcode: addresses.postcode,
      lat: sql<number | null>`coalesce(${deliverySteps.lat}, ${addresses.lat})`,
      lng: sql<number | null>`coalesce(${deliverySteps.lng}, ${addresses.lng})`,
    })
    .from(deliverySteps)
    .leftJoin(addresses, eq(addresses.id, deliverySteps.addressId))
    .where(
      and(
        eq(deliverySteps.deliveryId, deliveryId),
        sql`exists (select 1 from ${deliveryStepTasks} t where t.step_id = ${sql.raw('"delivery_steps"."id"')} and t.type_slug = 'dropoff')`,
      ),
    )
    .orderBy(sql`${deliverySteps.stepOrderNo} desc`)
    .limit(1);
  return row;
}

/** A driver's first name. */
export async function findFirstName(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ firstName: users.firstname })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.firstName ?? null;
}
