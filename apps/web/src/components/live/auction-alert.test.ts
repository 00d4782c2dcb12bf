import type { LiveEvent } from '@courier/contract';
import { describe, expect, it } from 'vitest';
import { ALERT_FRESH_MS, auctionAlertOf } from './auction-alert';

const uuid = '0b7e6d3c-2f4a-4d7e-9a51-6f0c2b1d8e47';
const now = Date.parse('2026-11-24T12:00:00Z');
const event = (change: 'published' | 'awarded', at: number): LiveEvent => ({
  id: '7',
  type: 'auction',
  at: new Date(at).toISOString(),
  data: { auctionUuid: uuid, change, at: new Date(at).toISOString() },
});

describe('auctionAlertOf', () => {
  it('announces a fresh auction event with a link to the auction', () => {
    expect(auctionAlertOf(event('awarded', now - 1000), now)).toMatchObject({
      title: 'You won a delivery',
      auctionUuid: uuid,
      color: 'green',
    });
    expect(auctionAlertOf(event('published', now), now)?.title).toBe('New delivery open for bids');
  });

  it("says a bid's price", () => {
    const bid: LiveEvent = {
      id: '9',
      type: 'auction',
      at: new Date(now).toISOString(),
      data: {
        auctionUuid: uuid,
        change: 'bid',
        at: new Date(now).toISOString(),
        bid: { uuid, price: { priceMinor: 4500, priceString: '£45.00', currencyCode: 'GBP' } },
      },
    };
    expect(auctionAlertOf(bid, now)?.message).toBe('A courier company bid £45.00 on your delivery offer.');
  });

  it('keeps quiet for a replayed old event and for other events', () => {
    expect(auctionAlertOf(event('published', now - ALERT_FRESH_MS - 1), now)).toBeNull();
    const status = {
      id: '8',
      type: 'driver.status',
      at: new Date(now).toISOString(),
      data: {},
    } as unknown as LiveEvent;
    expect(auctionAlertOf(status, now)).toBeNull();
  });
});
