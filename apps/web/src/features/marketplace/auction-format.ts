import {
  AUCTION_URGENCIES,
  OPEN_AUCTION_SORTS,
  type Auction,
  type AuctionArea,
  type AuctionState,
  type AuctionUrgency,
  type BidStatus,
} from '@courier/contract';
import { formatDistance } from '../../lib/delivery-format';
import { browserTimeZone } from '../../lib/time-zone';

/** "Hackney E8": the town and the postcode's outward code, as much as a bidder may know. */
export function areaLabel(area: AuctionArea | null): string {
  if (!area) return 'Area not known';
  return [area.city, area.postcodeArea].filter((part) => part.trim() !== '').join(' ') || 'Area not known';
}

/** "0.25 m³" from cubic centimetres. */
export function formatVolume(cm3: number): string {
  const m3 = Math.max(0, cm3) / 1_000_000;
  return `${m3 < 10 ? m3.toFixed(2) : Math.round(m3)} m³`;
}

export function formatWeight(kg: number): string {
  return `${kg < 100 ? Math.round(kg * 10) / 10 : Math.round(kg)} kg`;
}

/** "12 parcels, 216 kg": how many parcels the offer carries and their total weight. */
export function formatLoad(parcels: Auction['parcels']): string {
  if (parcels.count <= 0) return 'No parcels listed';
  const count = `${parcels.count} ${parcels.count === 1 ? 'parcel' : 'parcels'}`;
  return parcels.weightKg > 0 ? `${count}, ${formatWeight(parcels.weightKg)}` : count;
}

type AuctionWindow = NonNullable<Auction['pickupWindow']>;

// Made at first use and kept, one per time zone: a browser's first date formatter loads its date data (decision 051).
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateParts(iso: string, timeZone: string) {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    dateFormats.set(timeZone, format);
  }
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const p of format.formatToParts(new Date(iso))) part[p.type] = p.value;
  return {
    day: `${part.weekday} ${part.day} ${part.month}`,
    year: part.year ?? '',
    time: `${part.hour}:${part.minute}`,
  };
}

/**
 * "Sat 29 Nov, 14:00–16:00" in the viewer's time zone; "Sat 29 Nov, 22:00 – Sun 30 Nov, 06:00" across midnight; the
 * year only when it is not this year's. Compact and fixed in its order, so two offers' windows compare at a glance.
 */
export function formatWindow(window: AuctionWindow, opts: { timeZone?: string; now?: number } = {}): string {
  if (Number.isNaN(Date.parse(window.from)) || Number.isNaN(Date.parse(window.to))) return 'Any time';
  const timeZone = opts.timeZone ?? browserTimeZone();
  const from = dateParts(window.from, timeZone);
  const to = dateParts(window.to, timeZone);
  const thisYear = dateParts(new Date(opts.now ?? Date.now()).toISOString(), timeZone).year;
  const day = (p: typeof from) => (p.year === thisYear ? p.day : `${p.day} ${p.year}`);
  if (from.day === to.day && from.year === to.year) return `${day(from)}, ${from.time}–${to.time}`;
  return `${day(from)}, ${from.time} – ${day(to)}, ${to.time}`;
}

/** When the work is: the pickup's window, else the dropoff's; null when the shipper gave neither. */
export function auctionWhen(
  auction: Pick<Auction, 'pickupWindow' | 'dropoffWindow'>,
): { label: 'Pickup' | 'Dropoff'; window: AuctionWindow } | null {
  if (auction.pickupWindow) return { label: 'Pickup', window: auction.pickupWindow };
  if (auction.dropoffWindow) return { label: 'Dropoff', window: auction.dropoffWindow };
  return null;
}

/** "Pickup Sat 29 Nov, 14:00–16:00", or "Any time" when the shipper gave no window. */
export function formatWhen(
  auction: Pick<Auction, 'pickupWindow' | 'dropoffWindow'>,
  opts: { timeZone?: string; now?: number } = {},
): string {
  const when = auctionWhen(auction);
  return when ? `${when.label} ${formatWindow(when.window, opts)}` : 'Any time';
}

/**
 * What tells an offer from another on the same route (issue 33): when, the load, the vehicle size asked and the
 * road distance, in that order; `sizeLabel` is the size's name from the lookup.
 */
export function auctionGist(
  auction: Auction,
  sizeLabel: string,
  opts: { timeZone?: string; now?: number } = {},
): { when: string; load: string; size: string; distance: string } {
  return {
    when: formatWhen(auction, opts),
    load: formatLoad(auction.parcels),
    size: sizeLabel,
    distance: formatDistance(auction.distanceM),
  };
}

/** The gist in one line: "Pickup Sat 29 Nov, 14:00–16:00 · 12 parcels, 216 kg · Small van · 7.7 mi (12.3 km)". */
export function auctionGistLine(...args: Parameters<typeof auctionGist>): string {
  const gist = auctionGist(...args);
  return [gist.when, gist.load, gist.size, gist.distance].join(' · ');
}

/** Time left until a deadline: "2 d 3 h", "1 h 05 min", "4 min 09 s"; "Closed" once past. */
export function formatCountdown(msLeft: number): string {
  if (msLeft <= 0) return 'Closed';
  const s = Math.floor(msLeft / 1000);
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (d > 0) return `${d} d ${h} h`;
  if (h > 0) return `${h} h ${String(m).padStart(2, '0')} min`;
  return `${m} min ${String(sec).padStart(2, '0')} s`;
}

export const AUCTION_STATE_LABELS: Record<AuctionState, string> = {
  open: 'Open',
  closed: 'Closed, awaiting award',
  awarded: 'Awarded',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
};

export const AUCTION_STATE_COLORS: Record<AuctionState, string> = {
  open: 'blue',
  closed: 'yellow',
  awarded: 'teal',
  withdrawn: 'gray',
  expired: 'gray',
};

export const BID_STATUS_LABELS: Record<BidStatus, string> = {
  active: 'Active',
  won: 'Won',
  lost: 'Lost',
  withdrawn: 'Withdrawn',
};

export const BID_STATUS_COLORS: Record<BidStatus, string> = {
  active: 'blue',
  won: 'teal',
  lost: 'red',
  withdrawn: 'gray',
};

export const URGENCY_LABELS: Record<AuctionUrgency, string> = { hotshot: 'Hotshot', flexible: 'Flexible' };

/** The auction's moments in order; `done` once the moment has passed (or the decision was taken). */
export interface TimelineEntry {
  label: string;
  at: string | null;
  done: boolean;
}

export function auctionTimeline(auction: Auction, now: number): TimelineEntry[] {
  const past = (iso: string) => Date.parse(iso) <= now;
  const decided = auction.state === 'awarded' || auction.state === 'withdrawn' || auction.state === 'expired';
  const entries: TimelineEntry[] = [
    { label: 'Published', at: auction.publishedAt, done: true },
    {
      label: auction.state === 'withdrawn' && !past(auction.closesAt) ? 'Was to close' : 'Bidding closes',
      at: auction.closesAt,
      done: past(auction.closesAt),
    },
    { label: 'Award deadline', at: auction.awardBy, done: past(auction.awardBy) },
  ];
  entries.push({
    label: decided ? AUCTION_STATE_LABELS[auction.state] : 'Decision',
    at: auction.decidedAt,
    done: decided,
  });
  return entries;
}

/** The open list's filters and sort as kept in the address (/BidsOpen?size=van-large&sort=nearest). */
export interface OpenAuctionParams {
  size: string | null;
  maxMiles: number | null;
  closingHours: number | null;
  urgency: AuctionUrgency | null;
  sort: (typeof OPEN_AUCTION_SORTS)[number];
  page: number;
}

const positive = (raw: string | null): number | null => {
  const n = raw === null ? Number.NaN : Number(raw);
  return Number.isFinite(n) && n > 0 ? n : null;
};

export function parseOpenAuctionParams(params: URLSearchParams): OpenAuctionParams {
  const sort = params.get('sort');
  const urgency = params.get('urgency');
  const page = Math.floor(positive(params.get('page')) ?? 1);
  return {
    size: params.get('size') || null,
    maxMiles: positive(params.get('maxMiles')),
    closingHours: positive(params.get('closingHours')),
    urgency: (AUCTION_URGENCIES as readonly string[]).includes(urgency ?? '')
      ? (urgency as AuctionUrgency)
      : null,
    sort: (OPEN_AUCTION_SORTS as readonly string[]).includes(sort ?? '')
      ? (sort as OpenAuctionParams['sort'])
      : 'closing-soon',
    page: Math.max(1, page),
  };
}

/** The API's query for those params (`maxFromDepotMiles`, `closingWithinHours`, …); unset ones left out. */
export function openAuctionQuery(
  p: OpenAuctionParams,
  perPage: number,
): Record<string, string | number | undefined> {
  return {
    vehicleSizeSlug: p.size ?? undefined,
    maxFromDepotMiles: p.maxMiles ?? undefined,
    closingWithinHours: p.closingHours ?? undefined,
    urgency: p.urgency ?? undefined,
    sort: p.sort,
    page: p.page,
    per_page: perPage,
  };
}

/** The sizes a courier may bid with: the one asked or a larger one, in the lookup's order (decision 026). */
export function sizesAtLeast<T extends { slug: string }>(ordered: readonly T[], asked: string): T[] {
  const at = ordered.findIndex((entry) => entry.slug === asked);
  return at < 0 ? [...ordered] : ordered.slice(at);
}
