import { z } from 'zod';
import { defineCall } from '../api/define-call.js';
import { BidRateValuesSchema } from '../client-state.js';
import { CurrencyCodeSchema, IsoDateTimeSchema, MoneySchema, TimeZoneSchema, UuidSchema } from '../common.js';
import { DeliveryParamsSchema } from '../params.js';
import { CompanyParamsSchema } from '../params.js';
import { AUCTION, AUCTION_STATES, AUCTION_URGENCIES, BID_STATUSES } from './auction.machine.js';

/**
 * The marketplace's calls (issue 13, docs/decisions/026-marketplace.md). Every one is a company route: the shipper
 * acts through its own slug on its auctions, a courier through its own on the open auctions and its bids.
 */

const price = (what: string) =>
  z
    .number({ error: `${what} is a whole number of minor units (pence).` })
    .int(`${what} is a whole number of minor units (pence).`)
    .min(1, `${what} must be more than zero.`)
    .max(AUCTION.priceMaxMinor, `${what} is too large.`);

const note = z.string().trim().max(AUCTION.noteMax, `Keep it under ${AUCTION.noteMax} characters.`);

export const AuctionParamsSchema = CompanyParamsSchema.extend({ auctionUuid: UuidSchema });

export const PublishAuctionBodySchema = z.object({
  /** When bidding closes: at least AUCTION.minOpenMinutes and at most AUCTION.maxOpenDays from now. */
  closesAt: IsoDateTimeSchema,
  /** The most the shipper will pay, in the delivery's currency; bids above it are refused. */
  reserveMinor: price('The reserve').nullable().default(null),
  /** The size of vehicle the delivery needs (a lookup slug); a courier bids with this size or a larger one. */
  vehicleSizeSlug: z.string().min(1, 'Choose the vehicle size this delivery needs.'),
  urgency: z.enum(AUCTION_URGENCIES).default('flexible'),
  notes: note.default(''),
});
export type PublishAuctionBody = z.infer<typeof PublishAuctionBodySchema>;

/** Where a stop is, as far as a bidder may know before the award: the town, the postcode's outward code, ~1 km. */
export const AuctionAreaSchema = z.object({
  city: z.string(),
  /** The outward code of a UK postcode (`N1`), or the postcode's first part elsewhere. */
  postcodeArea: z.string(),
  /** Rounded to two decimals (about a kilometre). */
  lat: z.number().nullable(),
  lng: z.number().nullable(),
});
export type AuctionArea = z.infer<typeof AuctionAreaSchema>;

export const AuctionWindowSchema = z.object({ from: IsoDateTimeSchema, to: IsoDateTimeSchema }).nullable();

export const BidSchema = z.object({
  uuid: UuidSchema,
  status: z.enum(BID_STATUSES),
  price: MoneySchema,
  vehicleSizeSlug: z.string(),
  /** When the courier says it will be at the pickup. */
  pickupEta: IsoDateTimeSchema,
  note: z.string(),
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
});
export type Bid = z.infer<typeof BidSchema>;

/** A bidder as the shipper sees it beside its bid: its record on the platform. */
export const BidderSchema = z.object({
  uuid: UuidSchema,
  name: z.string(),
  /** The shippers' ratings after completed deliveries (1-5); null average when none. */
  rating: z.object({ average: z.number().nullable(), count: z.number().int() }),
  /** Deliveries it carried to completion on the platform. */
  completedJobs: z.number().int(),
  /**
   * Its drivers' standing: how many drivers, how many with a licence and with insurance on record and in date, the
   * documents uploaded for them, and how many licences, insurances or documents have expired or expire within
   * DOCUMENT_EXPIRY_WARNING_DAYS.
   */
  accreditation: z.object({
    drivers: z.number().int(),
    licensed: z.number().int(),
    insured: z.number().int(),
    documents: z.number().int(),
    expiring: z.number().int(),
  }),
});
export type Bidder = z.infer<typeof BidderSchema>;

export const OwnerBidSchema = BidSchema.extend({ bidder: BidderSchema });
export type OwnerBid = z.infer<typeof OwnerBidSchema>;

/** A suggested price from the viewing courier's bid rates (decision 026). */
export const SuggestedPriceSchema = z.object({
  price: MoneySchema,
  /** Which rates applied: `local` within the company's local radius of its depot, else `outlying`. */
  band: z.enum(['local', 'outlying']),
});

/**
 * One auction as a viewer may see it. A courier sees the route by area only, its own bid and a suggested price; the
 * shipper sees its delivery and every bid (`bids`, null for a courier). After the award the winner is the carrier and
 * reads the delivery itself through its own delivery screens.
 */
export const AuctionSchema = z.object({
  uuid: UuidSchema,
  state: z.enum(AUCTION_STATES),
  urgency: z.enum(AUCTION_URGENCIES),
  vehicleSizeSlug: z.string(),
  publishedAt: IsoDateTimeSchema,
  closesAt: IsoDateTimeSchema,
  awardBy: IsoDateTimeSchema,
  /** When it was awarded, withdrawn or expired (null while undecided). */
  decidedAt: IsoDateTimeSchema.nullable(),
  currencyCode: CurrencyCodeSchema,
  reserve: MoneySchema.nullable(),
  notes: z.string(),
  shipper: z.object({ uuid: UuidSchema, name: z.string() }),
  pickup: AuctionAreaSchema.nullable(),
  dropoff: AuctionAreaSchema.nullable(),
  stopCount: z.number().int(),
  /** Along the road between the stops, as estimated when it was published. */
  distanceM: z.number().int(),
  durationS: z.number().int(),
  pickupWindow: AuctionWindowSchema,
  dropoffWindow: AuctionWindowSchema,
  parcels: z.object({ count: z.number().int(), volumeCm3: z.number(), weightKg: z.number() }),
  /** The viewer's side: `owner` (the shipper) or `courier`. */
  viewer: z.enum(['owner', 'courier']),
  /** The shipper's: the delivery offered. Null for a courier before it has won. */
  delivery: z.object({ uuid: UuidSchema, name: z.string() }).nullable(),
  /** The shipper's: every bid, cheapest first. Null for a courier (sealed). */
  bids: z.array(OwnerBidSchema).nullable(),
  /** How many bids are active (the shipper's; null for a courier). */
  bidCount: z.number().int().nullable(),
  /** The courier's own bid, if it has one. */
  myBid: BidSchema.nullable(),
  /** The courier's suggested price (null without a depot, or in another currency than its rates). */
  suggested: SuggestedPriceSchema.nullable(),
  /** Straight-line distance from the courier's depot to the pickup (null without a depot). */
  fromDepotM: z.number().int().nullable(),
  /** The winning bid's uuid, once awarded (both sides; a courier learns whether it is theirs from `myBid`). */
  awardedBidUuid: UuidSchema.nullable(),
});
export type Auction = z.infer<typeof AuctionSchema>;

export const OPEN_AUCTION_SORTS = ['closing-soon', 'newest', 'nearest', 'distance'] as const;

export const OpenAuctionsQuerySchema = z.object({
  vehicleSizeSlug: z.string().min(1).optional(),
  /** Only auctions whose pickup is within this many miles of my depot. */
  maxFromDepotMiles: z.coerce.number().positive().max(1000).optional(),
  /** Only auctions closing within this many hours. */
  closingWithinHours: z.coerce
    .number()
    .positive()
    .max(24 * AUCTION.maxOpenDays)
    .optional(),
  urgency: z.enum(AUCTION_URGENCIES).optional(),
  sort: z.enum(OPEN_AUCTION_SORTS).default('closing-soon'),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(AUCTION.pageMax).default(20),
});
export type OpenAuctionsQuery = z.infer<typeof OpenAuctionsQuerySchema>;

export const MyAuctionsQuerySchema = z.object({
  /** `owner`: the auctions my company published; `bidder`: those it bid on. */
  side: z.enum(['owner', 'bidder']),
  state: z.enum(AUCTION_STATES).optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(AUCTION.pageMax).default(20),
});
export type MyAuctionsQuery = z.infer<typeof MyAuctionsQuerySchema>;

export const PlaceBidBodySchema = z.object({
  priceMinor: price('The price'),
  /** The delivery's currency: a price in another one is refused. */
  currencyCode: CurrencyCodeSchema,
  vehicleSizeSlug: z.string().min(1, 'Choose the vehicle size you will send.'),
  pickupEta: IsoDateTimeSchema,
  note: note.default(''),
});
export type PlaceBidBody = z.infer<typeof PlaceBidBodySchema>;

export const AwardBodySchema = z.object({ bidUuid: UuidSchema });

/** A courier's pricing and reach (the spec's bid rates: local and outlying). Distances in miles (decision 026). */
export const BidRatesSchema = z.object({
  /** Where the company's vehicles start from: distances to pickups are measured from here. */
  depot: z
    .object({
      label: z.string().trim().max(200).default(''),
      lat: z.number().min(-90).max(90),
      lng: z.number().min(-180).max(180),
    })
    .nullable(),
  /** Pickups within this many miles of the depot are priced with the local rates, farther ones with the outlying. */
  localRadiusMiles: z.number().positive().max(1000),
  /** Auctions whose pickup is within this many miles are announced to the company when they open. */
  matchRadiusMiles: z.number().positive().max(1000),
  /** The currency the rates are in (major units: baseFare + costPerDistance × miles + costPerHour × hours). */
  currencyCode: CurrencyCodeSchema,
  local: BidRateValuesSchema,
  outlying: BidRateValuesSchema,
});
export type BidRates = z.infer<typeof BidRatesSchema>;

/** The owner's rating of the company that carried a completed delivery: 1-5 stars and a comment, once. */
export const CarrierRatingBodySchema = z.object({
  stars: z
    .number({ error: 'Give 1 to 5 stars.' })
    .int('Give 1 to 5 stars.')
    .min(1, 'Give 1 to 5 stars.')
    .max(5, 'Give 1 to 5 stars.'),
  comment: z.string().trim().max(AUCTION.noteMax, `Keep it under ${AUCTION.noteMax} characters.`).default(''),
});
export type CarrierRatingBody = z.infer<typeof CarrierRatingBodySchema>;

export const CarrierRatingSchema = z.object({
  deliveryUuid: UuidSchema,
  carrier: z.object({ uuid: UuidSchema, name: z.string() }),
  stars: z.number().int(),
  comment: z.string(),
  createdAt: IsoDateTimeSchema,
});
export type CarrierRating = z.infer<typeof CarrierRatingSchema>;

/**
 * A delivery's carrier and the owner's rating of it, for the delivery's page: `carrier` is null when the owner runs
 * it itself (nothing to rate), `rating` null until the owner has rated.
 */
export const DeliveryCarrierRatingSchema = z.object({
  carrier: z.object({ uuid: UuidSchema, name: z.string() }).nullable(),
  rating: CarrierRatingSchema.nullable(),
});
export type DeliveryCarrierRating = z.infer<typeof DeliveryCarrierRatingSchema>;

export const BidStatsQuerySchema = z.object({
  /** IANA time zone of "this month". */
  tz: TimeZoneSchema.default('UTC'),
});
export type BidStatsQuery = z.infer<typeof BidStatsQuerySchema>;

/** A courier company's record as a bidder, over all its bids. */
export const BidStatsSchema = z.object({
  byStatus: z.object({
    active: z.number().int(),
    won: z.number().int(),
    lost: z.number().int(),
    withdrawn: z.number().int(),
  }),
  /** Won out of decided (won + lost); null before any decision. */
  winRate: z.number().nullable(),
  /** The prices of the bids won this calendar month (by award time, in `tz`), one total per currency. */
  wonThisMonth: z.array(MoneySchema),
});
export type BidStats = z.infer<typeof BidStatsSchema>;

export const auctionCalls = {
  publishAuction: defineCall({
    method: 'POST',
    path: '/c/:companySlug/admin/delivery/:deliveryUuid/auction',
    summary: 'Offer one of my deliveries for bidding',
    params: DeliveryParamsSchema,
    body: PublishAuctionBodySchema,
    data: AuctionSchema,
    status: 201,
  }),
  getMyAuctions: defineCall({
    method: 'GET',
    path: '/c/:companySlug/admin/auction',
    summary: 'The auctions my company published, or those it bid on',
    params: CompanyParamsSchema,
    query: MyAuctionsQuerySchema,
    data: z.array(AuctionSchema),
    paginated: true,
  }),
  getBidStats: defineCall({
    method: 'GET',
    path: '/c/:companySlug/admin/auction/stats',
    summary: "My courier company's bids by state, win rate and revenue won this month",
    params: CompanyParamsSchema,
    query: BidStatsQuerySchema,
    data: BidStatsSchema,
  }),
  getOpenAuctions: defineCall({
    method: 'GET',
    path: '/c/:companySlug/admin/auction/open',
    summary: 'Open auctions a courier company may bid on, with its suggested price',
    params: CompanyParamsSchema,
    query: OpenAuctionsQuerySchema,
    data: z.array(AuctionSchema),
    paginated: true,
  }),
  getAuction: defineCall({
    method: 'GET',
    path: '/c/:companySlug/admin/auction/:auctionUuid',
    summary: 'One auction: for the shipper with every bid, for a courier with its own',
    params: AuctionParamsSchema,
    data: AuctionSchema,
  }),
  withdrawAuction: defineCall({
    method: 'POST',
    path: '/c/:companySlug/admin/auction/:auctionUuid/withdraw',
    summary: 'Withdraw my auction before the award (its bidders are told)',
    params: AuctionParamsSchema,
    data: AuctionSchema,
  }),
  awardAuction: defineCall({
    method: 'POST',
    path: '/c/:companySlug/admin/auction/:auctionUuid/award',
    summary: 'Accept one bid: its courier becomes the carrier, the others are told they lost',
    params: AuctionParamsSchema,
    body: AwardBodySchema,
    data: AuctionSchema,
  }),
  putMyBid: defineCall({
    method: 'PUT',
    path: '/c/:companySlug/admin/auction/:auctionUuid/bid',
    summary: 'Place or revise my bid while the auction is open',
    params: AuctionParamsSchema,
    body: PlaceBidBodySchema,
    data: AuctionSchema,
  }),
  withdrawMyBid: defineCall({
    method: 'DELETE',
    path: '/c/:companySlug/admin/auction/:auctionUuid/bid',
    summary: 'Withdraw my bid while the auction is open',
    params: AuctionParamsSchema,
    data: AuctionSchema,
  }),
  getCarrierRating: defineCall({
    method: 'GET',
    path: '/c/:companySlug/admin/delivery/:deliveryUuid/carrier-rating',
    summary: 'The company carrying a delivery and the owner’s rating of it (owner’s and carrier’s admins)',
    params: DeliveryParamsSchema,
    data: DeliveryCarrierRatingSchema,
  }),
  rateCarrier: defineCall({
    method: 'POST',
    path: '/c/:companySlug/admin/delivery/:deliveryUuid/carrier-rating',
    summary: 'Rate the company that carried my completed delivery (once)',
    params: DeliveryParamsSchema,
    body: CarrierRatingBodySchema,
    data: CarrierRatingSchema,
    status: 201,
  }),
  getBidRates: defineCall({
    method: 'GET',
    path: '/c/:companySlug/admin/bid-rates',
    summary: "My courier company's depot, radii and bid rates",
    params: CompanyParamsSchema,
    data: BidRatesSchema,
  }),
  putBidRates: defineCall({
    method: 'PUT',
    path: '/c/:companySlug/admin/bid-rates',
    summary: "Change my courier company's depot, radii and bid rates",
    params: CompanyParamsSchema,
    body: BidRatesSchema,
    data: BidRatesSchema,
  }),
};
