/**
 * The header's messages and notifications are hard-coded sample content (spec section 3 "Header sample data"),
 * not server data. They are worded as samples so nobody mistakes them for real events.
 */
export type MessageKind = 'success' | 'info' | 'error' | 'warning';

export interface HeaderMessage {
  id: number;
  /** Picks the message's picture (an icon and colour). */
  image: MessageKind;
  title: string;
  message: string;
  time: string;
}

export interface HeaderNotification {
  id: number;
  /** Name whose avatar stands for the sender. */
  profile: string;
  message: string;
  time: string;
}

export const SAMPLE_MESSAGES: readonly HeaderMessage[] = [
  {
    id: 1,
    image: 'success',
    title: 'Congratulations!',
    message: 'Your workspace is ready for its first delivery.',
    time: '1hr',
  },
  {
    id: 2,
    image: 'info',
    title: 'Did you know?',
    message: 'The + button at the bottom right adds a parcel, a vehicle or a driver.',
    time: '2hr',
  },
  {
    id: 3,
    image: 'error',
    title: 'Something went wrong!',
    message: 'Sample message: failed background jobs will be reported here.',
    time: '2 days',
  },
  {
    id: 4,
    image: 'warning',
    title: 'Warning',
    message: 'Sample message: expiring documents will be flagged here.',
    time: '5 days',
  },
];

export const SAMPLE_NOTIFICATIONS: readonly HeaderNotification[] = [
  {
    id: 1,
    profile: 'Dispatch Desk',
    message: 'Sample notification: delivery updates will appear here.',
    time: '45 min ago',
  },
  {
    id: 2,
    profile: 'Fleet Team',
    message: 'Sample notification: vehicle status changes will appear here.',
    time: '9h ago',
  },
  {
    id: 3,
    profile: 'Support',
    message: 'Sample notification: replies from the support desk will appear here.',
    time: '2 days ago',
  },
];
