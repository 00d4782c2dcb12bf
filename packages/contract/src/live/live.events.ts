import { z } from 'zod';
import { IsoDateSchema, IsoDateTimeSchema, MoneySchema, UuidSchema } from '../common.js';
import { LIVE_STATUSES } from '../deliveries/status-machine.js';
import { RECIPIENT_MESSAGE_STATUSES } from '../recipients/recipient-messages.constants.js';
import type { LIVE_EVENT_TYPES } from './live.constants.js';

/**
 * A delivery was created (issue 34: by a person, an API key or an import): its company's lists gain it, and the
 * webhooks' `delivery.created` is made from it.
 */
export const DeliveryCreatedEventSchema = z.object({ deliveryUuid: UuidSchema, at: IsoDateTimeSchema });

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

/** A parcel's label read at a stop (issue 34). */
export const DeliveryScanEventSchema = z.object({
  deliveryUuid: UuidSchema,
  parcelUuid: UuidSchema,
  trackingCode: z.string(),
  scanUuid: UuidSchema,
  deliveryStepUuid: UuidSchema,
  kind: z.enum(['pickup', 'dropoff']),
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

/**
 * A delivery's stops moved or got their points (issue 32: placed by the geocoder, or a pin dragged), and its distance
 * and duration were estimated again. Ids only: the client refetches the delivery and its steps.
 */
export const DeliveryRouteEventSchema = z.object({ deliveryUuid: UuidSchema, at: IsoDateTimeSchema });

/**
 * A delivery's ETA moved by more than ETA.publishMovedSeconds at one of its stops, or appeared, or went (the stop
 * done, the delivery no longer under way: `arriveAt` null) — issue 36, decision 073. The stops' new arrivals; the
 * client refetches the live side it shows (its window is derived from the arrival on the server, by one rule).
 */
export const DeliveryEtaEventSchema = z.object({
  deliveryUuid: UuidSchema,
  stops: z.array(z.object({ deliveryStepUuid: UuidSchema, arriveAt: IsoDateTimeSchema.nullable() })),
  at: IsoDateTimeSchema,
});

/**
 * The recipient wrote from the tracking page (issue 36): delivery instructions (to the office and the drivers: their
 * stop shows them) or a rating (to the office only). Ids only: each refetches what it shows.
 */
export const DeliveryRecipientEventSchema = z.object({
  deliveryUuid: UuidSchema,
  change: z.enum(['instructions', 'rating']),
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
  /**
   * On `bid` and `bid-withdrawn` only (to the shipper, who sees every bid with its price): the bid, and its price as
   * it was then, so the shipper's notification names that price even when the bid is revised before it is written.
   */
  bid: z.object({ uuid: UuidSchema, price: MoneySchema }).optional(),
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

/**
 * Users of a company have new notifications (decision 028): made after the change that caused them has committed
 * (the events' consumers, decision 055) or by a sweep, so this, not the change's own event, tells each bell to
 * refetch. Ids only.
 */
export const NotificationEventSchema = z.object({ userUuids: z.array(UuidSchema) });

/**
 * A driver's route of a day was changed on the dispatch board (issue 35): its stops, their order or planned times.
 * The company's dispatchers reload the board; the driver reloads their deliveries. Ids only.
 */
export const RoutePlannedEventSchema = z.object({
  driverUserUuid: UuidSchema,
  day: IsoDateSchema,
  at: IsoDateTimeSchema,
});

/**
 * A message to a delivery's recipient was written, sent, or its fate reported (issue 36): the delivery's office
 * refetches its messages log. Ids and the new status only.
 */
export const RecipientMessageEventSchema = z.object({
  deliveryUuid: UuidSchema,
  messageUuid: UuidSchema,
  status: z.enum(RECIPIENT_MESSAGE_STATUSES),
});

/** Every event type and the schema of its data. */
export const LIVE_EVENT_SCHEMAS = {
  'delivery.created': DeliveryCreatedEventSchema,
  'delivery.status': DeliveryStatusEventSchema,
  'delivery.assignment': DeliveryAssignmentEventSchema,
  'delivery.proof': DeliveryProofEventSchema,
  'delivery.scan': DeliveryScanEventSchema,
  'delivery.note': DeliveryNoteEventSchema,
  'delivery.quote': DeliveryQuoteEventSchema,
  'delivery.route': DeliveryRouteEventSchema,
  'delivery.eta': DeliveryEtaEventSchema,
  'delivery.recipient': DeliveryRecipientEventSchema,
  position: PositionEventSchema,
  'driver.status': DriverStatusEventSchema,
  'route.planned': RoutePlannedEventSchema,
  'recipient.message': RecipientMessageEventSchema,
  auction: AuctionEventSchema,
  'member.joined': MemberJoinedEventSchema,
  message: MessageEventSchema,
  notification: NotificationEventSchema,
} as const;

export type LiveEventType = keyof typeof LIVE_EVENT_SCHEMAS;
// LIVE_EVENT_TYPES (live.constants.ts) names the same types without their schemas; a type missing from either fails
// here, and live-events.test.ts checks the order.
type SameTypes<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameTypes: SameTypes<LiveEventType, (typeof LIVE_EVENT_TYPES)[number]> = true;
void sameTypes;
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
  envelope('delivery.created'),
  envelope('delivery.status'),
  envelope('delivery.assignment'),
  envelope('delivery.proof'),
  envelope('delivery.scan'),
  envelope('delivery.note'),
  envelope('delivery.quote'),
  envelope('delivery.route'),
  envelope('delivery.eta'),
  envelope('delivery.recipient'),
  envelope('position'),
  envelope('driver.status'),
  envelope('route.planned'),
  envelope('recipient.message'),
  envelope('auction'),
  envelope('member.joined'),
  envelope('message'),
  envelope('notification'),
]);
export type LiveEvent = z.output<typeof LiveEventSchema>;
export type LiveEventOf<T extends LiveEventType> = Extract<LiveEvent, { type: T }>;

/** The data of a `stream.reset` control event (STREAM_CONTROL_EVENTS, live.constants.ts). */
export const StreamResetSchema = z.object({ reason: z.enum(['too-far-behind', 'unknown-cursor']) });
