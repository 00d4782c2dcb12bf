import { displayName } from '@courier/contract';
import type { LabelStop, ParcelLabel } from './labels.pdf.js';
import type { LabelParcelRow, LabelStopRow } from './labels.queries.js';

const regions = new Intl.DisplayNames(['en'], { type: 'region' });
const countryName = (code: string) => {
  try {
    return regions.of(code) ?? code;
  } catch {
    return code;
  }
};

function presentStop(row: LabelStopRow | undefined): LabelStop | null {
  if (!row) return null;
  const name =
    row.contactFirstname !== null
      ? displayName({ firstname: row.contactFirstname, lastname: row.contactLastname ?? '' })
      : '';
  return {
    contactName: name || null,
    companyName: row.contactCompanyName?.trim() || null,
    street: [row.line1, row.line2, row.line3].filter((l): l is string => Boolean(l?.trim())),
    place: [row.city, row.postcode].filter(Boolean).join(' ') || null,
    region:
      [row.county, row.countryCode ? countryName(row.countryCode) : null].filter(Boolean).join(', ') || null,
  };
}

/**
 * The labels of the deliveries' parcels, delivery by delivery in the order given (`deliveryIds`), each parcel in its
 * delivery's parcel order. A parcel goes from the first pickup to the last dropoff of the tasks it is on; one on no
 * task of that kind goes from the delivery's first stop, or to its last. "2 of 3" counts the delivery's parcel
 * records, whatever the quantity each stands for.
 */
export function presentLabels(
  deliveryIds: readonly string[],
  parcels: readonly LabelParcelRow[],
  stops: readonly LabelStopRow[],
  trackingUrlOf: (row: LabelParcelRow) => string | null,
): ParcelLabel[] {
  return deliveryIds.flatMap((deliveryId) => {
    const own = parcels.filter((p) => p.deliveryId === deliveryId);
    const route = stops.filter((s) => s.deliveryId === deliveryId);
    const stopAt = (order: number | null, fallback: LabelStopRow | undefined) =>
      presentStop(order === null ? fallback : route.find((s) => s.stepOrderNo === order));
    return own.map((p, i): ParcelLabel => ({
      parcelUuid: p.id,
      trackingCode: p.trackingCode,
      parcelName: p.name,
      weightKg: p.weightKg,
      quantity: p.quantity,
      isFragile: p.isFragile,
      position: i + 1,
      count: own.length,
      deliveryName: p.deliveryName,
      externalId: p.externalId,
      from: stopAt(p.fromStep, route[0]),
      to: stopAt(p.toStep, route.at(-1)),
      trackingUrl: trackingUrlOf(p),
    }));
  });
}
