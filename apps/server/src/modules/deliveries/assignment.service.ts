import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DeliveryAccess } from '../../access/delivery-access.js';
import type { DbOrTx } from '../../db/client.js';
import { companyMembers, deliveryAssignments, driverInfos, users, vehicles } from '../../db/schema/index.js';
import { conflict, unprocessable } from '../../lib/app-error.js';
import { applyLiveStatus } from './status.service.js';

/** Vehicle and driver statuses that rule out a new assignment. */
const VEHICLE_UNASSIGNABLE = ['offline', 'maintenance', 'unavailable'];
const DRIVER_UNASSIGNABLE = ['offline', 'maintenance', 'unavailable', 'on-leave'];
const said = (s: string) => s.replace(/-/g, ' ');

/**
 * Links a vehicle and drivers of the acting company to a delivery: the open assignment is closed and a new one
 * opened (history keeps both), and a created or scheduled delivery becomes assigned.
 */
export async function assignVehicleAndDrivers(
  tx: DbOrTx,
  opts: {
    /** The acting company: its own vehicles and drivers only. */
    companyId: string;
    /** A delivery the policy let the acting user assign (or one they are creating), locked in `tx`. */
    deliveryId: string;
    liveStatus: string;
    vehicleId: string;
    driverUserIds: string[];
    userId: string;
  },
) {
  const { deliveryId, userId } = opts;
  const [vehicle] = await tx
    .select({ name: vehicles.name, status: vehicles.statusSlug })
    .from(vehicles)
    .where(and(eq(vehicles.id, opts.vehicleId), eq(vehicles.companyId, opts.companyId)));
  if (!vehicle) throw unprocessable({ vehicleUuid: ['Choose a vehicle of your company.'] });
  if (VEHICLE_UNASSIGNABLE.includes(vehicle.status)) {
    throw conflict(`${vehicle.name} is ${said(vehicle.status)} and cannot be assigned.`, {
      vehicleUuid: [`${vehicle.name} is ${said(vehicle.status)}.`],
    });
  }
  const driverIds = [...new Set(opts.driverUserIds)];
  if (driverIds.length) {
    const drivers = await tx
      .select({
        id: users.id,
        firstname: users.firstname,
        lastname: users.lastname,
        status: driverInfos.statusSlug,
      })
      .from(companyMembers)
      .innerJoin(users, eq(users.id, companyMembers.userId))
      .innerJoin(
        driverInfos,
        and(
          eq(driverInfos.userId, companyMembers.userId),
          eq(driverInfos.companyId, companyMembers.companyId),
        ),
      )
      .where(
        and(
          eq(companyMembers.companyId, opts.companyId),
          eq(companyMembers.roleSlug, 'driver'),
          eq(companyMembers.status, 'active'),
          inArray(companyMembers.userId, driverIds),
        ),
      );
    if (drivers.length !== driverIds.length)
      throw unprocessable({ driverUserUuids: ['Choose active drivers of your company.'] });
    const off = drivers.find((d) => DRIVER_UNASSIGNABLE.includes(d.status));
    if (off) {
      const name = `${off.firstname} ${off.lastname}`;
      throw conflict(`${name} is ${said(off.status)} and cannot be assigned.`, {
        driverUserUuids: [`${name} is ${said(off.status)}.`],
      });
    }
  }
  const now = new Date();
  await tx
    .update(deliveryAssignments)
    .set({ unassignedAt: now })
    .where(and(eq(deliveryAssignments.deliveryId, deliveryId), isNull(deliveryAssignments.unassignedAt)));
  const [row] = await tx
    .insert(deliveryAssignments)
    .values({
      deliveryId: deliveryId,
      vehicleId: opts.vehicleId,
      driverUserIds: driverIds,
      assignedByUserId: userId,
      assignedAt: now,
    })
    .returning();
  if (driverIds.length && (opts.liveStatus === 'created' || opts.liveStatus === 'scheduled')) {
    await applyLiveStatus(tx, {
      deliveryId: deliveryId,
      from: opts.liveStatus,
      to: 'assigned',
      actor: 'system',
      userId,
      message: `Linked ${vehicle.name}`,
    });
  }
  return row!;
}

export async function openAssignment(tx: DbOrTx, { deliveryId }: DeliveryAccess) {
  const [row] = await tx
    .select({ vehicleId: deliveryAssignments.vehicleId, driverUserIds: deliveryAssignments.driverUserIds })
    .from(deliveryAssignments)
    .where(and(eq(deliveryAssignments.deliveryId, deliveryId), isNull(deliveryAssignments.unassignedAt)));
  return row;
}
