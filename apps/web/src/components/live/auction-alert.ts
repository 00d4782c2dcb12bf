import type { LiveEvent } from '@courier/contract';

type AuctionChange = Extract<LiveEvent, { type: 'auction' }>['data']['change'];

export interface AuctionAlert {
  title: string;
  message: string;
  /** The words of the link to the auction. */
  action: string;
  color: 'blue' | 'green' | 'gray' | 'orange';
}

/** What an admin is told, in the corner of any screen, when something happens to an auction of their company. */
export const AUCTION_ALERTS: Record<AuctionChange, AuctionAlert> = {
  published: {
    title: 'New delivery open for bids',
    message: 'A delivery that matches your fleet and your area is open for bids.',
    action: 'See the offer',
    color: 'blue',
  },
  bid: {
    title: 'New bid',
    message: 'A courier company placed or revised a bid on your delivery offer.',
    action: 'See the bids',
    color: 'blue',
  },
  'bid-withdrawn': {
    title: 'Bid withdrawn',
    message: 'A courier company withdrew its bid on your delivery offer.',
    action: 'See the bids',
    color: 'gray',
  },
  withdrawn: {
    title: 'Offer withdrawn',
    message: 'A shipper withdrew a delivery you bid on.',
    action: 'See the offer',
    color: 'gray',
  },
  awarded: {
    title: 'You won a delivery',
    message: 'Your bid was accepted: the delivery is yours to carry. Assign a vehicle and a driver.',
    action: 'See the award',
    color: 'green',
  },
  lost: {
    title: 'Bid not chosen',
    message: 'The shipper chose another courier for a delivery you bid on.',
    action: 'See the offer',
    color: 'gray',
  },
  expired: {
    title: 'Offer expired',
    message: 'Your delivery offer passed its award deadline with no bid accepted.',
    action: 'See the offer',
    color: 'orange',
  },
};

/** Events older than this are a catch-up after a reconnection: they update the screens but are not announced. */
export const ALERT_FRESH_MS = 2 * 60_000;

/** The alert for a live event, or null: not an auction event, or an old one replayed. */
export function auctionAlertOf(
  event: LiveEvent,
  now: number,
): (AuctionAlert & { auctionUuid: string }) | null {
  if (event.type !== 'auction') return null;
  if (now - Date.parse(event.at) > ALERT_FRESH_MS) return null;
  return { ...AUCTION_ALERTS[event.data.change], auctionUuid: event.data.auctionUuid };
}
