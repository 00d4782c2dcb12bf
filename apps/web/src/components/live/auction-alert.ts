import { AUCTION_NEWS, type LiveEvent } from '@courier/contract';

type AuctionChange = Extract<LiveEvent, { type: 'auction' }>['data']['change'];

export interface AuctionAlert {
  title: string;
  message: string;
  /** The words of the link to the auction. */
  action: string;
  color: 'blue' | 'green' | 'gray' | 'orange';
}

/** How the toast shows each change; its words are the notification's (AUCTION_NEWS). */
const LOOK: Record<AuctionChange, Pick<AuctionAlert, 'action' | 'color'>> = {
  published: { action: 'See the offer', color: 'blue' },
  bid: { action: 'See the bids', color: 'blue' },
  'bid-withdrawn': { action: 'See the bids', color: 'gray' },
  withdrawn: { action: 'See the offer', color: 'gray' },
  awarded: { action: 'See the award', color: 'green' },
  lost: { action: 'See the offer', color: 'gray' },
  expired: { action: 'See the offer', color: 'orange' },
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
  const { title, message } = AUCTION_NEWS[event.data.change];
  // A bid comes with its price (to the shipper, who sees every bid): the toast says it (issue 33).
  const bid = event.data.bid;
  const priced =
    bid && event.data.change === 'bid'
      ? `A courier company bid ${bid.price.priceString} on your delivery offer.`
      : bid && event.data.change === 'bid-withdrawn'
        ? `A courier company withdrew its bid of ${bid.price.priceString} on your delivery offer.`
        : message;
  return { title, message: priced, ...LOOK[event.data.change], auctionUuid: event.data.auctionUuid };
}
