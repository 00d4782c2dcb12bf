import {
  AUCTION,
  AUCTION_OFFERABLE_STATUSES,
  AUCTION_REFUSALS,
  auctionMoveConflict,
  awardDeadline,
  bidConflict,
  can,
  DEFAULT_BID_RATES,
  type Actor,
  type AUCTION_EVENT_CHANGES,
  type BidRates,
  type BidStats,
  type BidStatsQuery,
  type CarrierRatingBody,
  type DeliveryCarrierRating,
  type OpenAuctionsQuery,
  type PlaceBidBody,
  type PublishAuctionBody,
} from '@courier/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import { auctionAccess, type AuctionAccess, type AuctionRow } from '../../access/auction-access.js';
import {
  deliveryAccess,
  lockDelivery,
  type DeliveryAccess,
  type DeliveryRecord,
} from '../../access/delivery-access.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { auctions, bids, carrierRatings, companyBidRates } from '../../db/schema/index.js';
import { conflict, notFound, unprocessable } from '../../lib/app-error.js';
import type { RouteEstimator } from '../../lib/routing/routing.js';
import { acceptCarrierBid } from '../deliveries/index.js';
import { recordEvents, type NewLiveEvent } from '../live/index.js';
import { money, presentAuction, presentBidStats, presentRating, summaryOf } from './auctions.presenter.js';
import {
  activeBidCounts,
  bidsOfCompany,
  bidsWithBidders,
  bidStatsOf,
  companyNames,
  ratingOfDelivery,
  deliveryNames,
  fleetHasSize,
  listMyAuctions,
  listOpenAuctions,
  matchingCouriers,
  openAuctionOf,
  readParcelTotals,
  readStops,
  readWindows,
  sizeOrder,
  type BidRow,
} from './auctions.queries.js';
import { personOf } from '../../access/actor.js';

type AuctionEventChange = (typeof AUCTION_EVENT_CHANGES)[number];

/**
 * Events for companies' admins (a company audience: no driver hears of the marketplace). A bid's own events, to the
 * shipper, carry the bid and its price then (its notification names them).
 */
function auctionEvents(
  auctionId: string,
  list: readonly { companyId: string; change: AuctionEventChange; bid?: BidRow }[],
): NewLiveEvent[] {
  const at = new Date().toISOString();
  return list.map((e) => ({
    type: 'auction',
    data: {
      auctionUuid: auctionId,
      change: e.change,
      at,
      ...(e.bid ? { bid: { uuid: e.bid.id, price: money(e.bid.priceMinor, e.bid.currencyCode) } } : {}),
    },
    audience: { companyId: e.companyId, driverUserIds: [] },
  }));
}

/** A delivery may be offered, and awarded, while no other company carries it, it has not started and none of the
 * owner's own vehicles is on it (409 with the reason otherwise). */
function offerable(d: DeliveryRecord): void {
  if (d.carrierCompanyId !== null && d.carrierCompanyId !== d.ownerCompanyId)
    throw conflict('This delivery already has a carrier.');
  if (!(AUCTION_OFFERABLE_STATUSES as readonly string[]).includes(d.liveStatusSlug))
    throw conflict(
      'Only a delivery that is not under way yet (created or scheduled) can be offered for bids.',
    );
  if (d.assignedDriverIds.length > 0)
    throw conflict('Take your own vehicle and drivers off this delivery before offering it for bids.');
}

/**
 * Offers a delivery for bidding (decision 026): only its owner (the policy's `publish-auction`), only while no one
 * else carries it, it is not under way and none of the owner's own vehicles is on it. What bidders will see (the
 * stops by area, windows, parcels, the road estimate) is taken now; matching couriers are told.
 */
export async function publishAuction(
  db: Db,
  estimator: RouteEstimator,
  access: DeliveryAccess,
  body: PublishAuctionBody,
): Promise<AuctionRow> {
  const closesAt = new Date(body.closesAt);
  const now = Date.now();
  if (closesAt.getTime() < now + AUCTION.minOpenMinutes * 60_000)
    throw unprocessable({ closesAt: [`Close bidding at least ${AUCTION.minOpenMinutes} minutes from now.`] });
  if (closesAt.getTime() > now + AUCTION.maxOpenDays * 86_400_000)
    throw unprocessable({ closesAt: [`Close bidding within ${AUCTION.maxOpenDays} days.`] });
  if ((await sizeOrder(db, body.vehicleSizeSlug)) === null)
    throw unprocessable({ vehicleSizeSlug: ['Choose one of the vehicle sizes.'] });

  const deliveryId = access.deliveryId;
  const [stops, windows, parcelTotals] = await Promise.all([
    readStops(db, deliveryId),
    readWindows(db, deliveryId),
    readParcelTotals(db, deliveryId),
  ]);
  const { summary, pickupPoint } = summaryOf(stops, windows, parcelTotals);
  const placed = stops.filter((s) => s.lat !== null && s.lng !== null) as { lat: number; lng: number }[];
  const route = await estimator.estimate(placed.map((s) => ({ lat: s.lat, lng: s.lng })));

  return db.transaction(async (tx) => {
    const { delivery: d, actor } = await lockDelivery(tx, access);
    offerable(d);
    if (await openAuctionOf(tx, d.id)) throw conflict('This delivery is already offered for bids.');
    const [row] = await tx
      .insert(auctions)
      .values({
        deliveryId: d.id,
        ownerCompanyId: d.ownerCompanyId,
        urgency: body.urgency,
        vehicleSizeSlug: body.vehicleSizeSlug,
        reserveMinor: body.reserveMinor,
        currencyCode: d.currencyCode.toUpperCase(),
        notes: body.notes,
        summary,
        pickupLat: pickupPoint.lat,
        pickupLng: pickupPoint.lng,
        distanceM: Math.round(route.distanceM),
        durationS: Math.round(route.durationS),
        closesAt,
        awardBy: awardDeadline(closesAt),
        createdByUserId: actor.userId,
      })
      .returning();
    const matched = await matchingCouriers(tx, row!);
    await recordEvents(
      tx,
      auctionEvents(
        row!.id,
        matched.map((companyId) => ({ companyId, change: 'published' as const })),
      ),
    );
    return row!;
  });
}

/** Withdraws an auction before the award; every company with a live bid is told. */
export async function withdrawAuction(db: Db, actor: Actor, auctionId: string): Promise<AuctionRow> {
  return db.transaction(async (tx) => {
    const access = await auctionAccess(tx, actor, 'manage', auctionId, { forUpdate: true });
    const reason = auctionMoveConflict('withdraw', access.state);
    if (reason) throw conflict(reason);
    const [row] = await tx
      .update(auctions)
      .set({ status: 'withdrawn', decidedAt: new Date(), updatedAt: new Date() })
      .where(eq(auctions.id, auctionId))
      .returning();
    const live = await tx
      .select({ companyId: bids.companyId })
      .from(bids)
      .where(and(eq(bids.auctionId, auctionId), eq(bids.status, 'active')));
    await recordEvents(
      tx,
      auctionEvents(
        auctionId,
        live.map((b) => ({ companyId: b.companyId, change: 'withdrawn' as const })),
      ),
    );
    return row!;
  });
}

/**
 * Awards one bid (decision 026). The auction row is locked first, so of two awards at once the second finds it
 * awarded (409); the delivery is then locked and asked again (still no carrier). The bid becomes the delivery's
 * accepted quote and its courier the carrier; the other bidders are told they lost.
 */
export async function awardAuction(
  db: Db,
  actor: Actor,
  auctionId: string,
  bidId: string,
): Promise<AuctionRow> {
  return db.transaction(async (tx) => {
    const access = await auctionAccess(tx, actor, 'manage', auctionId, { forUpdate: true });
    const reason = auctionMoveConflict('award', access.state);
    if (reason) throw conflict(reason);
    const [bid] = await tx
      .select()
      .from(bids)
      .where(and(eq(bids.id, bidId), eq(bids.auctionId, auctionId)));
    if (!bid) throw unprocessable({ bidUuid: ['This bid is not on this auction.'] });
    if (bid.status !== 'active') throw conflict('This bid was withdrawn by its courier.');
    // The delivery under its lock, the policy asked again (its owner offers it).
    const { delivery } = await deliveryAccess(tx, actor, 'publish-auction', access.auction.deliveryId, {
      forUpdate: true,
    });
    // What held when it was published must still hold: the shipper may have moved it meanwhile.
    offerable(delivery);
    const now = new Date();
    await acceptCarrierBid(tx, {
      deliveryId: delivery.id,
      quoteStatusSlug: delivery.quoteStatusSlug,
      carrierCompanyId: bid.companyId,
      priceMinor: bid.priceMinor,
      currencyCode: bid.currencyCode,
      userId: personOf(actor),
    });
    await tx.update(bids).set({ status: 'won', updatedAt: now }).where(eq(bids.id, bid.id));
    const losers = await tx
      .update(bids)
      .set({ status: 'lost', updatedAt: now })
      .where(and(eq(bids.auctionId, auctionId), eq(bids.status, 'active'), ne(bids.id, bid.id)))
      .returning({ companyId: bids.companyId });
    const [row] = await tx
      .update(auctions)
      .set({ status: 'awarded', awardedBidId: bid.id, decidedAt: now, updatedAt: now })
      .where(eq(auctions.id, auctionId))
      .returning();
    await recordEvents(
      tx,
      auctionEvents(auctionId, [
        { companyId: bid.companyId, change: 'awarded' },
        ...losers.map((l) => ({ companyId: l.companyId, change: 'lost' as const })),
      ]),
    );
    return row!;
  });
}

/**
 * The auction locked for a bid of the caller's company: it must know the auction (404) and be one that may bid on it
 * (the policy's `bid`); its shipper is told why not (422, as the issue asks, rather than a bare 403).
 */
async function bidderAccess(tx: DbOrTx, actor: Actor, auctionId: string): Promise<AuctionAccess> {
  const access = await auctionAccess(tx, actor, 'read', auctionId, { forUpdate: true });
  if (!can(actor, 'bid', access.subject))
    throw unprocessable({ auctionUuid: [AUCTION_REFUSALS.bid] }, AUCTION_REFUSALS.bid);
  return access;
}

/**
 * Places or revises the caller's company's bid (decision 026): only while the auction is open (409 after), never on
 * its own auction, in the auction's currency, at most its reserve, with a vehicle size the auction accepts (its size
 * or larger) that the company's fleet has (422 otherwise).
 */
export async function placeBid(db: Db, actor: Actor, auctionId: string, body: PlaceBidBody) {
  const companyId = actor.memberships[0]!.companyId;
  return db.transaction(async (tx) => {
    const access = await bidderAccess(tx, actor, auctionId);
    const reason = bidConflict(access.state);
    if (reason) throw conflict(reason);
    const a = access.auction;
    const errors: Record<string, string[]> = {};
    if (body.currencyCode.toUpperCase() !== a.currencyCode)
      errors.currencyCode = [`This auction is priced in ${a.currencyCode}.`];
    if (a.reserveMinor !== null && body.priceMinor > a.reserveMinor)
      errors.priceMinor = ["The price is above the shipper's maximum for this delivery."];
    const [wanted, offered] = await Promise.all([
      sizeOrder(tx, a.vehicleSizeSlug),
      sizeOrder(tx, body.vehicleSizeSlug),
    ]);
    if (offered === null) errors.vehicleSizeSlug = ['Choose one of the vehicle sizes.'];
    else if (wanted !== null && offered < wanted)
      errors.vehicleSizeSlug = ['This delivery needs a larger vehicle.'];
    else if (!(await fleetHasSize(tx, companyId, body.vehicleSizeSlug)))
      errors.vehicleSizeSlug = ['Your fleet has no vehicle of this size.'];
    if (Date.parse(body.pickupEta) < Date.now() - 60_000)
      errors.pickupEta = ['The pickup time is in the past.'];
    if (Object.keys(errors).length) throw unprocessable(errors);
    const now = new Date();
    const values = {
      priceMinor: body.priceMinor,
      currencyCode: a.currencyCode,
      vehicleSizeSlug: body.vehicleSizeSlug,
      pickupEta: new Date(body.pickupEta),
      note: body.note,
      status: 'active' as const,
      createdByUserId: actor.userId,
      updatedAt: now,
    };
    const [placed] = await tx
      .insert(bids)
      .values({ auctionId, companyId, ...values })
      .onConflictDoUpdate({ target: [bids.auctionId, bids.companyId], set: values })
      .returning();
    await recordEvents(
      tx,
      auctionEvents(auctionId, [{ companyId: a.ownerCompanyId, change: 'bid', bid: placed! }]),
    );
    return a;
  });
}

/** Withdraws the caller's company's bid while the auction is open. */
export async function withdrawBid(db: Db, actor: Actor, auctionId: string) {
  const companyId = actor.memberships[0]!.companyId;
  return db.transaction(async (tx) => {
    const access = await bidderAccess(tx, actor, auctionId);
    const reason = bidConflict(access.state);
    if (reason) throw conflict(reason);
    const [row] = await tx
      .update(bids)
      .set({ status: 'withdrawn', updatedAt: new Date() })
      .where(and(eq(bids.auctionId, auctionId), eq(bids.companyId, companyId), eq(bids.status, 'active')))
      .returning();
    if (!row) throw notFound('Bid');
    await recordEvents(
      tx,
      auctionEvents(auctionId, [
        { companyId: access.auction.ownerCompanyId, change: 'bid-withdrawn', bid: row },
      ]),
    );
    return access.auction;
  });
}

/**
 * Marks auctions past their award deadline expired and tells their shippers: one conditional update, so of several
 * processes sweeping at once each auction is expired (and its shipper told) exactly once. Awards are refused from
 * the deadline whether or not this has run (the state is read from the clock).
 */
export async function expireAuctions(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const expired = await tx
      .update(auctions)
      .set({ status: 'expired', decidedAt: now, updatedAt: now })
      .where(and(eq(auctions.status, 'open'), sql`${auctions.awardBy} <= now()`))
      .returning({ id: auctions.id, ownerCompanyId: auctions.ownerCompanyId });
    for (const a of expired)
      await recordEvents(tx, auctionEvents(a.id, [{ companyId: a.ownerCompanyId, change: 'expired' }]));
    return expired.length;
  });
}

// --- reading ---

const DEFAULT_RATES: BidRates = {
  depot: null,
  localRadiusMiles: 10,
  matchRadiusMiles: 50,
  currencyCode: 'GBP',
  local: { ...DEFAULT_BID_RATES },
  outlying: { ...DEFAULT_BID_RATES },
};

export async function readBidRates(db: DbOrTx, companyId: string): Promise<BidRates> {
  const [r] = await db.select().from(companyBidRates).where(eq(companyBidRates.companyId, companyId));
  if (!r) return DEFAULT_RATES;
  return {
    depot:
      r.depotLat === null || r.depotLng === null
        ? null
        : { label: r.depotLabel, lat: r.depotLat, lng: r.depotLng },
    localRadiusMiles: Number(r.localRadiusMiles),
    matchRadiusMiles: Number(r.matchRadiusMiles),
    currencyCode: r.currencyCode,
    local: {
      baseFare: Number(r.localBaseFare),
      costPerDistance: Number(r.localCostPerDistance),
      costPerHour: Number(r.localCostPerHour),
    },
    outlying: {
      baseFare: Number(r.outlyingBaseFare),
      costPerDistance: Number(r.outlyingCostPerDistance),
      costPerHour: Number(r.outlyingCostPerHour),
    },
  };
}

export async function saveBidRates(db: DbOrTx, companyId: string, rates: BidRates): Promise<BidRates> {
  const values = {
    depotLabel: rates.depot?.label ?? '',
    depotLat: rates.depot?.lat ?? null,
    depotLng: rates.depot?.lng ?? null,
    localRadiusMiles: rates.localRadiusMiles,
    matchRadiusMiles: rates.matchRadiusMiles,
    currencyCode: rates.currencyCode.toUpperCase(),
    localBaseFare: rates.local.baseFare,
    localCostPerDistance: rates.local.costPerDistance,
    localCostPerHour: rates.local.costPerHour,
    outlyingBaseFare: rates.outlying.baseFare,
    outlyingCostPerDistance: rates.outlying.costPerDistance,
    outlyingCostPerHour: rates.outlying.costPerHour,
    updatedAt: new Date(),
  };
  await db
    .insert(companyBidRates)
    .values({ companyId, ...values })
    .onConflictDoUpdate({ target: companyBidRates.companyId, set: values });
  return readBidRates(db, companyId);
}

/** Auctions as the viewing company sees them: the shipper with every bid, a courier with its own and a suggestion. */
export async function viewAuctions(db: DbOrTx, companyId: string, rows: AuctionRow[]) {
  const ids = rows.map((r) => r.id);
  const owned = rows.filter((r) => r.ownerCompanyId === companyId).map((r) => r.id);
  const [mine, counts, shippers, names, rates, ownerBids] = await Promise.all([
    bidsOfCompany(db, companyId, ids),
    activeBidCounts(db, ids),
    companyNames(db, [...new Set(rows.map((r) => r.ownerCompanyId))]),
    // The shipper's deliveries, and those awarded (the winner carries them now; the presenter names them to it).
    deliveryNames(
      db,
      rows.filter((r) => r.ownerCompanyId === companyId || r.awardedBidId !== null).map((r) => r.deliveryId),
    ),
    readBidRates(db, companyId),
    bidsWithBidders(db, owned),
  ]);
  const myBids = new Map(mine.map((b) => [b.auctionId, b]));
  return rows.map((row) => {
    const owner = row.ownerCompanyId === companyId;
    return presentAuction(row, {
      viewer: owner ? 'owner' : 'courier',
      shipperName: shippers.get(row.ownerCompanyId) ?? '',
      deliveryName: names.get(row.deliveryId) ?? null,
      bids: owner ? ownerBids.filter((b) => b.auctionId === row.id) : null,
      bidCount: owner ? (counts.get(row.id) ?? 0) : null,
      myBid: owner ? null : (myBids.get(row.id) ?? null),
      rates: owner ? null : rates,
    });
  });
}

export async function viewAuction(db: DbOrTx, access: AuctionAccess) {
  const [view] = await viewAuctions(db, access.actor.memberships[0]!.companyId, [access.auction]);
  return view!;
}

export async function openAuctions(db: DbOrTx, companyId: string, query: OpenAuctionsQuery) {
  const rates = await readBidRates(db, companyId);
  const { rows, total } = await listOpenAuctions(db, { companyId, query, depot: rates.depot });
  return { data: await viewAuctions(db, companyId, rows), total };
}

export async function myAuctions(
  db: DbOrTx,
  companyId: string,
  q: { side: 'owner' | 'bidder'; state?: string; page: number; per_page: number },
) {
  const { rows, total } = await listMyAuctions(db, {
    companyId,
    side: q.side,
    ...(q.state ? { state: q.state } : {}),
    page: q.page,
    perPage: q.per_page,
  });
  return { data: await viewAuctions(db, companyId, rows), total };
}

/** A courier company's record as a bidder (its dashboard). */
export async function bidStats(db: DbOrTx, companyId: string, query: BidStatsQuery): Promise<BidStats> {
  return presentBidStats(await bidStatsOf(db, companyId, query.tz));
}

/**
 * The owner's rating of the company that carried its delivery (decision 026): only once the delivery is completed
 * and only when another company carried it (409 otherwise), once per delivery (409 on a second).
 */
export async function rateCarrier(db: Db, access: DeliveryAccess, body: CarrierRatingBody) {
  return db.transaction(async (tx) => {
    const { delivery: d, actor } = await lockDelivery(tx, access);
    if (d.carrierCompanyId === null || d.carrierCompanyId === d.ownerCompanyId)
      throw conflict('Only a delivery another company carried can be rated.');
    if (d.liveStatusSlug !== 'completed') throw conflict('Rate the carrier once the delivery is completed.');
    const [row] = await tx
      .insert(carrierRatings)
      .values({
        deliveryId: d.id,
        ownerCompanyId: d.ownerCompanyId,
        carrierCompanyId: d.carrierCompanyId,
        stars: body.stars,
        comment: body.comment,
        createdByUserId: actor.userId,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict('This delivery has been rated already.');
    const names = await companyNames(tx, [row.carrierCompanyId]);
    return presentRating(row, names);
  });
}

/** The delivery's carrier (none when its owner runs it) and the owner's rating of it, if given. */
export async function readCarrierRating(db: DbOrTx, access: DeliveryAccess): Promise<DeliveryCarrierRating> {
  const d = access.delivery;
  if (d.carrierCompanyId === null || d.carrierCompanyId === d.ownerCompanyId)
    return { carrier: null, rating: null };
  const [names, row] = await Promise.all([
    companyNames(db, [d.carrierCompanyId]),
    ratingOfDelivery(db, d.id),
  ]);
  return {
    carrier: { uuid: d.carrierCompanyId, name: names.get(d.carrierCompanyId) ?? '' },
    rating: row ? presentRating(row, names) : null,
  };
}
