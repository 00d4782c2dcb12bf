import type { LiveStatus } from '../deliveries/status-machine.js';

/**
 * The marketplace's rules as data (docs/decisions/026-marketplace.md): a shipper offers one of its deliveries in a
 * sealed auction, courier companies bid, the shipper awards one bid and that courier becomes the delivery's carrier.
 *
 * An auction's state is read from its stored status and the clock, so closing needs no job: bids stop at `closesAt`
 * on every server process at once, and an award is refused from `awardBy` even before the sweeper has marked the
 * auction expired (the sweeper only records the expiry and tells the shipper, once).
 */

export const AUCTION = {
  /** The earliest closing time, from publishing. */
  minOpenMinutes: 5,
  /** The latest closing time, from publishing. */
  maxOpenDays: 14,
  /** After closing, the shipper has this long to award a bid before the auction expires. */
  awardHours: 24,
  /** Notes on an auction or a bid. */
  noteMax: 1000,
  /** The highest price a bid or reserve may name, in minor units (a million in the currency's major unit). */
  priceMaxMinor: 100_000_000,
  /** Open auctions in one page of `/BidsOpen`. */
  pageMax: 100,
  /** When the scheduled job expires auctions past their award deadline (cron, UTC): every minute, one process. */
  sweepCron: '* * * * *',
} as const;

/**
 * The live statuses a delivery may be offered for bids in, and awarded in: before anyone has started it (with no
 * carrier and none of the owner's own vehicles on it, which the server checks too).
 */
export const AUCTION_OFFERABLE_STATUSES = ['created', 'scheduled'] as const satisfies readonly LiveStatus[];

/** What the database keeps. */
export const AUCTION_STORED_STATUSES = ['open', 'awarded', 'withdrawn', 'expired'] as const;
export type AuctionStoredStatus = (typeof AUCTION_STORED_STATUSES)[number];

/** What an auction is now: `closed` is an open auction past its closing time, waiting for the award. */
export const AUCTION_STATES = ['open', 'closed', 'awarded', 'withdrawn', 'expired'] as const;
export type AuctionState = (typeof AUCTION_STATES)[number];

export const AUCTION_URGENCIES = ['hotshot', 'flexible'] as const;
export type AuctionUrgency = (typeof AUCTION_URGENCIES)[number];

export const BID_STATUSES = ['active', 'withdrawn', 'won', 'lost'] as const;
export type BidStatus = (typeof BID_STATUSES)[number];

export interface AuctionClock {
  status: AuctionStoredStatus;
  closesAt: string | Date;
  awardBy: string | Date;
}

const ms = (t: string | Date) => (typeof t === 'string' ? Date.parse(t) : t.getTime());

/** The auction's state at `now`. */
export function auctionStateAt(a: AuctionClock, now: number = Date.now()): AuctionState {
  if (a.status !== 'open') return a.status;
  if (now < ms(a.closesAt)) return 'open';
  return now < ms(a.awardBy) ? 'closed' : 'expired';
}

/** The award deadline of an auction closing at `closesAt`. */
export function awardDeadline(closesAt: string | Date): Date {
  return new Date(ms(closesAt) + AUCTION.awardHours * 3_600_000);
}

/**
 * The moves, who makes them, and in which states: the owner withdraws or awards (open or closed), the clock closes
 * (no stored move) and the system expires an auction left unawarded past its deadline.
 */
export const AUCTION_MOVES = {
  withdraw: { from: ['open', 'closed'], to: 'withdrawn', by: 'owner' },
  award: { from: ['open', 'closed'], to: 'awarded', by: 'owner' },
  expire: { from: ['closed', 'expired'], to: 'expired', by: 'system' },
} as const satisfies Record<string, { from: readonly AuctionState[]; to: AuctionStoredStatus; by: string }>;

/** Bids are placed, revised and withdrawn while the auction is open; the award settles them all (won, lost). */
export const BID_MOVES = {
  place: { auction: ['open'], from: [null, 'withdrawn'], to: 'active' },
  revise: { auction: ['open'], from: ['active'], to: 'active' },
  withdraw: { auction: ['open'], from: ['active'], to: 'withdrawn' },
} as const;

/** Why a move is refused in this state (a 409), or null when it is allowed. */
export function auctionMoveConflict(move: keyof typeof AUCTION_MOVES, state: AuctionState): string | null {
  if ((AUCTION_MOVES[move].from as readonly AuctionState[]).includes(state)) return null;
  switch (state) {
    case 'awarded':
      return 'This auction has already been awarded.';
    case 'withdrawn':
      return 'This auction was withdrawn.';
    case 'expired':
      return 'This auction expired: its award deadline has passed.';
    default:
      return `This auction is ${state}.`;
  }
}

/** Why a bid cannot be placed, revised or withdrawn now (a 409), or null while the auction is open. */
export function bidConflict(state: AuctionState): string | null {
  if (state === 'open') return null;
  if (state === 'closed' || state === 'expired') return 'Bidding on this auction has closed.';
  return auctionMoveConflict('award', state);
}
