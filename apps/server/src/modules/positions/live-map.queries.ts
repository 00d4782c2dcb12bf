import { LIVE_ACTIVE_STATUSES } from '@courier/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  addresses,
  deliveries,
  deliveryAssignments,
  deliverySteps,
  deliveryStepTasks,
  driverPositions,
  users,
  vehicles,
} from '../../db/schema/index.js';

export interface LiveMapRow {
  id: string;
  name: string;
  liveStatusSlug: string;
  liveStatusChangedAt: Date;
  ownerCompanyId: string;
  carrierCompanyId: string | null;
  vehicle: { id: string; name: string; registrationNumber: string; sizeSlug: string } | null;
  assignedDriverIds: string[];
  drivers: { id: string; firstname: string; lastname: string }[];
  stops: { stepOrderNo: number; lat: number; lng: number; firstTask: string | null; done: boolean }[];
  position: {
    userId: string;
    lat: number;
    lng: number;
    recordedAt: string;
    heading: number | null;
  } | null;
}

const parsed = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

const active = inArray(deliveries.liveStatusSlug, [...LIVE_ACTIVE_STATUSES]);

/**
 * Active deliveries the company owns or carries (the two arms of the list, decision 009: an `owner or carrier`
 * filter defeats the indexes), the most recently moved first, with their open assignment's vehicle and drivers,
 * their placed stops and their drivers' newest latest position, in one statement.
 */
export async function listLiveMapRows(
  db: DbOrTx,
  opts: { companyId: string; limit: number },
): Promise<LiveMapRow[]> {
  const arms = [
    and(eq(deliveries.ownerCompanyId, opts.companyId), active),
    and(
      eq(deliveries.carrierCompanyId, opts.companyId),
      sql`${deliveries.ownerCompanyId} <> ${opts.companyId}`,
      active,
    ),
  ].map((where) =>
    db
      .select({ id: deliveries.id, movedAt: sql`${deliveries.liveStatusChangedAt}`.as('moved_at') })
      .from(deliveries)
      .where(where)
      .orderBy(desc(deliveries.liveStatusChangedAt))
      .limit(opts.limit),
  );
  const ids = sql`(select id from ((${arms[0]}) union all (${arms[1]})) page order by moved_at desc limit ${opts.limit})`;
  const d = sql.raw('"deliveries"."id"');
  const a = sql.raw('"delivery_assignments"');
  const rows = await db
    .select({
      id: deliveries.id,
      name: deliveries.name,
      liveStatusSlug: deliveries.liveStatusSlug,
      liveStatusChangedAt: deliveries.liveStatusChangedAt,
      ownerCompanyId: deliveries.ownerCompanyId,
      carrierCompanyId: deliveries.carrierCompanyId,
      vehicleId: vehicles.id,
      vehicleName: vehicles.name,
      registrationNumber: vehicles.registrationNumber,
      sizeSlug: vehicles.sizeSlug,
      assignedDriverIds: sql<string[] | null>`${deliveryAssignments.driverUserIds}`,
      drivers: sql<unknown>`(select coalesce(json_agg(json_build_object('id', u.id, 'firstname', u.firstname, 'lastname', u.lastname)), '[]') from ${users} u where u.id = any(${a}.driver_user_ids))`,
      stops: sql<unknown>`(select coalesce(json_agg(json_build_object(
          'stepOrderNo', s.step_order_no,
          'lat', coalesce(s.lat, ad.lat), 'lng', coalesce(s.lng, ad.lng),
          'firstTask', (select t.type_slug from ${deliveryStepTasks} t where t.step_id = s.id order by t.task_order_no limit 1),
          'done', exists (select 1 from ${deliveryStepTasks} t where t.step_id = s.id)
            and not exists (select 1 from ${deliveryStepTasks} t where t.step_id = s.id and t.completed_at is null)
        ) order by s.step_order_no), '[]')
        from ${deliverySteps} s left join ${addresses} ad on ad.id = s.address_id
        where s.delivery_id = ${d} and coalesce(s.lat, ad.lat) is not null and coalesce(s.lng, ad.lng) is not null)`,
      position: sql<unknown>`(select json_build_object('userId', p.user_id, 'lat', p.lat, 'lng', p.lng, 'recordedAt', p.recorded_at, 'heading', p.heading)
        from ${driverPositions} p where p.user_id = any(${a}.driver_user_ids) order by p.recorded_at desc limit 1)`,
    })
    .from(deliveries)
    .leftJoin(
      deliveryAssignments,
      and(
        eq(deliveryAssignments.deliveryId, deliveries.id),
        sql`${deliveryAssignments.unassignedAt} is null`,
      ),
    )
    .leftJoin(vehicles, eq(vehicles.id, deliveryAssignments.vehicleId))
    .where(inArray(deliveries.id, ids))
    .orderBy(desc(deliveries.liveStatusChangedAt));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    liveStatusSlug: r.liveStatusSlug,
    liveStatusChangedAt: r.liveStatusChangedAt,
    ownerCompanyId: r.ownerCompanyId,
    carrierCompanyId: r.carrierCompanyId,
    vehicle:
      r.vehicleId && r.vehicleName !== null && r.registrationNumber !== null && r.sizeSlug !== null
        ? {
            id: r.vehicleId,
            name: r.vehicleName,
            registrationNumber: r.registrationNumber,
            sizeSlug: r.sizeSlug,
          }
        : null,
    assignedDriverIds: r.assignedDriverIds ?? [],
    drivers: parsed<LiveMapRow['drivers']>(r.drivers),
    stops: parsed<LiveMapRow['stops']>(r.stops),
    position: r.position === null ? null : parsed<LiveMapRow['position']>(r.position),
  }));
}
