import { describe, expect, it } from 'vitest';
import { can, knows, type Actor, type AuctionSubject } from '../access/policy.js';
import { auctionMoveConflict, auctionStateAt, awardDeadline, bidConflict } from './auction.machine.js';
import { priceMinorOf, suggestPrice } from './bid-pricing.js';

const at = (iso: string) => Date.parse(iso);
const clock = { status: 'open' as const, closesAt: '2026-11-24T12:00:00Z', awardBy: '2026-11-25T12:00:00Z' };

describe('the auction machine', () => {
  it('reads open, closed and expired from the clock, and what was decided from the status', () => {
    expect(auctionStateAt(clock, at('2026-11-24T11:59:59Z'))).toBe('open');
    expect(auctionStateAt(clock, at('2026-11-24T12:00:00Z'))).toBe('closed');
    expect(auctionStateAt(clock, at('2026-11-25T12:00:00Z'))).toBe('expired');
    expect(auctionStateAt({ ...clock, status: 'awarded' }, at('2026-11-24T11:00:00Z'))).toBe('awarded');
    expect(awardDeadline('2026-11-24T12:00:00Z').toISOString()).toBe('2026-11-25T12:00:00.000Z');
  });

  it('awards and withdraws while open or closed only; bids only while open', () => {
    expect(auctionMoveConflict('award', 'closed')).toBeNull();
    expect(auctionMoveConflict('award', 'awarded')).toMatch(/already been awarded/);
    expect(auctionMoveConflict('withdraw', 'expired')).toMatch(/expired/);
    expect(bidConflict('open')).toBeNull();
    expect(bidConflict('closed')).toMatch(/closed/);
    expect(bidConflict('withdrawn')).toMatch(/withdrawn/);
  });
});

const member = (companyId: string, type: 'shipper' | 'courier', role: 'company-admin' | 'driver'): Actor => ({
  userId: `${companyId}-${role}`,
  isPlatformAdmin: false,
  memberships: [{ companyId, companyTypeSlug: type, roles: [role] }],
});
const auction = (state: AuctionSubject['state']): AuctionSubject => ({
  kind: 'auction',
  ownerCompanyId: 'shipper',
  bidderCompanyIds: ['bidder'],
  state,
});

describe('the policy on auctions', () => {
  const shipper = member('shipper', 'shipper', 'company-admin');
  const bidder = member('bidder', 'courier', 'company-admin');
  const courier = member('other', 'courier', 'company-admin');
  const otherShipper = member('elsewhere', 'shipper', 'company-admin');
  const driver = member('other', 'courier', 'driver');

  it('lets the shipper read and manage but never bid, and any courier read and bid while it is open', () => {
    expect([can(shipper, 'read', auction('open')), can(shipper, 'manage', auction('open'))]).toEqual([
      true,
      true,
    ]);
    expect(can(shipper, 'bid', auction('open'))).toBe(false);
    expect([can(courier, 'read', auction('open')), can(courier, 'bid', auction('open'))]).toEqual([
      true,
      true,
    ]);
    expect(can(courier, 'manage', auction('open'))).toBe(false);
  });

  it('hides a closed or decided auction from couriers that did not bid, and every auction from shippers and drivers', () => {
    expect(knows(courier, auction('closed'))).toBe(false);
    expect(knows(bidder, auction('awarded'))).toBe(true);
    expect(knows(otherShipper, auction('open'))).toBe(false);
    expect(knows(driver, auction('open'))).toBe(false);
  });

  it('gives the courier side of the marketplace to courier companies’ admins only', () => {
    expect(can(courier, 'bid', { kind: 'company', companyId: 'other' })).toBe(true);
    expect(can(shipper, 'bid', { kind: 'company', companyId: 'shipper' })).toBe(false);
    expect(can(driver, 'bid', { kind: 'company', companyId: 'other' })).toBe(false);
  });
});

describe('the suggested price', () => {
  const rates = {
    depot: { label: 'Yard', lat: 51.5, lng: -0.1 },
    localRadiusMiles: 10,
    matchRadiusMiles: 50,
    currencyCode: 'GBP',
    local: { baseFare: 3, costPerDistance: 1, costPerHour: 2 },
    outlying: { baseFare: 10, costPerDistance: 2, costPerHour: 4 },
  };
  const route = { distanceM: 16_093.44, durationS: 1800, currencyCode: 'GBP' };

  it('prices base + per mile + per hour in minor units, local near the depot and outlying beyond', () => {
    expect(priceMinorOf(rates.local, route.distanceM, route.durationS)).toBe(1400); // 3 + 10 + 1
    expect(suggestPrice(rates, { ...route, pickup: { lat: 51.52, lng: -0.1 } })).toEqual({
      priceMinor: 1400,
      band: 'local',
    });
    expect(suggestPrice(rates, { ...route, pickup: { lat: 52.5, lng: -0.1 } })?.band).toBe('outlying');
  });

  it('suggests nothing without a depot or in another currency', () => {
    expect(
      suggestPrice({ ...rates, depot: null }, { ...route, pickup: { lat: 51.5, lng: -0.1 } }),
    ).toBeNull();
    expect(
      suggestPrice(rates, { ...route, currencyCode: 'EUR', pickup: { lat: 51.5, lng: -0.1 } }),
    ).toBeNull();
  });
});
