import { LIVE_ACTIVE_STATUSES } from '@courier/contract';
import { and, asc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/executed-rows.js';
import { deliveries, deliveryAssignments, driverPositions, stopEtas } from '../../db/schema/index.js';

export type StopEtaRow = typeof stopEtas.$inferSelect;
export type NewStopEta = typeof stopEtas.$inferInsert;

/** A driver whose stops are timed, in the company whose route they are. */
export interface EtaTarget {
  companyId: string;
  driverUserId: string;
}

/** A delivery's stored ETAs, in route order. */
export function listDeliveryEtas(db: DbOrTx, deliveryId: string): Promise<StopEtaRow[]> {
  return db
    .select()
    .from(stopEtas)
    .where(eq(stopEtas.deliveryId, deliveryId))
    .orderBy(asc(stopEtas.routePosition));
}

/**
 * A driver's stored ETAs in one company's route, locked for the refresh that replaces them: an advisory lock on the
 * driver first, so that two refreshes (the minute's job and a reader's) take turns even while the driver has no row
 * yet to lock, and the second compares its times with what the first stored.
 */
export async function lockDriverEtas(db: DbOrTx, target: EtaTarget): Promise<StopEtaRow[]> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`stop_etas:${target.driverUserId}`}))`);
  return db
    .select()
    .from(stopEtas)
    .where(and(eq(stopEtas.companyId, target.companyId), eq(stopEtas.driverUserId, target.driverUserId)))
    .for('update');
}

/** Writes a driver's ETAs (the arrival last published is kept unless given). */
export async function upsertEtas(db: DbOrTx, rows: readonly NewStopEta[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(stopEtas)
    .values([...rows])
    .onConflictDoUpdate({
      target: stopEtas.deliveryStepId,
      set: {
        deliveryId: sql`excluded.delivery_id`,
        companyId: sql`excluded.company_id`,
        driverUserId: sql`excluded.driver_user_id`,
        routePosition: sql`excluded.route_position`,
        distanceM: sql`excluded.distance_m`,
        durationS: sql`excluded.duration_s`,
        arriveAt: sql`excluded.arrive_at`,
        earliestAt: sql`excluded.earliest_at`,
        latestAt: sql`excluded.latest_at`,
        speedMs: sql`excluded.speed_ms`,
        speedSource: sql`excluded.speed_source`,
        positionAt: sql`excluded.position_at`,
        computedAt: sql`excluded.computed_at`,
        publishedArriveAt: sql`coalesce(excluded.published_arrive_at, ${stopEtas.publishedArriveAt})`,
      },
    });
}

/** Deletes a driver's ETAs in a company's route but those of `keep` (the stops still ahead). */
export async function deleteEtasBut(db: DbOrTx, target: EtaTarget, keep: readonly string[]): Promise<void> {
  await db
    .delete(stopEtas)
    .where(
      and(
        eq(stopEtas.companyId, target.companyId),
        eq(stopEtas.driverUserId, target.driverUserId),
        keep.length > 0 ? notInArray(stopEtas.deliveryStepId, [...keep]) : undefined,
      ),
    );
}

/**
 * The drivers to time now: each driver with a position of an open assignment of a delivery under way or assigned (in
 * the company that runs it), and each driver who has ETAs stored (so that those of work finished are cleared).
 */
export async function listEtaTargets(db: DbOrTx): Promise<EtaTarget[]> {
  const rows = rowsOf<{ company_id: string; driver_user_id: string }>(
    await db.execute(sql`
      select distinct coalesce(d.carrier_company_id, d.owner_company_id) as company_id, u.driver_user_id
        from ${deliveries} d
        join ${deliveryAssignments} a on a.delivery_id = d.id and a.unassigned_at is null
        cross join lateral unnest(a.driver_user_ids) as u(driver_user_id)
       where exists (select 1 from ${driverPositions} p where p.user_id = u.driver_user_id)
         and d.is_active and d.live_status_slug in (${sql.join(
           LIVE_ACTIVE_STATUSES.map((s) => sql`${s}`),
           sql`, `,
         )})
      union
      select distinct company_id, driver_user_id from ${stopEtas}`),
  );
  return rows.map((r) => ({ companyId: r.company_id, driverUserId: r.driver_user_id }));
}

/** The drivers timing a delivery: those of its open assignment in the company that runs it, and any with its ETAs. */
export async function deliveryEtaTargets(db: DbOrTx, deliveryIds: readonly string[]): Promise<EtaTarget[]> {
  if (deliveryIds.length === 0) return [];
  const assigned = await db
    .select({
      companyId: sql<string>`coalesce(${deliveries.carrierCompanyId}, ${deliveries.ownerCompanyId})`,
      driverUserIds: deliveryAssignments.driverUserIds,
    })
    .from(deliveries)
    .innerJoin(
      deliveryAssignments,
      and(eq(deliveryAssignments.deliveryId, deliveries.id), isNull(deliveryAssignments.unassignedAt)),
    )
    .where(inArray(deliveries.id, [...deliveryIds]));
  const stored = await db
    .selectDistinct({ companyId: stopEtas.companyId, driverUserId: stopEtas.driverUserId })
    .from(stopEtas)
    .where(inArray(stopEtas.deliveryId, [...deliveryIds]));
  const targets = new Map<string, EtaTarget>();
  for (const a of assigned)
    for (const driverUserId of a.driverUserIds)
      targets.set(`${a.companyId} ${driverUserId}`, { companyId: a.companyId, driverUserId });
  for (const s of stored) targets.set(`${s.companyId} ${s.driverUserId}`, s);
  return [...targets.values()];
}
