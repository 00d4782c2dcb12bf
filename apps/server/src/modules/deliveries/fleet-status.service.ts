import { FREE_STATUSES, LIVE_ACTIVE_STATUSES, ON_DELIVERY_STATUS } from '@courier/contract';
import { and, asc, eq, inArray, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { deliveries, deliveryAssignments, driverInfos, vehicles } from '../../db/schema/index.js';

/** The vehicles and drivers whose status may follow a change; a driver's status is kept per company. */
export interface FleetRefs {
  vehicleIds: string[];
  drivers: { companyId: string; userId: string }[];
}

const ACTIVE = sql.join(
  LIVE_ACTIVE_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);
const FREE = sql.join(
  FREE_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

/** The vehicle and drivers of a delivery's open assignment(s), each driver in the company of the vehicle. */
export async function assignedFleet(tx: DbOrTx, deliveryId: string): Promise<FleetRefs> {
  const rows = await tx
    .select({
      vehicleId: deliveryAssignments.vehicleId,
      companyId: vehicles.companyId,
      driverUserIds: deliveryAssignments.driverUserIds,
    })
    .from(deliveryAssignments)
    .innerJoin(vehicles, eq(vehicles.id, deliveryAssignments.vehicleId))
    .where(and(eq(deliveryAssignments.deliveryId, deliveryId), isNull(deliveryAssignments.unassignedAt)));
  return {
    vehicleIds: rows.map((r) => r.vehicleId),
    drivers: rows.flatMap((r) => r.driverUserIds.map((userId) => ({ companyId: r.companyId, userId }))),
  };
}

export function mergeFleet(...refs: FleetRefs[]): FleetRefs {
  const drivers = new Map<string, { companyId: string; userId: string }>();
  for (const r of refs) for (const d of r.drivers) drivers.set(`${d.companyId}:${d.userId}`, d);
  return {
    vehicleIds: [...new Set(refs.flatMap((r) => r.vehicleIds))],
    drivers: [...drivers.values()],
  };
}

/**
 * Vehicle and driver statuses follow the work (decision 015): one linked to a delivery that is being worked (a
 * live status in LIVE_ACTIVE_STATUSES) is on-delivery; one that no longer is goes back to available. Only the
 * free statuses (available, booked) become on-delivery and only on-delivery becomes available: a status an admin
 * set by hand (maintenance, on-leave…) is theirs and stays.
 *
 * Called inside the transaction that changed an assignment or a live status. The rows are locked first, so two
 * transactions ending two deliveries of one vehicle cannot each still see the other's delivery as active.
 */
export async function syncFleetStatus(tx: DbOrTx, refs: FleetRefs): Promise<void> {
  const now = new Date();
  if (refs.vehicleIds.length) {
    const locked = await tx
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(inArray(vehicles.id, refs.vehicleIds))
      .orderBy(asc(vehicles.id))
      .for('update');
    const busy = sql`exists (select 1 from ${deliveryAssignments} a join ${deliveries} d on d.id = a.delivery_id where a.vehicle_id = ${vehicles.id} and a.unassigned_at is null and d.live_status_slug in (${ACTIVE}))`;
    await tx
      .update(vehicles)
      .set({ statusSlug: flipped(vehicles.statusSlug), updatedAt: now })
      .where(
        and(
          inArray(
            vehicles.id,
            locked.map((v) => v.id),
          ),
          needsFlip(vehicles.statusSlug, busy),
        ),
      );
  }
  if (refs.drivers.length) {
    const byCompany = new Map<string, string[]>();
    for (const d of refs.drivers)
      byCompany.set(d.companyId, [...(byCompany.get(d.companyId) ?? []), d.userId]);
    const locked = await tx
      .select({ id: driverInfos.id })
      .from(driverInfos)
      .where(
        or(
          ...[...byCompany].map(([companyId, userIds]) =>
            and(eq(driverInfos.companyId, companyId), inArray(driverInfos.userId, userIds)),
          ),
        ),
      )
      .orderBy(asc(driverInfos.id))
      .for('update');
    if (!locked.length) return;
    // Busy in this company: linked through one of the company's vehicles to a delivery the company sees.
    const busy = sql`exists (select 1 from ${deliveries} d join ${deliveryAssignments} a on a.delivery_id = d.id and a.unassigned_at is null join ${vehicles} v on v.id = a.vehicle_id and v.company_id = ${driverInfos.companyId} where d.live_status_slug in (${ACTIVE}) and (d.owner_company_id = ${driverInfos.companyId} or d.carrier_company_id = ${driverInfos.companyId}) and ${driverInfos.userId} = any(a.driver_user_ids))`;
    await tx
      .update(driverInfos)
      .set({ statusSlug: flipped(driverInfos.statusSlug), updatedAt: now })
      .where(
        and(
          inArray(
            driverInfos.id,
            locked.map((d) => d.id),
          ),
          needsFlip(driverInfos.statusSlug, busy),
        ),
      );
  }
}

/** Rows to change: busy but free, or on-delivery but no longer busy. */
function needsFlip(status: SQLWrapper, busy: SQL): SQL {
  return sql`((${busy}) and ${status} in (${FREE})) or (not (${busy}) and ${status} = ${ON_DELIVERY_STATUS})`;
}

function flipped(status: SQLWrapper): SQL {
  return sql`case when ${status} = ${ON_DELIVERY_STATUS} then 'available' else ${ON_DELIVERY_STATUS} end`;
}
