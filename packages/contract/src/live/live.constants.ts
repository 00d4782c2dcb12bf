/**
 * The live stream (issue 12, docs/decisions/023-live-stream.md): Server-Sent Events for a company's admins and for a
 * driver. Every event is written to the `events` table in the transaction of the change it describes, published
 * after commit, and delivered only to those the access policy lets see its subject.
 */

/** The admin stream of a company: events of the deliveries it owns or carries, and its fleet's events. */
export const ADMIN_STREAM_PATH = '/c/:companySlug/admin/stream';
/** A driver's stream: events of the deliveries assigned to them, and their own status. */
export const DRIVER_STREAM_PATH = '/driver/stream';

export const LIVE_STREAM = {
  /** A comment line keeps proxies and the browser from timing the stream out. */
  heartbeatSeconds: 15,
  /** Events are kept this long for clients that reconnect (`Last-Event-ID`), then purged. */
  retentionHours: 24,
  /** A reconnecting client further behind than this is told to refetch (`stream.reset`) instead of replayed. */
  catchUpMax: 2_000,
  /** Bytes a slow client may leave unread on the server before it is dropped. */
  maxBufferedBytes: 256 * 1024,
  /** The browser waits this long before reconnecting (the `retry:` line). */
  retryMs: 3_000,
} as const;

/** Every event type of the stream (the schemas of their data are in live.events.ts). */
export const LIVE_EVENT_TYPES = [
  'delivery.created',
  'delivery.status',
  'delivery.assignment',
  'delivery.proof',
  'delivery.scan',
  'delivery.note',
  'delivery.quote',
  'delivery.route',
  'delivery.eta',
  'delivery.recipient',
  'position',
  'driver.status',
  'route.planned',
  'recipient.message',
  'auction',
  'member.joined',
  'message',
  'notification',
] as const;

/**
 * Control events of the stream itself. `stream.ready`: the catch-up is done and the stream is live.
 * `stream.reset`: the client was too far behind (or its cursor unknown): refetch what it shows, then carry on.
 */
export const STREAM_CONTROL_EVENTS = ['stream.ready', 'stream.reset'] as const;
