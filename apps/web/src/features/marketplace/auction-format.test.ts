import type { Auction } from '@courier/contract';
import { describe, expect, it } from 'vitest';
import {
  areaLabel,
  auctionTimeline,
  formatCountdown,
  openAuctionQuery,
  parseOpenAuctionParams,
  sizesAtLeast,
} from './auction-format';

const auction = (over: Partial<Auction> = {}): Auction => ({
  uuid: '00000000-0000-4000-8000-000000000002',
  state: 'open',
  urgency: 'flexible',
  vehicleSizeSlug: 'van-small',
  publishedAt: '2026-11-24T10:00:00.000Z',
  closesAt: '2026-11-24T12:00:00.000Z',
  awardBy: '2026-11-25T12:00:00.000Z',
  decidedAt: null,
  currencyCode: 'GBP',
  reserve: null,
  notes: '',
  shipper: { uuid: '00000000-0000-4000-8000-000000000003', name: 'Shipper' },
  pickup: { city: 'London', postcodeArea: 'N1', lat: 51.54, lng: -0.1 },
  dropoff: null,
  stopCount: 2,
  distanceM: 16_093,
  durationS: 1800,
  pickupWindow: null,
  dropoffWindow: null,
  parcels: { count: 1, volumeCm3: 1000, weightKg: 2 },
  viewer: 'courier',
  delivery: null,
  bids: null,
  bidCount: null,
  myBid: null,
  suggested: null,
  fromDepotM: null,
  awardedBidUuid: null,
  ...over,
});

describe('formats', () => {
  it('gives areas and a countdown', () => {
    expect(areaLabel({ city: 'London', postcodeArea: 'N1', lat: null, lng: null })).toBe('London N1');
    expect(areaLabel(null)).toBe('Area not known');
    expect(formatCountdown(0)).toBe('Closed');
    expect(formatCountdown(65_000)).toBe('1 min 05 s');
    expect(formatCountdown(3_900_000)).toBe('1 h 05 min');
    expect(formatCountdown(2 * 86_400_000 + 3 * 3_600_000)).toBe('2 d 3 h');
  });
});

describe('open list params', () => {
  it('reads the address, ignoring what the API would refuse, and builds the query', () => {
    const p = parseOpenAuctionParams(
      new URLSearchParams('size=van-large&maxMiles=25&closingHours=-3&urgency=soon&sort=nearest&page=2'),
    );
    expect(p).toEqual({
      size: 'van-large',
      maxMiles: 25,
      closingHours: null,
      urgency: null,
      sort: 'nearest',
      page: 2,
    });
    expect(openAuctionQuery(p, 20)).toEqual({
      vehicleSizeSlug: 'van-large',
      maxFromDepotMiles: 25,
      closingWithinHours: undefined,
      urgency: undefined,
      sort: 'nearest',
      page: 2,
      per_page: 20,
    });
    expect(parseOpenAuctionParams(new URLSearchParams('sort=cheap')).sort).toBe('closing-soon');
  });
});

describe('sizesAtLeast', () => {
  const sizes = [{ slug: 'bike' }, { slug: 'van-small' }, { slug: 'van-large' }];
  it('keeps the size asked and the larger ones', () => {
    expect(sizesAtLeast(sizes, 'van-small').map((s) => s.slug)).toEqual(['van-small', 'van-large']);
    expect(sizesAtLeast(sizes, 'unknown')).toHaveLength(3);
  });
});

describe('auctionTimeline', () => {
  it('marks what has passed and the outcome', () => {
    const now = Date.parse('2026-11-24T13:00:00.000Z');
    const open = auctionTimeline(auction({ state: 'closed' }), now);
    expect(open.map((e) => e.done)).toEqual([true, true, false, false]);
    const awarded = auctionTimeline(
      auction({ state: 'awarded', decidedAt: '2026-11-24T11:00:00.000Z' }),
      now,
    );
    expect(awarded.at(-1)).toEqual({ label: 'Awarded', at: '2026-11-24T11:00:00.000Z', done: true });
  });
});
