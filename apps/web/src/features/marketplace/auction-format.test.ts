import type { Auction } from '@courier/contract';
import { describe, expect, it } from 'vitest';
import {
  areaLabel,
  auctionGist,
  auctionGistLine,
  auctionTimeline,
  formatCountdown,
  formatLoad,
  formatWhen,
  formatWindow,
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

describe('what tells two offers on the same route apart', () => {
  const london = { timeZone: 'Europe/London', now: Date.parse('2025-11-20T12:00:00.000Z') };

  it('writes a window compactly in the viewer’s zone, across midnight, and with its year only when not this one', () => {
    const w = { from: '2025-11-29T14:00:00.000Z', to: '2025-11-29T16:00:00.000Z' };
    expect(formatWindow(w, london)).toBe('Sat 29 Nov, 14:00–16:00');
    // In summer London is an hour ahead of UTC.
    expect(formatWindow({ from: '2025-06-07T08:30:00.000Z', to: '2025-06-07T10:00:00.000Z' }, london)).toBe(
      'Sat 7 Jun, 09:30–11:00',
    );
    expect(formatWindow({ from: '2025-11-29T22:00:00.000Z', to: '2025-11-30T06:00:00.000Z' }, london)).toBe(
      'Sat 29 Nov, 22:00 – Sun 30 Nov, 06:00',
    );
    expect(formatWindow({ from: '2026-01-03T09:00:00.000Z', to: '2026-01-03T11:00:00.000Z' }, london)).toBe(
      'Sat 3 Jan 2026, 09:00–11:00',
    );
    expect(formatWindow(w, { ...london, timeZone: 'America/New_York' })).toBe('Sat 29 Nov, 09:00–11:00');
    expect(formatWindow({ from: 'soon', to: 'later' }, london)).toBe('Any time');
  });

  it('takes the pickup’s window, else the dropoff’s, else says any time', () => {
    const pickup = { from: '2025-11-29T14:00:00.000Z', to: '2025-11-29T16:00:00.000Z' };
    const dropoff = { from: '2025-11-30T09:00:00.000Z', to: '2025-11-30T10:00:00.000Z' };
    expect(formatWhen({ pickupWindow: pickup, dropoffWindow: dropoff }, london)).toBe(
      'Pickup Sat 29 Nov, 14:00–16:00',
    );
    expect(formatWhen({ pickupWindow: null, dropoffWindow: dropoff }, london)).toBe(
      'Dropoff Sun 30 Nov, 09:00–10:00',
    );
    expect(formatWhen({ pickupWindow: null, dropoffWindow: null }, london)).toBe('Any time');
  });

  it('counts the parcels with their weight', () => {
    expect(formatLoad({ count: 12, volumeCm3: 480_000, weightKg: 216 })).toBe('12 parcels, 216 kg');
    expect(formatLoad({ count: 1, volumeCm3: 1000, weightKg: 2.25 })).toBe('1 parcel, 2.3 kg');
    expect(formatLoad({ count: 3, volumeCm3: 0, weightKg: 0 })).toBe('3 parcels');
    expect(formatLoad({ count: 0, volumeCm3: 0, weightKg: 0 })).toBe('No parcels listed');
  });

  it('gives two auctions of one route different gists', () => {
    const flowers = auction({
      pickupWindow: { from: '2025-11-29T14:00:00.000Z', to: '2025-11-29T16:00:00.000Z' },
      parcels: { count: 12, volumeCm3: 480_000, weightKg: 216 },
      distanceM: 12_300,
    });
    const chairs = auction({
      vehicleSizeSlug: 'van-large',
      pickupWindow: { from: '2025-12-01T08:00:00.000Z', to: '2025-12-01T09:00:00.000Z' },
      parcels: { count: 3, volumeCm3: 900_000, weightKg: 45 },
      distanceM: 16_093,
    });
    expect(auctionGist(flowers, 'Small van', london)).toEqual({
      when: 'Pickup Sat 29 Nov, 14:00–16:00',
      load: '12 parcels, 216 kg',
      size: 'Small van',
      distance: '7.6 mi (12.3 km)',
    });
    expect(auctionGistLine(chairs, 'Large van', london)).toBe(
      'Pickup Mon 1 Dec, 08:00–09:00 · 3 parcels, 45 kg · Large van · 10.0 mi (16.1 km)',
    );
  });
});
