import { z } from 'zod';
import { IsoDateTimeSchema, UuidSchema } from '../common.js';
import { LIVE_STATUSES } from '../deliveries/status-machine.js';

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

/** Event names of the SSE `event:` line, each with the schema of its `data`. */
export const DeliveryStatusEventSchema = z.object({
  deliveryUuid: UuidSchema,
  status: z.enum(LIVE_STATUSES),
  at: IsoDateTimeSchema,
  /**
   * The viewer's next moves depend on who views (decision 016), so the stream does not carry them: a client that
   * shows buttons refetches that delivery (one GET) on this event.
   */
  nextStatusOptions: z.object({ user: z.array(z.string()), system: z.array(z.string()) }).optional(),
});

export const DeliveryAssignmentEventSchema = z.object({
  deliveryUuid: UuidSchema,
  /** Null when the delivery was unassigned (a driver who lost it gets this event once, then nothing more). */
  vehicleUuid: UuidSchema.nullable(),
  driverUserUuids: z.array(UuidSchema),
  at: IsoDateTimeSchema,
});

export const DeliveryProofEventSchema = z.object({
  deliveryUuid: UuidSchema,
  documentUuid: UuidSchema,
  taskUuid: UuidSchema.nullable(),
  proofTypeSlug: z.string(),
  at: IsoDateTimeSchema,
});

export const DeliveryNoteEventSchema = z.object({
  deliveryUuid: UuidSchema,
  noteUuid: UuidSchema,
  /** The thread's first note when this is a reply. */
  parentNoteUuid: UuidSchema.nullable(),
  at: IsoDateTimeSchema,
});

export const DeliveryQuoteEventSchema = z.object({
  deliveryUuid: UuidSchema,
  quoteUuid: UuidSchema,
  /** `created`, `accepted` or `rejected`. */
  change: z.enum(['created', 'accepted', 'rejected']),
  at: IsoDateTimeSchema,
});

export const PositionEventSchema = z.object({
  /** The deliveries the driver carries that this event's audience knows (one, or none for a fleet position). */
  deliveryUuids: z.array(UuidSchema),
  driverUserUuid: UuidSchema,
  vehicleUuid: UuidSchema.nullable(),
  lat: z.number(),
  lng: z.number(),
  recordedAt: IsoDateTimeSchema,
  /** Metres a second. */
  speed: z.number().nullable(),
  /** Degrees from north. */
  heading: z.number().nullable(),
});

export const DriverStatusEventSchema = z.object({
  driverUserUuid: UuidSchema,
  status: z.string(),
  at: IsoDateTimeSchema,
});

/**
 * Something happened to an auction that this company takes part in (decision 026): to the shipper (`bid`,
 * `bid-withdrawn`, `expired`), to the bidders (`withdrawn`, `awarded` for the winner, `lost` for the others), to
 * matching couriers (`published`).
 */
export const AUCTION_EVENT_CHANGES = [
  'published',
  'bid',
  'bid-withdrawn',
  'withdrawn',
  'awarded',
  'lost',
  'expired',
] as const;
export const AuctionEventSchema = z.object({
  auctionUuid: UuidSchema,
  change: z.enum(AUCTION_EVENT_CHANGES),
  at: IsoDateTimeSchema,
});

/**
 * A person invited to the company accepted the invitation and chose a password (decision 032): to the company's
 * admins; the admin who invited them is notified.
 */
export const MemberJoinedEventSchema = z.object({
  userUuid: UuidSchema,
  name: z.string(),
  roleSlug: z.string(),
  invitedByUuid: UuidSchema.nullable(),
  at: IsoDateTimeSchema,
});

/**
 * A message was written in a conversation of the inbox (decision 031): to its other participants (a company
 * conversation) or to the admins of the delivery's owner and carrier (a delivery's thread). Ids only: the client
 * refetches what it shows.
 */
export const MessageEventSchema = z.object({
  conversationUuid: UuidSchema,
  deliveryUuid: UuidSchema.nullable(),
  messageUuid: UuidSchema,
  authorUuid: UuidSchema,
  at: IsoDateTimeSchema,
});

/** Every event type and the schema of its data. */
export const LIVE_EVENT_SCHEMAS = {
  'delivery.status': DeliveryStatusEventSchema,
  'delivery.assignment': DeliveryAssignmentEventSchema,
  'delivery.proof': DeliveryProofEventSchema,
  'delivery.note': DeliveryNoteEventSchema,
  'delivery.quote': DeliveryQuoteEventSchema,
  position: PositionEventSchema,
  'driver.status': DriverStatusEventSchema,
  auction: AuctionEventSchema,
  'member.joined': MemberJoinedEventSchema,
  message: MessageEventSchema,
} as const;

export type LiveEventType = keyof typeof LIVE_EVENT_SCHEMAS;
export const LIVE_EVENT_TYPES = Object.keys(LIVE_EVENT_SCHEMAS) as LiveEventType[];
export type LiveEventData<T extends LiveEventType> = z.output<(typeof LIVE_EVENT_SCHEMAS)[T]>;

const envelope = <T extends LiveEventType>(type: T) =>
  z.object({
    /** The event's number in the events table: increasing, unique; the client dedupes on it. */
    id: z.string().regex(/^\d+$/),
    type: z.literal(type),
    at: IsoDateTimeSchema,
    data: LIVE_EVENT_SCHEMAS[type],
  });

/** One event as the `data:` line of the stream carries it (JSON). */
export const LiveEventSchema = z.discriminatedUnion('type', [
  envelope('delivery.status'),
  envelope('delivery.assignment'),
  envelope('delivery.proof'),
  envelope('delivery.note'),
  envelope('delivery.quote'),
  envelope('position'),
  envelope('driver.status'),
  envelope('auction'),
  envelope('member.joined'),
  envelope('message'),
]);
export type LiveEvent = z.output<typeof LiveEventSchema>;
export type LiveEventOf<T extends LiveEventType> = Extract<LiveEvent, { type: T }>;

/**
 * Control events of the stream itself. `stream.ready`: the catch-up is done and the stream is live.
 * `stream.reset`: the client was too far behind (or its cursor unknown): refetch what it shows, then carry on.
 */
export const STREAM_CONTROL_EVENTS = ['stream.ready', 'stream.reset'] as const;
export const StreamResetSchema = z.object({ reason: z.enum(['too-far-behind', 'unknown-cursor']) });
