import {
  LIVE_FINAL_STATUSES,
  type LiveStatus,
  type ParcelScanBody,
  type ParcelScanKind,
  type ParcelScanResult,
} from '@courier/contract';
import { lockDelivery, type DeliveryAccess } from '../../access/delivery-access.js';
import { personOf } from '../../access/actor.js';
import type { Db } from '../../db/client.js';
import { conflict, notFound, unprocessable } from '../../lib/app-error.js';
import { recordDeliveryEvent } from '../live/index.js';
import { listDeliveryParcels } from './parcels.service.js';
import {
  findMyOtherDeliveryByCode,
  findScanAt,
  findStepOfDelivery,
  insertScan,
  listParcelStopsByCode,
} from './parcel-scans.queries.js';

/** A phone's clock may run a little ahead of the server's; further ahead than this is refused. */
const CLOCK_SKEW_MS = 5 * 60_000;

const clock = (d: Date) => d.toISOString().slice(11, 16);
const verb = (kind: string) => (kind === 'dropoff' ? 'handed over' : 'collected');

/**
 * Records a parcel's label read at a stop of the delivery (issue 34), under the delivery's lock. Told plainly, and
 * nothing stored, when the code is no parcel of this delivery (422, naming the driver's other delivery when it is
 * one of theirs), when the parcel is not collected or handed over at this stop (409, saying where it is), or when it
 * was scanned here already (409, saying when). A scan is the phone's word that the parcel was in hand there: it
 * moves no status (the driver's buttons do).
 */
export async function scanParcel(
  db: Db,
  access: DeliveryAccess,
  body: ParcelScanBody,
): Promise<ParcelScanResult> {
  const now = new Date();
  const scannedAt = body.scannedAt ? new Date(body.scannedAt) : now;
  if (scannedAt.getTime() > now.getTime() + CLOCK_SKEW_MS)
    throw unprocessable({ scannedAt: ["The scan's time is in the future: check the phone's clock."] });
  const code = body.code.trim();

  const scanId = await db.transaction(async (tx) => {
    const locked = await lockDelivery(tx, access);
    if (LIVE_FINAL_STATUSES.includes(locked.delivery.liveStatusSlug as LiveStatus))
      throw conflict('This delivery is finished: its parcels are no longer scanned.');
    const step = await findStepOfDelivery(tx, locked, body.deliveryStepUuid);
    if (!step) throw unprocessable({ deliveryStepUuid: ['That stop is not on this delivery.'] });

    const stops = await listParcelStopsByCode(tx, locked, code);
    const parcel = stops[0];
    if (!parcel) {
      const other = await findMyOtherDeliveryByCode(tx, locked.actor, code, locked.deliveryId);
      throw unprocessable({
        code: [
          other
            ? `Parcel ${code.toUpperCase()} is not on this delivery: it is on your delivery “${other.name}”. Keep it for that run.`
            : `No parcel of this delivery has the code ${code.toUpperCase()}. Check the label, or type the code under its barcode.`,
        ],
      });
    }
    const here = stops.find((s) => s.stepId === step.id && isScanKind(s.taskTypeSlug));
    if (!here) {
      const where = stops
        .filter((s) => isScanKind(s.taskTypeSlug))
        .map((s) => `${verb(s.taskTypeSlug)} at stop ${s.stepOrderNo}${s.line1 ? ` (${s.line1})` : ''}`);
      throw conflict(
        `“${parcel.parcelName}” is not for this stop${where.length ? `: it is ${where.join(' and ')}` : ''}.`,
        { code: ['Wrong stop for this parcel.'] },
      );
    }
    const id = await insertScan(tx, locked, {
      parcelId: parcel.parcelId,
      stepId: step.id,
      kind: here.taskTypeSlug,
      userId: personOf(locked.actor),
      scannedAt,
    });
    if (!id) {
      const earlier = await findScanAt(tx, locked, parcel.parcelId, step.id);
      throw conflict(
        `“${parcel.parcelName}” was scanned here already${earlier ? ` at ${clock(earlier.scannedAt)} UTC` : ''}: ` +
          'it is counted once.',
        { code: ['Already scanned at this stop.'] },
      );
    }
    await recordDeliveryEvent(tx, locked.deliveryId, {
      type: 'delivery.scan',
      data: {
        deliveryUuid: locked.deliveryId,
        parcelUuid: parcel.parcelId,
        trackingCode: parcel.trackingCode,
        scanUuid: id,
        deliveryStepUuid: step.id,
        kind: here.taskTypeSlug as ParcelScanKind,
        at: scannedAt.toISOString(),
      },
      actorUserId: personOf(locked.actor),
    });
    return id;
  });

  const parcels = await listDeliveryParcels(db, access);
  const parcel = parcels.find((p) => p.scans?.some((s) => s.uuid === scanId));
  const scan = parcel?.scans?.find((s) => s.uuid === scanId);
  if (!parcel || !scan) throw notFound('Parcel');
  return { parcel, scan };
}

const isScanKind = (slug: string): slug is ParcelScanKind => slug === 'pickup' || slug === 'dropoff';
