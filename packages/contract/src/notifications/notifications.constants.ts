import type { AUCTION_EVENT_CHANGES } from '../live/live.events.js';

/**
 * A user's notifications (issue 14, docs/decisions/028-notifications.md): made from the platform's own events in the
 * transaction of the change, kept per user with read/unread, shown in the header's dropdown and on /Notifications.
 */
export const NOTIFICATION_KINDS = [
  'status',
  'late',
  'proof',
  'bid',
  'award',
  'auction',
  'invitation',
  'mention',
  'document',
  'integration',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** What each kind is about, in the preferences' words. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  status: 'A delivery I created is picked up, delivered, fails, is cancelled or returned',
  late: 'A delivery I created is still not delivered when its dropoff window ends',
  proof: 'A proof of delivery is added to a delivery I created',
  bid: 'A courier bids on my delivery offer, or withdraws its bid',
  award: 'My company wins or loses a delivery it bid on',
  auction: 'A delivery is offered for bids near my depot, or an offer I follow is withdrawn or expires',
  invitation: 'Someone I invited to the company accepted and set their password',
  mention: 'Someone mentions me in a note',
  document: "A driver's licence or insurance (mine, or my company's drivers') expires soon or has expired",
  integration: 'A webhook endpoint of my company kept failing and was turned off',
};

/**
 * What an admin is told of an auction event (decision 026), the same words in the notification the server keeps and
 * in the toast a tab shows at once.
 */
export const AUCTION_NEWS: Record<
  (typeof AUCTION_EVENT_CHANGES)[number],
  { kind: NotificationKind; title: string; message: string }
> = {
  published: {
    kind: 'auction',
    title: 'New delivery open for bids',
    message: 'A delivery that matches your fleet and your area is open for bids.',
  },
  bid: {
    kind: 'bid',
    title: 'New bid',
    message: 'A courier company placed or revised a bid on your delivery offer.',
  },
  'bid-withdrawn': {
    kind: 'bid',
    title: 'Bid withdrawn',
    message: 'A courier company withdrew its bid on your delivery offer.',
  },
  withdrawn: {
    kind: 'auction',
    title: 'Offer withdrawn',
    message: 'A shipper withdrew a delivery you bid on.',
  },
  awarded: {
    kind: 'award',
    title: 'You won a delivery',
    message: 'Your bid was accepted: the delivery is yours to carry. Assign a vehicle and a driver.',
  },
  lost: {
    kind: 'award',
    title: 'Bid not chosen',
    message: 'The shipper chose another courier for a delivery you bid on.',
  },
  expired: {
    kind: 'auction',
    title: 'Offer expired',
    message: 'Your delivery offer passed its award deadline with no bid accepted.',
  },
};

/**
 * Whether a kind is also e-mailed when the user has not chosen: the marketplace's news, a late delivery, a mention
 * and an expiring document are (each wants an answer or an action soon and the user may not be in the app); a
 * delivery's milestones are not (too many).
 */
export const NOTIFICATION_EMAIL_DEFAULTS: Record<NotificationKind, boolean> = {
  status: false,
  late: true,
  proof: false,
  bid: true,
  award: true,
  auction: true,
  invitation: false,
  mention: true,
  document: true,
  integration: true,
};

/**
 * The status changes a delivery's creator is told of: its milestones and its troubles, not every step on the way
 * (those are on the delivery's page and the live map).
 */
export const NOTIFIED_STATUSES = ['picked-up', 'delivered', 'failed', 'cancelled', 'returned'] as const;

export const NOTIFICATIONS = {
  /** When the scheduled job looks for deliveries that have just become late (cron, UTC): every minute, one process. */
  sweepCron: '* * * * *',
  /** A delivery late for longer than this when first seen (a server that was down) is not announced any more. */
  lateLookbackHours: 24,
  /** How many the header's dropdown shows. */
  latest: 8,
  pageMax: 100,
  /**
   * An expired licence or insurance first seen longer ago than this (a driver added with an old date) is not announced:
   * the sweep reads a bounded window of expiry dates, not every expired document ever kept.
   */
  documentLookbackDays: 30,
  /** How much of a note a mention's notification quotes. */
  mentionQuoteMax: 140,
} as const;
