import {
  INSTRUCTIONS_CLOSED_STATUSES,
  RATEABLE_STATUSES,
  type LiveStatus,
  type PublicTracking,
} from '@courier/contract';
import { formatTime } from '../../lib/date-format';

/**
 * What a recipient reads of a delivery's status: their words, not the office's ("On its way to you", not
 * "en-route-to-dropoff"). `tone` colours the headline.
 */
export interface RecipientStatus {
  label: string;
  tone: 'blue' | 'teal' | 'green' | 'orange' | 'red' | 'gray';
}

const STATUS: Record<LiveStatus, RecipientStatus> = {
  created: { label: 'Order received', tone: 'gray' },
  scheduled: { label: 'Scheduled', tone: 'gray' },
  assigned: { label: 'Driver assigned', tone: 'blue' },
  'en-route-to-pickup': { label: 'Driver on the way to collect it', tone: 'blue' },
  'at-pickup': { label: 'Being collected', tone: 'blue' },
  'picked-up': { label: 'Collected', tone: 'teal' },
  'en-route-to-dropoff': { label: 'On its way to you', tone: 'teal' },
  'at-dropoff': { label: 'Your driver is at the door', tone: 'teal' },
  delivered: { label: 'Delivered', tone: 'green' },
  completed: { label: 'Delivered', tone: 'green' },
  failed: { label: 'Delivery attempt failed', tone: 'orange' },
  cancelled: { label: 'Cancelled', tone: 'red' },
  returned: { label: 'Returned to the sender', tone: 'orange' },
};

export function recipientStatus(status: string): RecipientStatus {
  return STATUS[status as LiveStatus] ?? { label: 'In progress', tone: 'gray' };
}

/** Statuses after which nothing changes for the recipient: the page stops looking again. */
export const FINAL_FOR_RECIPIENT: readonly string[] = ['delivered', 'completed', 'cancelled', 'returned'];

/** Before the driver heads to the recipient: their position is not shown yet (decision 022), and this says when. */
const BEFORE_HEADING_HERE: readonly string[] = [
  'created',
  'scheduled',
  'assigned',
  'en-route-to-pickup',
  'at-pickup',
  'picked-up',
];

/**
 * What the page says where the map will be, while there is no position to show: when it will show, or nothing once
 * the driver is at the door or the delivery is over.
 */
export function positionHint(status: string): string | null {
  if (BEFORE_HEADING_HERE.includes(status))
    return 'You will see your driver on a map here once they are on their way to you.';
  if (status === 'en-route-to-dropoff')
    return "Your driver's position shows here as soon as their phone sends it.";
  return null;
}

/**
 * "Arriving between 14:05 and 14:20" (or "2:05 PM and 2:20 PM": the sender's country's style, decision 064), or
 * "Arriving now" within the last metres.
 */
export function etaLine(
  eta: { earliestAt: string; latestAt: string; arriving: boolean } | null,
): string | null {
  if (!eta) return null;
  if (eta.arriving) return 'Arriving now';
  const from = formatTime(eta.earliestAt);
  const to = formatTime(eta.latestAt);
  return from === to ? `Arriving at about ${from}` : `Arriving between ${from} and ${to}`;
}

/** Whether the page still changes by itself: not once the delivery is over for the recipient. */
export const updatesBySelf = (status: string) => !FINAL_FOR_RECIPIENT.includes(status);

/** What happens after a failed attempt, in a plain sentence. */
export function failureNext(next: NonNullable<PublicTracking['failure']>['next']): string {
  return next === 'returning'
    ? 'It is going back to the sender. Contact them to arrange another delivery.'
    : 'The company will be in touch, and your delivery will be attempted again once it is re-planned.';
}

/** Instructions can be written until the parcel is handed over, cancelled or returned (the server says 409 after). */
export const instructionsOpen = (status: string) => !INSTRUCTIONS_CLOSED_STATUSES.includes(status);

/** The rating card shows once delivered: the form until the recipient has rated, then their rating. */
export const rateable = (status: string) => RATEABLE_STATUSES.includes(status);
