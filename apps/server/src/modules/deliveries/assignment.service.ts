import { isOffWork } from '@courier/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { authorOf } from '../../access/actor.js';
import { lockDelivery, type DeliveryAccess } from '../../access/delivery-access.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { companyMembers, deliveryAssignments, driverInfos, users, vehicles } from '../../db/schema/index.js';
import { unprocessable, type FieldErrors } from '../../lib/app-error.js';
import { recordDeliveryEvent } from '../live/index.js';
import { assignedFleet, mergeFleet, syncFleetStatus } from './fleet-status.service.js';
import { applyLiveStatus } from './status.service.js';

/** "Van 2 is in maintenance", "Sam Driver is on leave": why a vehicle or driver cannot be assigned. */
const isStatus = (name: string, status: string) =>
  `${name} is ${status === 'maintenance' ? 'in maintenance' : status.replace(/-/g, ' ')} and cannot be assigned.`;

/** Statuses about now, not about the day being planned: a driver offline tonight drives tomorrow. */
const NOW_ONLY: readonly string[] = ['offline', 'on-break'];

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
    /** Who links them: a person, or an API key (decision 065). */
    userId: string | null;
    apiKeyId?: string | null | undefined;
    /**
     * Work planned ahead (the dispatch board, issue 35): a driver offline or on a break now can still be given it;
     * leave, unavailability and maintenance still refuse.
     */
    planned?: boolean;
  },
) {
  const { deliveryId, userId } = opts;
  const [vehicle] = await tx
    .select({ name: vehicles.name, status: vehicles.statusSlug })
    .from(vehicles)
    .where(and(eq(vehicles.id, opts.vehicleId), eq(vehicles.companyId, opts.companyId)));
  if (!vehicle) throw unprocessable({ vehicleUuid: ['Choose a vehicle of your company.'] });
  // A status that rules out work refuses the link (422, naming who and why); booked and on-delivery do not:
  // couriers batch deliveries. Both the vehicle and every driver are checked, so one answer names them all.
  const offWork: FieldErrors = {};
  const refuses = (status: string) => isOffWork(status) && !(opts.planned && NOW_ONLY.includes(status));
  if (refuses(vehicle.status)) offWork.vehicleUuid = [isStatus(vehicle.name, vehicle.status)];
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
    // In the order the drivers were chosen.
    const off = driverIds.flatMap((id) => drivers.filter((d) => d.id === id && refuses(d.status)));
    if (off.length)
      offWork.driverUserUuids = off.map((d) => isStatus(`${d.firstname} ${d.lastname}`, d.status));
  }
  if (Object.keys(offWork).length) throw unprocessable(offWork);
  const before = await assignedFleet(tx, opts.deliveryId);
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
      apiKeyId: opts.apiKeyId,
      message: `Linked ${vehicle.name}`,
    });
  }
  // The replaced vehicle and drivers may be free again; the linked ones are busy if the delivery is worked.
  await syncFleetStatus(
    tx,
    mergeFleet(before, {
      vehicleIds: [opts.vehicleId],
      drivers: driverIds.map((userId) => ({ companyId: opts.companyId, userId })),
    }),
  );
  // The drivers taken off it hear it once (they were assigned when it happened), then nothing more.
  await recordDeliveryEvent(
    tx,
    deliveryId,
    {
      type: 'delivery.assignment',
      data: {
        deliveryUuid: deliveryId,
        vehicleUuid: opts.vehicleId,
        driverUserUuids: driverIds,
        at: now.toISOString(),
      },
    },
    before.drivers.map((d) => d.userId),
  );
  return row!;
}

/**
 * Takes a delivery off its vehicle and drivers (the dispatch board's "unassign", issue 35): the open assignment is
 * closed (history keeps it), an assigned delivery goes back to scheduled or created, the vehicle and drivers may be
 * free again, and the drivers who had it hear it once. The caller keeps a delivery under way on its driver.
 */
export async function unassignDelivery(
  tx: DbOrTx,
  opts: {
    deliveryId: string;
    liveStatus: string;
    isScheduled: boolean;
    userId: string | null;
    apiKeyId?: string | null | undefined;
  },
): Promise<void> {
  const before = await assignedFleet(tx, opts.deliveryId);
  const now = new Date();
  const closed = await tx
    .update(deliveryAssignments)
    .set({ unassignedAt: now })
    .where(and(eq(deliveryAssignments.deliveryId, opts.deliveryId), isNull(deliveryAssignments.unassignedAt)))
    .returning({ id: deliveryAssignments.id });
  if (closed.length === 0) return;
  if (opts.liveStatus === 'assigned')
    await applyLiveStatus(tx, {
      deliveryId: opts.deliveryId,
      from: opts.liveStatus,
      to: opts.isScheduled ? 'scheduled' : 'created',
      actor: 'system',
      userId: opts.userId,
      apiKeyId: opts.apiKeyId,
      message: 'Taken off its driver on the dispatch board',
    });
  await syncFleetStatus(tx, before);
  await recordDeliveryEvent(
    tx,
    opts.deliveryId,
    {
      type: 'delivery.assignment',
      data: { deliveryUuid: opts.deliveryId, vehicleUuid: null, driverUserUuids: [], at: now.toISOString() },
    },
    before.drivers.map((d) => d.userId),
  );
}

export async function openAssignment(tx: DbOrTx, { deliveryId }: DeliveryAccess) {
  const [row] = await tx
    .select({ vehicleId: deliveryAssignments.vehicleId, driverUserIds: deliveryAssignments.driverUserIds })
    .from(deliveryAssignments)
    .where(and(eq(deliveryAssignments.deliveryId, deliveryId), isNull(deliveryAssignments.unassignedAt)));
  return row;
}

/**
 * Links a vehicle, with the given drivers or else the ones linked now, to a delivery the access lets the acting
 * company assign: the vehicle and drivers are that company's own (the owner's while there is no carrier, then the
 * carrier's).
 */
export async function linkVehicle(
  db: Db,
  access: DeliveryAccess,
  opts: { companyId: string; vehicleId: string; driverUserIds?: string[] | undefined },
) {
  return db.transaction(async (tx) => {
    const { delivery } = await lockDelivery(tx, access);
    const drivers = opts.driverUserIds ?? (await openAssignment(tx, access))?.driverUserIds ?? [];
    return assignVehicleAndDrivers(tx, {
      companyId: opts.companyId,
      deliveryId: delivery.id,
      ...authorOf(access.actor),
      liveStatus: delivery.liveStatusSlug,
      vehicleId: opts.vehicleId,
      driverUserIds: drivers,
    });
  });
}
