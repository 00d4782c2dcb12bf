import { LIVE_FINAL_STATUSES, type Actor } from '@courier/contract';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { driverScope, type DeliveryAccess } from '../../access/delivery-access.js';
import type { DbOrTx } from '../../db/client.js';
import {
  addresses,
  deliveries,
  deliverySteps,
  deliveryStepTaskParcels,
  deliveryStepTasks,
  parcels,
  parcelScans,
  users,
} from '../../db/schema/index.js';

/** Codes are printed in capitals; a typed one may not be. */
const sameCode = (code: string) => eq(parcels.trackingCode, code.toUpperCase());

/**
 * Where the parcel with this code is on the delivery: one row per stop it is on, with the kind of its task there
 * (`pickup`, `dropoff`, or another task type) and the stop's first address line. None when no parcel of the
 * delivery has the code.
 */
export const listParcelStopsByCode = (db: DbOrTx, { deliveryId }: DeliveryAccess, code: string) =>
  db
    .selectDistinct({
      parcelId: parcels.id,
      parcelName: parcels.name,
      trackingCode: parcels.trackingCode,
      stepId: deliverySteps.id,
      stepOrderNo: deliverySteps.stepOrderNo,
      taskTypeSlug: deliveryStepTasks.typeSlug,
      line1: addresses.line1,
    })
    .from(parcels)
    .innerJoin(deliveryStepTaskParcels, eq(deliveryStepTaskParcels.parcelId, parcels.id))
    .innerJoin(deliveryStepTasks, eq(deliveryStepTasks.id, deliveryStepTaskParcels.taskId))
    .innerJoin(deliverySteps, eq(deliverySteps.id, deliveryStepTasks.stepId))
    .leftJoin(addresses, eq(addresses.id, deliverySteps.addressId))
    .where(and(sameCode(code), eq(deliverySteps.deliveryId, deliveryId)))
    .orderBy(asc(deliverySteps.stepOrderNo));

/**
 * Another delivery assigned to this driver and not finished whose parcel has this code: the usual mistake at a
 * pickup of many (the right parcel, the wrong run). Only the driver's own deliveries are looked in.
 */
export async function findMyOtherDeliveryByCode(db: DbOrTx, actor: Actor, code: string, except: string) {
  const [row] = await db
    .select({ name: deliveries.name })
    .from(parcels)
    .innerJoin(deliveryStepTaskParcels, eq(deliveryStepTaskParcels.parcelId, parcels.id))
    .innerJoin(deliveryStepTasks, eq(deliveryStepTasks.id, deliveryStepTaskParcels.taskId))
    .innerJoin(deliverySteps, eq(deliverySteps.id, deliveryStepTasks.stepId))
    .innerJoin(deliveries, eq(deliveries.id, deliverySteps.deliveryId))
    .where(
      and(
        sameCode(code),
        driverScope(actor),
        notInArray(deliveries.liveStatusSlug, [...LIVE_FINAL_STATUSES]),
        sql`${deliveries.id} <> ${except}::uuid`,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** A step of the delivery, or none. */
export async function findStepOfDelivery(db: DbOrTx, { deliveryId }: DeliveryAccess, stepId: string) {
  const [row] = await db
    .select({ id: deliverySteps.id, stepOrderNo: deliverySteps.stepOrderNo })
    .from(deliverySteps)
    .where(and(eq(deliverySteps.id, stepId), eq(deliverySteps.deliveryId, deliveryId)));
  return row ?? null;
}

const scanColumns = {
  id: parcelScans.id,
  parcelId: parcelScans.parcelId,
  stepId: parcelScans.stepId,
  stepOrderNo: deliverySteps.stepOrderNo,
  kind: parcelScans.kind,
  scannedAt: parcelScans.scannedAt,
  scannedByName: users.firstname,
};

/** The delivery's parcel scans, oldest first (optionally of some parcels only). */
export const listScanRows = (db: DbOrTx, { deliveryId }: DeliveryAccess, parcelIds?: string[]) =>
  db
    .select(scanColumns)
    .from(parcelScans)
    .innerJoin(deliverySteps, eq(deliverySteps.id, parcelScans.stepId))
    .leftJoin(users, eq(users.id, parcelScans.userId))
    .where(
      and(
        eq(parcelScans.deliveryId, deliveryId),
        parcelIds ? inArray(parcelScans.parcelId, parcelIds) : undefined,
      ),
    )
    .orderBy(asc(parcelScans.scannedAt), asc(parcelScans.id));
export type ScanRow = Awaited<ReturnType<typeof listScanRows>>[number];

/**
 * Records a scan; null when this parcel was scanned at this stop already (the unique index decides, so two phones
 * reading the same label at once store it once).
 */
export async function insertScan(
  db: DbOrTx,
  { deliveryId }: DeliveryAccess,
  scan: { parcelId: string; stepId: string; kind: string; userId: string | null; scannedAt: Date },
) {
  const [row] = await db
    .insert(parcelScans)
    .values({ deliveryId, ...scan })
    .onConflictDoNothing({ target: [parcelScans.parcelId, parcelScans.stepId] })
    .returning({ id: parcelScans.id });
  return row?.id ?? null;
}

/** This parcel's scan at this stop, if any. */
export async function findScanAt(db: DbOrTx, access: DeliveryAccess, parcelId: string, stepId: string) {
  const scans = await listScanRows(db, access, [parcelId]);
  return scans.find((s) => s.stepId === stepId) ?? null;
}
