import type {
  Contact,
  DeliveryStatusRecord,
  DeliveryStep,
  DeliveryStepTask,
  LocationHistoryPoint,
  Parcel,
  ParcelScan,
  ParcelScanKind,
  Quote,
  VehicleDriverAssignment,
} from '@courier/contract';
import type {
  deliveryAssignments,
  deliveryLocationPoints,
  deliveryQuotes,
  deliveryStatusRecords,
} from '../../db/schema/index.js';
import { iso, isoOrNull } from '../../lib/dates.js';
import type { ParcelRow } from './delivery-children.queries.js';
import type { ScanRow } from './parcel-scans.queries.js';
import { presentContact } from '../directory/index.js';

export function formatMoney(minor: number, currencyCode: string): string {
  try {
    return new Intl.NumberFormat('en-GB', { style: 'currency', currency: currencyCode }).format(minor / 100);
  } catch {
    return `${(minor / 100).toFixed(2)} ${currencyCode}`;
  }
}

export function presentParcel(p: ParcelRow, contacts?: Contact[], scans?: ParcelScan[]): Parcel {
  return {
    uuid: p.id,
    name: p.name,
    ...(p.description ? { description: p.description } : {}),
    volumeCm3: p.volumeCm3,
    weightKg: p.weightKg,
    quantity: p.quantity,
    ...(p.valueMinor !== null && p.valueCurrencyCode
      ? {
          value: {
            priceMinor: p.valueMinor,
            currencyCode: p.valueCurrencyCode,
            priceString: formatMoney(p.valueMinor, p.valueCurrencyCode),
          },
        }
      : {}),
    isFragile: p.isFragile,
    trackingCode: p.trackingCode,
    ...(contacts ? { contacts } : {}),
    ...(scans ? { scans } : {}),
    createdAt: iso(p.createdAt),
    updatedAt: iso(p.updatedAt),
  };
}

export function presentQuote(q: typeof deliveryQuotes.$inferSelect): Quote {
  return {
    uuid: q.id,
    deliveryUuid: q.deliveryId,
    price: {
      priceMinor: q.priceMinor,
      currencyCode: q.currencyCode,
      priceString: formatMoney(q.priceMinor, q.currencyCode),
    },
    validUntil: iso(q.validUntil),
    isAccepted: q.statusSlug === 'accepted',
    createdAt: iso(q.createdAt),
  };
}

export function presentTask(t: {
  id: string;
  stepId: string;
  typeSlug: string;
  taskOrderNo: number;
  completedAt: Date | null;
}): DeliveryStepTask {
  return {
    uuid: t.id,
    deliveryStepTaskUuid: t.id,
    deliveryStepUuid: t.stepId,
    deliveryStepTaskTypeSlug: t.typeSlug,
    taskOrderNo: t.taskOrderNo,
    completedAt: isoOrNull(t.completedAt),
  };
}

/** A contact of a delivery's tasks, with the tasks it is on. */
export function presentTaskContact(c: Parameters<typeof presentContact>[0] & { taskIds: string[] }) {
  return { ...presentContact(c), deliveryStepTaskUuids: c.taskIds };
}

export function presentStep(s: {
  id: string;
  deliveryId: string;
  stepOrderNo: number;
  addressId: string | null;
  lat: number | null;
  lng: number | null;
}): DeliveryStep {
  return {
    uuid: s.id,
    deliveryUuid: s.deliveryId,
    stepOrderNo: s.stepOrderNo,
    ...(s.addressId ? { addressUuid: s.addressId } : {}),
    location: s.lat !== null && s.lng !== null ? { lat: s.lat, lng: s.lng } : null,
  };
}

/**
 * A status record. Who made the move is shown in the delivery's own history (`author`), not on a parcel's tracking
 * timeline.
 */
export function presentStatusRecord(
  r: typeof deliveryStatusRecords.$inferSelect,
  opts: { author?: boolean; authorFirstName?: string | null; apiKeyName?: string | null } = {},
): DeliveryStatusRecord {
  return {
    uuid: r.id,
    deliveryUuid: r.deliveryId,
    statusType: r.statusType,
    statusSlug: r.statusSlug,
    ...(r.statusMessage ? { statusMessage: r.statusMessage } : {}),
    createdAt: iso(r.createdAt),
    ...(opts.author && r.createdByUserId ? { createdByUserUuid: r.createdByUserId } : {}),
    ...(opts.author && opts.authorFirstName ? { createdByFirstName: opts.authorFirstName } : {}),
    ...(opts.author && opts.apiKeyName ? { createdByApiKeyName: opts.apiKeyName } : {}),
  };
}

export function presentLocationPoint(
  p: Omit<typeof deliveryLocationPoints.$inferSelect, 'driverUserId' | 'createdAt'>,
): LocationHistoryPoint {
  return {
    uuid: p.id,
    deliveryUuid: p.deliveryId,
    location: { lat: p.lat, lng: p.lng },
    recordedAt: iso(p.recordedAt),
    ...(p.speed !== null ? { speed: p.speed } : {}),
    ...(p.heading !== null ? { heading: p.heading } : {}),
    ...(p.accuracy !== null ? { accuracy: p.accuracy } : {}),
  };
}

export function presentAssignment(
  a: typeof deliveryAssignments.$inferSelect & {
    vehicle?: { registrationNumber: string; sizeSlug: string } | null;
    drivers?: { uuid: string; firstName: string }[];
  },
): VehicleDriverAssignment {
  return {
    deliveryUuid: a.deliveryId,
    vehicleUuid: a.vehicleId,
    driverUserUuids: a.driverUserIds,
    assignedAt: iso(a.assignedAt),
    unassignedAt: isoOrNull(a.unassignedAt),
    ...(a.vehicle ? { vehicle: a.vehicle } : {}),
    ...(a.drivers ? { drivers: a.drivers } : {}),
  };
}

export const presentScan = (r: ScanRow): ParcelScan => ({
  uuid: r.id,
  parcelUuid: r.parcelId,
  deliveryStepUuid: r.stepId,
  stepOrderNo: r.stepOrderNo,
  kind: r.kind as ParcelScanKind,
  scannedAt: r.scannedAt.toISOString(),
  scannedByName: r.scannedByName,
});
