import { DOCUMENT_EXPIRY_WARNING_DAYS, METRES_PER_MILE, type OpenAuctionsQuery } from '@courier/contract';
import { and, asc, desc, eq, gt, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  addresses,
  auctions,
  bids,
  carrierRatings,
  companies,
  deliveries,
  deliveryScheduleWindows,
  deliverySteps,
  deliveryStepTaskParcels,
  deliveryStepTasks,
  driverDocuments,
  driverInfos,
  parcels,
  vehicles,
  vehicleSizes,
} from '../../db/schema/index.js';
import type { AuctionRow } from '../../access/auction-access.js';

export type BidRow = typeof bids.$inferSelect;

/** A stop of the delivery as publishing reads it: where, and whether it is a pickup or a dropoff. */
export interface StopRow {
  stepOrderNo: number;
  city: string | null;
  postcode: string | null;
  lat: number | null;
  lng: number | null;
  firstTask: string | null;
}

/** The delivery's stops in order, with their address and first task's type. */
export async function readStops(db: DbOrTx, deliveryId: string): Promise<StopRow[]> {
  return db
    .select({
      stepOrderNo: deliverySteps.stepOrderNo,
      city: addresses.city,
      postcode: addresses.postcode,
      lat: addresses.lat,
      lng: addresses.lng,
      firstTask: sql<
        string | null
      >`(select t.type_slug from ${deliveryStepTasks} t where t.step_id = ${deliverySteps.id} order by t.task_order_no limit 1)`,
    })
    .from(deliverySteps)
    .leftJoin(addresses, eq(addresses.id, deliverySteps.addressId))
    .where(eq(deliverySteps.deliveryId, deliveryId))
    .orderBy(asc(deliverySteps.stepOrderNo));
}

export async function readWindows(db: DbOrTx, deliveryId: string) {
  return db
    .select({
      typeSlug: deliveryScheduleWindows.typeSlug,
      startAt: deliveryScheduleWindows.startAt,
      endAt: deliveryScheduleWindows.endAt,
    })
    .from(deliveryScheduleWindows)
    .where(eq(deliveryScheduleWindows.deliveryId, deliveryId))
    .orderBy(asc(deliveryScheduleWindows.startAt));
}

/** The parcels the delivery's tasks carry: how many, their volume and weight (each parcel once). */
export async function readParcelTotals(db: DbOrTx, deliveryId: string) {
  const [row] = await db
    .select({
      count: sql<number>`coalesce(sum(p.quantity), 0)::int`,
      volumeCm3: sql<number>`coalesce(sum(p.volume_cm3 * p.quantity), 0)::float8`,
      weightKg: sql<number>`coalesce(sum(p.weight_kg * p.quantity), 0)::float8`,
    })
    .from(
      sql`(select distinct ${parcels.id}, ${parcels.quantity}, ${parcels.volumeCm3}, ${parcels.weightKg}
             from ${parcels}
             join ${deliveryStepTaskParcels} tp on tp.parcel_id = ${parcels.id}
             join ${deliveryStepTasks} t on t.id = tp.task_id
             join ${deliverySteps} s on s.id = t.step_id
            where s.delivery_id = ${deliveryId}) p`,
    );
  return {
    count: Number(row?.count ?? 0),
    volumeCm3: Number(row?.volumeCm3 ?? 0),
    weightKg: Number(row?.weightKg ?? 0),
  };
}

export async function openAuctionOf(db: DbOrTx, deliveryId: string) {
  const [row] = await db
    .select({ id: auctions.id })
    .from(auctions)
    .where(and(eq(auctions.deliveryId, deliveryId), eq(auctions.status, 'open')))
    .limit(1);
  return row;
}

/** The size's place in the lookup's order (larger vehicles come later), or null for an unknown slug. */
export async function sizeOrder(db: DbOrTx, slug: string): Promise<number | null> {
  const [row] = await db
    .select({ order: vehicleSizes.sortOrder })
    .from(vehicleSizes)
    .where(and(eq(vehicleSizes.slug, slug), eq(vehicleSizes.isActive, true)));
  return row ? row.order : null;
}

/** Whether the company keeps a vehicle of this size. */
export async function fleetHasSize(db: DbOrTx, companyId: string, sizeSlug: string): Promise<boolean> {
  const [row] = await db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(and(eq(vehicles.companyId, companyId), eq(vehicles.sizeSlug, sizeSlug)))
    .limit(1);
  return row !== undefined;
}

const fromDepot = (depot: { lat: number; lng: number }): SQL<number> =>
  sql<number>`(2 * 6371000 * asin(least(1, sqrt(
      power(sin(radians(${auctions.pickupLat} - ${depot.lat}) / 2), 2)
      + cos(radians(${depot.lat})) * cos(radians(${auctions.pickupLat}))
        * power(sin(radians(${auctions.pickupLng} - ${depot.lng}) / 2), 2)))))`;

/**
 * Open auctions another company may bid on (not its own), filtered and sorted as `/BidsOpen` asks, with the page's
 * total. Distances from the depot are straight lines (the depot's reach, decision 026).
 */
export async function listOpenAuctions(
  db: DbOrTx,
  opts: {
    companyId: string;
    query: OpenAuctionsQuery;
    depot: { lat: number; lng: number } | null;
  },
): Promise<{ rows: AuctionRow[]; total: number }> {
  const { query, depot } = opts;
  const where: SQL[] = [
    eq(auctions.status, 'open'),
    gt(auctions.closesAt, sql`now()`),
    ne(auctions.ownerCompanyId, opts.companyId),
  ];
  if (query.vehicleSizeSlug) where.push(eq(auctions.vehicleSizeSlug, query.vehicleSizeSlug));
  if (query.urgency) where.push(eq(auctions.urgency, query.urgency));
  if (query.closingWithinHours)
    where.push(
      sql`${auctions.closesAt} <= now() + make_interval(secs => ${query.closingWithinHours * 3600})`,
    );
  if (query.maxFromDepotMiles && depot)
    where.push(sql`${fromDepot(depot)} <= ${query.maxFromDepotMiles * METRES_PER_MILE}`);
  const order =
    query.sort === 'newest'
      ? [desc(auctions.publishedAt)]
      : query.sort === 'distance'
        ? [asc(auctions.distanceM)]
        : query.sort === 'nearest' && depot
          ? [sql`${fromDepot(depot)} asc nulls last`]
          : [asc(auctions.closesAt)];
  const condition = and(...where);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(auctions)
      .where(condition)
      .orderBy(...order, asc(auctions.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(auctions)
      .where(condition),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** My company's auctions (`owner`) or those it bid on (`bidder`), newest first. */
export async function listMyAuctions(
  db: DbOrTx,
  opts: { companyId: string; side: 'owner' | 'bidder'; state?: string; page: number; perPage: number },
): Promise<{ rows: AuctionRow[]; total: number }> {
  const where: SQL[] = [
    opts.side === 'owner'
      ? eq(auctions.ownerCompanyId, opts.companyId)
      : sql`exists (select 1 from ${bids} b where b.auction_id = ${auctions.id} and b.company_id = ${opts.companyId})`,
  ];
  const state = stateCondition(opts.state);
  if (state) where.push(state);
  const condition = and(...where);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(auctions)
      .where(condition)
      .orderBy(desc(auctions.publishedAt), asc(auctions.id))
      .limit(opts.perPage)
      .offset((opts.page - 1) * opts.perPage),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(auctions)
      .where(condition),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** The SQL of a state read from the status and the clock (as `auctionStateAt`). */
function stateCondition(state: string | undefined): SQL | undefined {
  switch (state) {
    case 'open':
      return sql`${auctions.status} = 'open' and ${auctions.closesAt} > now()`;
    case 'closed':
      return sql`${auctions.status} = 'open' and ${auctions.closesAt} <= now() and ${auctions.awardBy} > now()`;
    case 'expired':
      return sql`(${auctions.status} = 'expired' or (${auctions.status} = 'open' and ${auctions.awardBy} <= now()))`;
    case 'awarded':
    case 'withdrawn':
      return eq(auctions.status, state);
    default:
      return undefined;
  }
}

/** One company's bids on these auctions. */
export async function bidsOfCompany(db: DbOrTx, companyId: string, auctionIds: string[]): Promise<BidRow[]> {
  if (auctionIds.length === 0) return [];
  return db
    .select()
    .from(bids)
    .where(and(eq(bids.companyId, companyId), inArray(bids.auctionId, auctionIds)));
}

/** How many active bids each of these auctions has. */
export async function activeBidCounts(db: DbOrTx, auctionIds: string[]): Promise<Map<string, number>> {
  if (auctionIds.length === 0) return new Map();
  const rows = await db
    .select({ auctionId: bids.auctionId, n: sql<number>`count(*)::int` })
    .from(bids)
    .where(and(inArray(bids.auctionId, auctionIds), inArray(bids.status, ['active', 'won'])))
    .groupBy(bids.auctionId);
  return new Map(rows.map((r) => [r.auctionId, Number(r.n)]));
}

export interface BidderRow {
  companyId: string;
  name: string;
  ratingAverage: number | null;
  ratingCount: number;
  completedJobs: number;
  drivers: number;
  licensed: number;
  insured: number;
  documents: number;
  expiring: number;
}

/**
 * Every bid of these auctions with its bidder's record on the platform (ratings, completed jobs, documents on file),
 * cheapest first, in one statement.
 */
export async function bidsWithBidders(
  db: DbOrTx,
  auctionIds: string[],
): Promise<(BidRow & { bidder: BidderRow })[]> {
  if (auctionIds.length === 0) return [];
  // Expired, or expiring within the warning period.
  const warnBy = sql`now() + make_interval(days => ${DOCUMENT_EXPIRY_WARNING_DAYS})`;
  const rows = await db
    .select({
      bid: bids,
      name: companies.name,
      ratingAverage: sql<
        number | null
      >`(select avg(r.stars)::float8 from ${carrierRatings} r where r.carrier_company_id = ${bids.companyId})`,
      ratingCount: sql<number>`(select count(*)::int from ${carrierRatings} r where r.carrier_company_id = ${bids.companyId})`,
      completedJobs: sql<number>`(select count(*)::int from ${deliveries} d where d.carrier_company_id = ${bids.companyId} and d.owner_company_id <> ${bids.companyId} and d.live_status_slug = 'completed')`,
      drivers: sql<number>`(select count(*)::int from ${driverInfos} di where di.company_id = ${bids.companyId})`,
      licensed: sql<number>`(select count(*)::int from ${driverInfos} di where di.company_id = ${bids.companyId} and di.licence_number is not null and (di.licence_expires_at is null or di.licence_expires_at > now()))`,
      insured: sql<number>`(select count(*)::int from ${driverInfos} di where di.company_id = ${bids.companyId} and di.insurance_number is not null and (di.insurance_expires_at is null or di.insurance_expires_at > now()))`,
      documents: sql<number>`(select count(*)::int from ${driverDocuments} dd join ${driverInfos} di on di.id = dd.driver_info_id where di.company_id = ${bids.companyId})`,
      expiring: sql<number>`(select (select count(*)::int from ${driverDocuments} dd join ${driverInfos} di on di.id = dd.driver_info_id where di.company_id = ${bids.companyId} and dd.expires_at < ${warnBy}) + (select count(*)::int from ${driverInfos} di where di.company_id = ${bids.companyId} and di.licence_number is not null and di.licence_expires_at < ${warnBy}) + (select count(*)::int from ${driverInfos} di where di.company_id = ${bids.companyId} and di.insurance_number is not null and di.insurance_expires_at < ${warnBy}))`,
    })
    .from(bids)
    .innerJoin(companies, eq(companies.id, bids.companyId))
    .where(inArray(bids.auctionId, auctionIds))
    .orderBy(asc(bids.priceMinor), asc(bids.updatedAt));
  return rows.map((r) => ({
    ...r.bid,
    bidder: {
      companyId: r.bid.companyId,
      name: r.name,
      ratingAverage: r.ratingAverage === null ? null : Number(r.ratingAverage),
      ratingCount: Number(r.ratingCount),
      completedJobs: Number(r.completedJobs),
      drivers: Number(r.drivers),
      licensed: Number(r.licensed),
      insured: Number(r.insured),
      documents: Number(r.documents),
      expiring: Number(r.expiring),
    },
  }));
}

export async function companyNames(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(inArray(companies.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function deliveryNames(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: deliveries.id, name: deliveries.name })
    .from(deliveries)
    .where(inArray(deliveries.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * Courier companies to tell about a new auction (decision 026): not its shipper, with a vehicle of the size
 * or larger, and whose depot is within their chosen radius of the pickup.
 */
export async function matchingCouriers(
  db: DbOrTx,
  auction: {
    ownerCompanyId: string;
    vehicleSizeSlug: string;
    pickupLat: number | null;
    pickupLng: number | null;
  },
): Promise<string[]> {
  if (auction.pickupLat === null || auction.pickupLng === null) return [];
  const rows = await db.execute<{ company_id: string }>(sql`
    select r.company_id from company_bid_rates r join ${companies} c on c.id = r.company_id
     where c.company_type_slug = 'courier' and c.is_active and r.company_id <> ${auction.ownerCompanyId}
       and r.depot_lat is not null and r.depot_lng is not null
       and 2 * 6371000 * asin(least(1, sqrt(
             power(sin(radians(${auction.pickupLat} - r.depot_lat) / 2), 2)
             + cos(radians(r.depot_lat)) * cos(radians(${auction.pickupLat}))
               * power(sin(radians(${auction.pickupLng} - r.depot_lng) / 2), 2))))
           <= r.match_radius_miles * ${METRES_PER_MILE}
       and exists (select 1 from ${vehicles} v join ${vehicleSizes} vs on vs.slug = v.size_slug
                    where v.company_id = r.company_id
                      and vs.sort_order >= (select sort_order from ${vehicleSizes} where slug = ${auction.vehicleSizeSlug}))`);
  const list: { company_id: string }[] = Array.isArray(rows)
    ? (rows as { company_id: string }[])
    : (rows as { rows: { company_id: string }[] }).rows;
  return list.map((r) => r.company_id);
}

export type RatingRow = typeof carrierRatings.$inferSelect;

/** The owner's rating of a delivery's carrier, if it has been given. */
export async function ratingOfDelivery(db: DbOrTx, deliveryId: string): Promise<RatingRow | null> {
  const [row] = await db
    .select()
    .from(carrierRatings)
    .where(eq(carrierRatings.deliveryId, deliveryId))
    .limit(1);
  return row ?? null;
}

/**
 * A courier's bids counted by state in one statement: `active` only while its auction can still be awarded (a bid
 * left on a withdrawn or expired auction is neither won nor pending), won revenue by award time this calendar month
 * in `tz`, per currency.
 */
export async function bidStatsOf(db: DbOrTx, companyId: string, tz: string) {
  const monthStart = sql`(date_trunc('month', now() at time zone ${tz}) at time zone ${tz})`;
  const [counts] = await db
    .select({
      active: sql<number>`count(*) filter (where ${bids.status} = 'active' and ${auctions.status} = 'open' and ${auctions.awardBy} > now())::int`,
      won: sql<number>`count(*) filter (where ${bids.status} = 'won')::int`,
      lost: sql<number>`count(*) filter (where ${bids.status} = 'lost')::int`,
      withdrawn: sql<number>`count(*) filter (where ${bids.status} = 'withdrawn')::int`,
    })
    .from(bids)
    .innerJoin(auctions, eq(auctions.id, bids.auctionId))
    .where(eq(bids.companyId, companyId));
  const won = await db
    .select({ currencyCode: bids.currencyCode, totalMinor: sql<number>`sum(${bids.priceMinor})::bigint` })
    .from(bids)
    .innerJoin(auctions, eq(auctions.id, bids.auctionId))
    .where(
      and(eq(bids.companyId, companyId), eq(bids.status, 'won'), sql`${auctions.decidedAt} >= ${monthStart}`),
    )
    .groupBy(bids.currencyCode)
    .orderBy(asc(bids.currencyCode));
  return {
    active: Number(counts?.active ?? 0),
    won: Number(counts?.won ?? 0),
    lost: Number(counts?.lost ?? 0),
    withdrawn: Number(counts?.withdrawn ?? 0),
    wonThisMonth: won.map((r) => ({ currencyCode: r.currencyCode, totalMinor: Number(r.totalMinor) })),
  };
}
