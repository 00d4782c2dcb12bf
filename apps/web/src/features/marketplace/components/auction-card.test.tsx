import type { Auction, LookupEntry } from '@courier/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { lookupQueryKey } from '../../../lib/lookups/get-lookup';
import { queryClient } from '../../../lib/query-client';
import { renderRoutes } from '../../../testing/render-app';
import { AuctionCard } from './auction-card';

const size = (slug: string, name: string, sortOrder: number): LookupEntry => ({
  uuid: `00000000-0000-4000-8000-00000000000${sortOrder}`,
  slug,
  name,
  isActive: true,
  sortOrder,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
});

const inDays = (days: number, hour: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString();
};

const offer = (over: Partial<Auction>): Auction => ({
  uuid: '00000000-0000-4000-8000-000000000010',
  state: 'open',
  urgency: 'flexible',
  vehicleSizeSlug: 'van-small',
  publishedAt: new Date().toISOString(),
  closesAt: inDays(2, 12),
  awardBy: inDays(3, 12),
  decidedAt: null,
  currencyCode: 'GBP',
  reserve: null,
  notes: '',
  shipper: { uuid: '00000000-0000-4000-8000-000000000003', name: 'Bloom Flowers' },
  pickup: { city: 'London', postcodeArea: 'N1', lat: 51.54, lng: -0.1 },
  dropoff: { city: 'London', postcodeArea: 'NW1', lat: 51.54, lng: -0.14 },
  stopCount: 2,
  distanceM: 2_600,
  durationS: 900,
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

describe('an open auction’s card', () => {
  afterEach(() => queryClient.clear());

  it('tells two offers on the same route apart by when, load, size and distance, in its name too', async () => {
    queryClient.setQueryData(lookupQueryKey('vehicleSizes'), {
      'van-small': size('van-small', 'Small van', 1),
      'van-large': size('van-large', 'Large van', 2),
    });
    const flowers = offer({
      pickupWindow: { from: inDays(5, 14), to: inDays(5, 16) },
      parcels: { count: 12, volumeCm3: 480_000, weightKg: 216 },
    });
    const chairs = offer({
      uuid: '00000000-0000-4000-8000-000000000011',
      vehicleSizeSlug: 'van-large',
      dropoffWindow: { from: inDays(6, 9), to: inDays(6, 10) },
      parcels: { count: 3, volumeCm3: 900_000, weightKg: 45 },
      distanceM: 4_300,
    });
    const noop = () => undefined;
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <>
              <AuctionCard auction={flowers} onBid={noop} />
              <AuctionCard auction={chairs} onBid={noop} />
            </>
          ),
        },
      ],
      ['/'],
    );
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(2);
    const [first, second] = cards.map((card) => within(card).getByTestId('auction-gist').textContent);
    expect(first).toMatch(/^When: Pickup \w{3} \d{1,2} \w{3}\b.*\d\d:\d\d ?– ?.*\d\d:\d\d/);
    expect(first).toContain('Load: 12 parcels, 216 kg');
    expect(first).toContain('Vehicle size: Small van');
    expect(first).toContain('Road distance: 1.6 mi (2.6 km)');
    expect(second).toMatch(/^When: Dropoff /);
    expect(second).toContain('Load: 3 parcels, 45 kg');
    expect(second).toContain('Vehicle size: Large van');
    expect(second).toContain('Road distance: 2.7 mi (4.3 km)');
    // Both read "London N1 to London NW1", and their names still differ.
    const names = cards.map((card) => card.getAttribute('aria-label'));
    expect(names[0]).toMatch(/^London N1 to London NW1, Pickup .+, from Bloom Flowers$/);
    expect(names[0]).not.toBe(names[1]);
  });
});
