import type { Actor, ParcelInputSchema, ParcelTrackSchema } from '@courier/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { deliveryAccess, type DeliveryAccess } from '../../access/delivery-access.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { deliveries, deliveryStepTaskParcels, parcelContacts, parcels } from '../../db/schema/index.js';
import { notFound } from '../../lib/app-error.js';
import { trackingCode } from '../../lib/tracking-code.js';
import { presentContact } from '../directory/index.js';
import { presentParcel, presentScan, presentStatusRecord } from './delivery-children.presenter.js';
import { listParcelContactRows, listParcelRows } from './delivery-children.queries.js';
import { listScanRows } from './parcel-scans.queries.js';
import {
  findDeliveryOfParcel,
  findParcelByTrackingCode,
  listLiveStatusRows,
  updateParcelRow,
} from './parcels.queries.js';
import { editable, insertContact, taskOfDelivery, type ContactIn } from './steps.service.js';

type ParcelIn = z.output<typeof ParcelInputSchema>;

/** What a parcel says about itself; its value is in `currencyCode` unless it names its own currency. */
function parcelFields(p: ParcelIn, currencyCode: string) {
  return {
    name: p.name,
    description: p.description ?? null,
    volumeCm3: p.volumeCm3,
    weightKg: p.weightKg,
    quantity: p.quantity,
    valueMinor: p.valueMinor ?? null,
    valueCurrencyCode: p.valueMinor !== undefined ? (p.valueCurrencyCode ?? currencyCode) : null,
    isFragile: p.isFragile,
  };
}

/** The row of a new parcel; its value is in the delivery's currency unless it says otherwise. */
export function parcelValues(companyId: string, p: ParcelIn, currencyCode: string) {
  return { companyId, ...parcelFields(p, currencyCode), trackingCode: trackingCode(12) };
}

export async function insertParcel(tx: DbOrTx, companyId: string, p: ParcelIn, currencyCode: string) {
  const [row] = await tx
    .insert(parcels)
    .values(parcelValues(companyId, p, currencyCode))
    .returning();
  return row!;
}

/** Changes the company's parcel (a value without a currency is in GBP); 404 when it has no such parcel. */
export async function updateParcel(
  db: DbOrTx,
  opts: { companyId: string; parcelId: string; parcel: ParcelIn },
) {
  const row = await updateParcelRow(db, opts, parcelFields(opts.parcel, 'GBP'));
  if (!row) throw notFound('Parcel');
  return row;
}

/** Adds a parcel to a task and grows the delivery's load figures. */
export async function addParcelToTask(
  db: Db,
  access: DeliveryAccess,
  opts: { taskId: string; parcel: ParcelIn },
) {
  return db.transaction(async (tx) => {
    const d = await editable(tx, access);
    const taskId = await taskOfDelivery(tx, d.id, opts.taskId);
    const row = await insertParcel(tx, d.ownerCompanyId, opts.parcel, d.currencyCode);
    await tx.insert(deliveryStepTaskParcels).values({ taskId, parcelId: row.id });
    await tx
      .update(deliveries)
      .set({
        maxVolumeCm3: sql`${deliveries.maxVolumeCm3} + ${opts.parcel.volumeCm3 * opts.parcel.quantity}`,
        maxWeightKg: sql`${deliveries.maxWeightKg} + ${opts.parcel.weightKg * opts.parcel.quantity}`,
        maxParcelPriceMinor: sql`greatest(${deliveries.maxParcelPriceMinor}, ${opts.parcel.valueMinor ?? 0})`,
        updatedAt: new Date(),
      })
      .where(eq(deliveries.id, d.id));
    return row;
  });
}

/** A parcel is the company's own record (it may be on no delivery yet): its contacts are added without a delivery. */
export async function addContactToParcel(
  db: Db,
  opts: { companyId: string; parcelId: string; contact: ContactIn },
) {
  return db.transaction(async (tx) => {
    const [parcel] = await tx
      .select({ id: parcels.id })
      .from(parcels)
      .where(and(eq(parcels.id, opts.parcelId), eq(parcels.companyId, opts.companyId)));
    if (!parcel) throw notFound('Parcel');
    const contact = await insertContact(tx, opts.companyId, opts.contact);
    await tx.insert(parcelContacts).values({ parcelId: parcel.id, contactId: contact.id });
    return contact;
  });
}

/** A delivery's parcels, each with its contacts. */
export async function listDeliveryParcels(db: DbOrTx, access: DeliveryAccess) {
  const [rows, contactRows, scans] = await Promise.all([
    listParcelRows(db, access),
    listParcelContactRows(db, access),
    listScanRows(db, access),
  ]);
  return rows.map((r) =>
    presentParcel(
      r,
      contactRows.filter((c) => c.parcelId === r.id).map(presentContact),
      scans.filter((s) => s.parcelId === r.id).map(presentScan),
    ),
  );
}

/** A parcel found by its tracking code, with the delivery it is on (one the company sees) and that delivery's moves. */
export async function trackParcel(
  db: DbOrTx,
  opts: { actor: Actor; companyId: string; trackingCode: string },
): Promise<z.output<typeof ParcelTrackSchema>> {
  const parcel = await findParcelByTrackingCode(db, opts);
  if (!parcel) throw notFound('Parcel');
  const delivery = await findDeliveryOfParcel(db, { companyId: opts.companyId, parcelId: parcel.id });
  const timeline = delivery
    ? await listLiveStatusRows(db, await deliveryAccess(db, opts.actor, 'read', delivery.uuid))
    : [];
  return {
    parcel: presentParcel(parcel),
    delivery: delivery ?? null,
    timeline: timeline.map((r) => presentStatusRecord(r)),
  };
}
