import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DeliveryAccess } from '../../access/delivery-access.js';
import type { DbOrTx } from '../../db/client.js';
import {
  addresses,
  apiKeys,
  contacts,
  deliveryAssignments,
  deliveryLocationPoints,
  deliveryQuotes,
  deliveryStatusRecords,
  deliverySteps,
  deliveryStepTaskContacts,
  deliveryStepTaskParcels,
  deliveryStepTasks,
  parcelContacts,
  parcels,
  users,
  vehicles,
} from '../../db/schema/index.js';
import { addressColumns } from '../directory/index.js';

export const listStepRows = (db: DbOrTx, { deliveryId }: DeliveryAccess) =>
  db
    .select({
      id: deliverySteps.id,
      deliveryId: deliverySteps.deliveryId,
      stepOrderNo: deliverySteps.stepOrderNo,
      addressId: deliverySteps.addressId,
      lat: deliverySteps.lat,
      lng: deliverySteps.lng,
    })
    .from(deliverySteps)
    .where(eq(deliverySteps.deliveryId, deliveryId))
    .orderBy(asc(deliverySteps.stepOrderNo));

export const listTaskRows = (db: DbOrTx, { deliveryId }: DeliveryAccess) =>
  db
    .select({
      id: deliveryStepTasks.id,
      stepId: deliveryStepTasks.stepId,
      typeSlug: deliveryStepTasks.typeSlug,
      taskOrderNo: deliveryStepTasks.taskOrderNo,
      completedAt: deliveryStepTasks.completedAt,
    })
    .from(deliveryStepTasks)
    .innerJoin(deliverySteps, eq(deliverySteps.id, deliveryStepTasks.stepId))
    .where(eq(deliverySteps.deliveryId, deliveryId))
    .orderBy(asc(deliverySteps.stepOrderNo), asc(deliveryStepTasks.taskOrderNo));

const taskIdsOf = (db: DbOrTx, deliveryId: string) =>
  db
    .select({ id: deliveryStepTasks.id })
    .from(deliveryStepTasks)
    .innerJoin(deliverySteps, eq(deliverySteps.id, deliveryStepTasks.stepId))
    .where(eq(deliverySteps.deliveryId, deliveryId));

export const parcelColumns = {
  id: parcels.id,
  name: parcels.name,
  description: parcels.description,
  volumeCm3: parcels.volumeCm3,
  weightKg: parcels.weightKg,
  quantity: parcels.quantity,
  valueMinor: parcels.valueMinor,
  valueCurrencyCode: parcels.valueCurrencyCode,
  isFragile: parcels.isFragile,
  trackingCode: parcels.trackingCode,
  createdAt: parcels.createdAt,
  updatedAt: parcels.updatedAt,
};

export const listParcelRows = (db: DbOrTx, { deliveryId }: DeliveryAccess) =>
  db
    .selectDistinct(parcelColumns)
    .from(parcels)
    .where(
      inArray(
        parcels.id,
        db
          .select({ id: deliveryStepTaskParcels.parcelId })
          .from(deliveryStepTaskParcels)
          .where(inArray(deliveryStepTaskParcels.taskId, taskIdsOf(db, deliveryId))),
      ),
    )
    .orderBy(asc(parcels.createdAt), asc(parcels.id));
export type ParcelRow = Awaited<ReturnType<typeof listParcelRows>>[number];

const contactColumns = {
  id: contacts.id,
  firstname: contacts.firstname,
  lastname: contacts.lastname,
  email: contacts.email,
  phoneNumber: contacts.phoneNumber,
  companyName: contacts.companyName,
};

/** The contacts of a delivery's parcels, with the parcel each belongs to. */
export const listParcelContactRows = (db: DbOrTx, { deliveryId }: DeliveryAccess) =>
  db
    .select({ parcelId: parcelContacts.parcelId, ...contactColumns })
    .from(parcelContacts)
    .innerJoin(contacts, eq(contacts.id, parcelContacts.contactId))
    .where(
      inArray(
        parcelContacts.parcelId,
        db
          .select({ id: deliveryStepTaskParcels.parcelId })
          .from(deliveryStepTaskParcels)
          .where(inArray(deliveryStepTaskParcels.taskId, taskIdsOf(db, deliveryId))),
      ),
    )
    .orderBy(asc(contacts.lastname), asc(contacts.firstname));

/** The contacts on a delivery's tasks, each once, with the ids of the tasks it is on. */
export const listContactRows = (db: DbOrTx, { deliveryId }: DeliveryAccess) =>
  db
    .select({
      ...contactColumns,
      taskIds: sql<
        string[]
      >`array_agg(${deliveryStepTaskContacts.taskId}::text order by ${deliveryStepTaskContacts.taskId})`,
    })
    .from(contacts)
    .innerJoin(deliveryStepTaskContacts, eq(deliveryStepTaskContacts.contactId, contacts.id))
    .where(inArray(deliveryStepTaskContacts.taskId, taskIdsOf(db, deliveryId)))
    .groupBy(contacts.id)
    .orderBy(asc(contacts.lastname), asc(contacts.firstname));

export const listQuoteRows = (db: DbOrTx, { deliveryId }: DeliveryAccess) =>
  db
    .select()
    .from(deliveryQuotes)
    .where(eq(deliveryQuotes.deliveryId, deliveryId))
    .orderBy(desc(deliveryQuotes.createdAt));

/** The delivery's status history, oldest first, with each author's first name or API key's name (both parties read it). */
export const listStatusRows = (db: DbOrTx, { deliveryId }: DeliveryAccess) =>
  db
    .select({ record: deliveryStatusRecords, authorFirstName: users.firstname, apiKeyName: apiKeys.name })
    .from(deliveryStatusRecords)
    .leftJoin(users, eq(users.id, deliveryStatusRecords.createdByUserId))
    .leftJoin(apiKeys, eq(apiKeys.id, deliveryStatusRecords.createdByApiKeyId))
    .where(eq(deliveryStatusRecords.deliveryId, deliveryId))
    .orderBy(asc(deliveryStatusRecords.seq));

export const listAddressRows = (db: DbOrTx, { deliveryId }: DeliveryAccess) =>
  db
    .select(addressColumns)
    .from(addresses)
    .innerJoin(deliverySteps, eq(deliverySteps.addressId, addresses.id))
    .where(eq(deliverySteps.deliveryId, deliveryId))
    .orderBy(asc(deliverySteps.stepOrderNo));

/**
 * A page of the delivery's location history, oldest first: points recorded after `since` (exclusive), at most
 * `limit` (POSITIONS.historyPageMax); the client pages on from the last point's recordedAt (decision 022).
 */
export const listLocationRows = (
  db: DbOrTx,
  { deliveryId }: DeliveryAccess,
  page: { since?: string | undefined; limit: number },
) =>
  db
    .select({
      id: deliveryLocationPoints.id,
      deliveryId: deliveryLocationPoints.deliveryId,
      lat: deliveryLocationPoints.lat,
      lng: deliveryLocationPoints.lng,
      speed: deliveryLocationPoints.speed,
      heading: deliveryLocationPoints.heading,
      accuracy: deliveryLocationPoints.accuracy,
      recordedAt: deliveryLocationPoints.recordedAt,
    })
    .from(deliveryLocationPoints)
    .where(
      and(
        eq(deliveryLocationPoints.deliveryId, deliveryId),
        page.since ? gt(deliveryLocationPoints.recordedAt, new Date(page.since)) : undefined,
      ),
    )
    .orderBy(asc(deliveryLocationPoints.recordedAt), asc(deliveryLocationPoints.id))
    .limit(page.limit);

/**
 * The delivery's assignments, newest first, each with what both parties may read of the carrier's work: the
 * vehicle's registration and size, and the drivers' first names (issue 33).
 */
export async function listAssignmentRows(db: DbOrTx, { deliveryId }: DeliveryAccess) {
  const rows = await db
    .select({
      assignment: deliveryAssignments,
      registrationNumber: vehicles.registrationNumber,
      sizeSlug: vehicles.sizeSlug,
    })
    .from(deliveryAssignments)
    .leftJoin(vehicles, eq(vehicles.id, deliveryAssignments.vehicleId))
    .where(eq(deliveryAssignments.deliveryId, deliveryId))
    .orderBy(desc(deliveryAssignments.assignedAt));
  const driverIds = [...new Set(rows.flatMap((r) => r.assignment.driverUserIds))];
  const names = driverIds.length
    ? await db
        .select({ id: users.id, firstname: users.firstname })
        .from(users)
        .where(inArray(users.id, driverIds))
    : [];
  const firstNames = new Map(names.map((n) => [n.id, n.firstname]));
  return rows.map((r) => ({
    ...r.assignment,
    vehicle:
      r.registrationNumber !== null && r.sizeSlug !== null
        ? { registrationNumber: r.registrationNumber, sizeSlug: r.sizeSlug }
        : null,
    drivers: r.assignment.driverUserIds.flatMap((id) => {
      const firstName = firstNames.get(id);
      return firstName === undefined ? [] : [{ uuid: id, firstName }];
    }),
  }));
}
