import { sql } from 'drizzle-orm';
import {
  check,
  jsonb,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
  doublePrecision,
} from 'drizzle-orm/pg-core';
import { createdAt, id, tstz, updatedAt } from './columns.js';
import { deliveries } from './deliveries.schema.js';
import { companies, users } from './identity.schema.js';
import { vehicleSizes } from './reference.schema.js';

/**
 * An auction of one delivery (decision 026). `status` is what was decided (open, awarded, withdrawn, expired); the
 * clock decides the rest: bids stop at `closes_at`, awards at `award_by`. One auction at a time per delivery.
 */
export const auctions = pgTable(
  'auctions',
  {
    id: id(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    ownerCompanyId: uuid('owner_company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    status: text('status').$type<'open' | 'awarded' | 'withdrawn' | 'expired'>().notNull().default('open'),
    urgency: text('urgency').$type<'hotshot' | 'flexible'>().notNull(),
    vehicleSizeSlug: text('vehicle_size_slug')
      .notNull()
      .references(() => vehicleSizes.slug),
    reserveMinor: integer('reserve_minor'),
    currencyCode: text('currency_code').notNull(),
    notes: text('notes').notNull().default(''),
    /**
     * What bidders see, taken when it was published (the offer they price): the stops' areas, windows and parcels
     * (`AuctionSummary` of the marketplace module), the pickup's point for distance filters, the road estimate.
     */
    summary: jsonb('summary').notNull(),
    pickupLat: doublePrecision('pickup_lat'),
    pickupLng: doublePrecision('pickup_lng'),
    distanceM: integer('distance_m').notNull(),
    durationS: integer('duration_s').notNull(),
    publishedAt: tstz('published_at').notNull().defaultNow(),
    closesAt: tstz('closes_at').notNull(),
    awardBy: tstz('award_by').notNull(),
    awardedBidId: uuid('awarded_bid_id'),
    decidedAt: tstz('decided_at'),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('auctions_one_open_per_delivery')
      .on(t.deliveryId)
      .where(sql`${t.status} = 'open'`),
    index('auctions_open_closing_idx')
      .on(t.closesAt)
      .where(sql`${t.status} = 'open'`),
    index('auctions_owner_idx').on(t.ownerCompanyId, t.publishedAt.desc()),
    check('auctions_status_check', sql`${t.status} in ('open', 'awarded', 'withdrawn', 'expired')`),
    check('auctions_urgency_check', sql`${t.urgency} in ('hotshot', 'flexible')`),
  ],
);

/** A courier company's bid on an auction: one per company, revised in place until the auction closes. */
export const bids = pgTable(
  'bids',
  {
    id: id(),
    auctionId: uuid('auction_id')
      .notNull()
      .references(() => auctions.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    status: text('status').$type<'active' | 'withdrawn' | 'won' | 'lost'>().notNull().default('active'),
    priceMinor: integer('price_minor').notNull(),
    currencyCode: text('currency_code').notNull(),
    vehicleSizeSlug: text('vehicle_size_slug')
      .notNull()
      .references(() => vehicleSizes.slug),
    pickupEta: tstz('pickup_eta').notNull(),
    note: text('note').notNull().default(''),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('bids_auction_company_unique').on(t.auctionId, t.companyId),
    index('bids_company_idx').on(t.companyId, t.updatedAt.desc()),
    check('bids_status_check', sql`${t.status} in ('active', 'withdrawn', 'won', 'lost')`),
  ],
);

/** A courier company's depot, radii and bid rates (the spec's local and outlying rates, in major units). */
export const companyBidRates = pgTable('company_bid_rates', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  depotLabel: text('depot_label').notNull().default(''),
  depotLat: doublePrecision('depot_lat'),
  depotLng: doublePrecision('depot_lng'),
  localRadiusMiles: numeric('local_radius_miles', { mode: 'number' }).notNull(),
  matchRadiusMiles: numeric('match_radius_miles', { mode: 'number' }).notNull(),
  currencyCode: text('currency_code').notNull(),
  localBaseFare: numeric('local_base_fare', { mode: 'number' }).notNull(),
  localCostPerDistance: numeric('local_cost_per_distance', { mode: 'number' }).notNull(),
  localCostPerHour: numeric('local_cost_per_hour', { mode: 'number' }).notNull(),
  outlyingBaseFare: numeric('outlying_base_fare', { mode: 'number' }).notNull(),
  outlyingCostPerDistance: numeric('outlying_cost_per_distance', { mode: 'number' }).notNull(),
  outlyingCostPerHour: numeric('outlying_cost_per_hour', { mode: 'number' }).notNull(),
  updatedAt: updatedAt(),
});

/** The shipper's rating of the carrier after a completed delivery (one per delivery). */
export const carrierRatings = pgTable(
  'carrier_ratings',
  {
    id: id(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .unique()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    ownerCompanyId: uuid('owner_company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    carrierCompanyId: uuid('carrier_company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    stars: smallint('stars').notNull(),
    comment: text('comment').notNull().default(''),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('carrier_ratings_carrier_idx').on(t.carrierCompanyId),
    check('carrier_ratings_stars_check', sql`${t.stars} between 1 and 5`),
  ],
);
