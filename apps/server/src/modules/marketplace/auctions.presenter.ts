import {
  auctionStateAt,
  crowFliesM,
  suggestPrice,
  type Auction,
  type AuctionArea,
  type Bid,
  type BidRates,
  type BidStats,
  type CarrierRating,
  type OwnerBid,
} from '@courier/contract';
import type { AuctionRow } from '../../access/auction-access.js';
import { formatMoney } from '../deliveries/index.js';
import type { BidderRow, BidRow, bidStatsOf, RatingRow, StopRow } from './auctions.queries.js';

/** What bidders see of the delivery, taken when it is published (the `summary` column). */
export interface AuctionSummary {
  pickup: AuctionArea | null;
  dropoff: AuctionArea | null;
  stopCount: number;
  pickupWindow: { from: string; to: string } | null;
  dropoffWindow: { from: string; to: string } | null;
  parcels: { count: number; volumeCm3: number; weightKg: number };
}

/** The outward code of a UK postcode (`N1 0PQ` → `N1`), else the text before the first space. */
export function postcodeArea(postcode: string | null): string {
  const text = (postcode ?? '').trim().toUpperCase();
  if (!text) return '';
  const spaced = text.split(/\s+/)[0]!;
  if (spaced !== text) return spaced;
  // UK postcodes written without their space end in a three-character inward code.
  return /^[A-Z]{1,2}\d[A-Z\d]?\d[A-Z]{2}$/.test(text) ? text.slice(0, -3) : text;
}

const round2 = (n: number | null) => (n === null ? null : Math.round(n * 100) / 100);

function areaOf(stop: StopRow | undefined): AuctionArea | null {
  if (!stop) return null;
  return {
    city: stop.city ?? '',
    postcodeArea: postcodeArea(stop.postcode),
    lat: round2(stop.lat),
    lng: round2(stop.lng),
  };
}

/**
 * What bidders see (the `summary` column), and the pickup's exact point, kept in its own columns for distances and
 * never shown.
 */
export function summaryOf(
  stops: StopRow[],
  windows: { typeSlug: string; startAt: Date; endAt: Date }[],
  parcels: AuctionSummary['parcels'],
): { summary: AuctionSummary; pickupPoint: { lat: number | null; lng: number | null } } {
  const pickup = stops.find((s) => s.firstTask === 'pickup') ?? stops[0];
  const dropoff = [...stops].reverse().find((s) => s.firstTask === 'dropoff') ?? stops[stops.length - 1];
  const windowOf = (type: string) => {
    const w =
      windows.find((x) => x.typeSlug === type) ?? windows.find((x) => x.typeSlug === 'whole-delivery');
    return w ? { from: w.startAt.toISOString(), to: w.endAt.toISOString() } : null;
  };
  return {
    summary: {
      pickup: areaOf(pickup),
      dropoff: stops.length > 1 ? areaOf(dropoff) : null,
      stopCount: stops.length,
      pickupWindow: windowOf('pickup'),
      dropoffWindow: windowOf('dropoff'),
      parcels,
    },
    pickupPoint: { lat: pickup?.lat ?? null, lng: pickup?.lng ?? null },
  };
}

/** A price as the app shows it: minor units, the formatted string and the currency. */
export const money = (minor: number, currencyCode: string) => ({
  priceMinor: minor,
  priceString: formatMoney(minor, currencyCode),
  currencyCode,
});

/** Only the area's fields, whatever else a stored summary holds. */
const publicArea = (a: AuctionArea | null): AuctionArea | null =>
  a ? { city: a.city, postcodeArea: a.postcodeArea, lat: a.lat, lng: a.lng } : null;

export function presentBid(b: BidRow): Bid {
  return {
    uuid: b.id,
    status: b.status,
    price: money(b.priceMinor, b.currencyCode),
    vehicleSizeSlug: b.vehicleSizeSlug,
    pickupEta: b.pickupEta.toISOString(),
    note: b.note,
    createdAt: b.createdAt.toISOString(),
    updatedAt: b.updatedAt.toISOString(),
  };
}

function presentOwnerBid(b: BidRow & { bidder: BidderRow }): OwnerBid {
  return {
    ...presentBid(b),
    bidder: {
      uuid: b.bidder.companyId,
      name: b.bidder.name,
      rating: {
        average: b.bidder.ratingAverage === null ? null : Math.round(b.bidder.ratingAverage * 10) / 10,
        count: b.bidder.ratingCount,
      },
      completedJobs: b.bidder.completedJobs,
      accreditation: {
        drivers: b.bidder.drivers,
        licensed: b.bidder.licensed,
        insured: b.bidder.insured,
        documents: b.bidder.documents,
        expiring: b.bidder.expiring,
      },
    },
  };
}

export function presentAuction(
  row: AuctionRow,
  opts: {
    viewer: 'owner' | 'courier';
    shipperName: string;
    deliveryName: string | null;
    bids: (BidRow & { bidder: BidderRow })[] | null;
    bidCount: number | null;
    myBid: BidRow | null;
    rates: BidRates | null;
  },
): Auction {
  const summary = row.summary as AuctionSummary;
  const pickupPoint =
    row.pickupLat !== null && row.pickupLng !== null ? { lat: row.pickupLat, lng: row.pickupLng } : null;
  const suggestion =
    opts.rates &&
    suggestPrice(opts.rates, {
      distanceM: row.distanceM,
      durationS: row.durationS,
      pickup: pickupPoint,
      currencyCode: row.currencyCode,
    });
  const depot = opts.rates?.depot ?? null;
  return {
    uuid: row.id,
    state: auctionStateAt(row),
    urgency: row.urgency,
    vehicleSizeSlug: row.vehicleSizeSlug,
    publishedAt: row.publishedAt.toISOString(),
    closesAt: row.closesAt.toISOString(),
    awardBy: row.awardBy.toISOString(),
    // An auction past its award deadline has expired at that moment, even before a sweep has recorded it.
    decidedAt:
      (row.decidedAt ?? (auctionStateAt(row) === 'expired' ? row.awardBy : null))?.toISOString() ?? null,
    currencyCode: row.currencyCode,
    reserve: row.reserveMinor === null ? null : money(row.reserveMinor, row.currencyCode),
    notes: row.notes,
    shipper: { uuid: row.ownerCompanyId, name: opts.shipperName },
    pickup: publicArea(summary.pickup),
    dropoff: publicArea(summary.dropoff),
    stopCount: summary.stopCount,
    distanceM: row.distanceM,
    durationS: row.durationS,
    pickupWindow: summary.pickupWindow,
    dropoffWindow: summary.dropoffWindow,
    parcels: summary.parcels,
    viewer: opts.viewer,
    // The shipper's always; the winner's once it carries it (its own delivery screens then show it whole).
    delivery:
      opts.viewer === 'owner' || (opts.myBid?.status === 'won' && row.awardedBidId === opts.myBid.id)
        ? { uuid: row.deliveryId, name: opts.deliveryName ?? '' }
        : null,
    bids: opts.bids ? opts.bids.map(presentOwnerBid) : null,
    bidCount: opts.bidCount,
    myBid: opts.myBid ? presentBid(opts.myBid) : null,
    suggested: suggestion
      ? { price: money(suggestion.priceMinor, row.currencyCode), band: suggestion.band }
      : null,
    fromDepotM: depot && pickupPoint ? Math.round(crowFliesM(depot, pickupPoint)) : null,
    awardedBidUuid: row.awardedBidId,
  };
}

export function presentRating(row: RatingRow, names: Map<string, string>): CarrierRating {
  return {
    deliveryUuid: row.deliveryId,
    carrier: { uuid: row.carrierCompanyId, name: names.get(row.carrierCompanyId) ?? '' },
    stars: row.stars,
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentBidStats(row: Awaited<ReturnType<typeof bidStatsOf>>): BidStats {
  const { wonThisMonth, ...byStatus } = row;
  const decided = byStatus.won + byStatus.lost;
  return {
    byStatus,
    winRate: decided === 0 ? null : byStatus.won / decided,
    wonThisMonth: wonThisMonth.map((w) => money(w.totalMinor, w.currencyCode)),
  };
}
