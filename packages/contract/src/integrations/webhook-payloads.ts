import { z } from 'zod';
import { IsoDateTimeSchema, MoneySchema, UuidSchema } from '../common.js';
import { DeliverySchema, PARCEL_SCAN_KINDS } from '../deliveries/deliveries.entities.js';
import { LIVE_STATUSES } from '../deliveries/status-machine.js';
import { AUCTION_EVENT_CHANGES } from '../live/live.events.js';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_TEST_EVENT, type WebhookEventType } from './webhooks.calls.js';

/**
 * The body of each webhook message (decision 066), as the OpenAPI document's `webhooks` describe them: the message's
 * id (also its `webhook-id` header: deduplicate on it, a message may come twice), its type, when the event happened,
 * and its data. A delivery's messages carry the delivery as the API presents it to the endpoint's company, as it was
 * when the message was made.
 */
const message = <T extends string, D extends z.ZodType>(type: T, data: D) =>
  z.object({
    id: UuidSchema.describe(
      'The message id, as the `webhook-id` header: the same when a message is sent again.',
    ),
    type: z.literal(type),
    timestamp: IsoDateTimeSchema.describe('When the event happened.'),
    data,
  });

const delivery = DeliverySchema.describe('The delivery as `GET .../delivery/{deliveryUuid}` answers it.');
const status = z.enum(LIVE_STATUSES).describe('The status the delivery moved to.');
const auction = z.object({
  auctionUuid: UuidSchema,
  change: z.enum(AUCTION_EVENT_CHANGES),
  bid: z.object({ uuid: UuidSchema, price: MoneySchema }).optional(),
});

export const WEBHOOK_PAYLOAD_SCHEMAS = {
  'delivery.created': message('delivery.created', z.object({ delivery })),
  'delivery.status_changed': message('delivery.status_changed', z.object({ status, delivery })),
  'delivery.assigned': message(
    'delivery.assigned',
    z.object({
      vehicleUuid: UuidSchema.nullable().describe('Null when the delivery was unlinked.'),
      driverUserUuids: z.array(UuidSchema),
      delivery,
    }),
  ),
  'delivery.proof_added': message(
    'delivery.proof_added',
    z.object({
      documentUuid: UuidSchema,
      taskUuid: UuidSchema.nullable(),
      proofTypeSlug: z.string(),
      delivery,
    }),
  ),
  'delivery.parcel_scanned': message(
    'delivery.parcel_scanned',
    z.object({
      parcelUuid: UuidSchema,
      trackingCode: z.string().describe("The parcel's tracking code, as its label's barcode carries it."),
      deliveryStepUuid: UuidSchema,
      kind: z.enum(PARCEL_SCAN_KINDS).describe('Collected at a pickup, or handed over at a dropoff.'),
      scannedAt: IsoDateTimeSchema.describe("When the driver's phone read the label."),
      delivery,
    }),
  ),
  'delivery.position': message(
    'delivery.position',
    z.object({
      deliveryUuid: UuidSchema,
      driverUserUuid: UuidSchema,
      vehicleUuid: UuidSchema.nullable(),
      lat: z.number(),
      lng: z.number(),
      speed: z.number().nullable().describe('Metres per second, when the phone knew it.'),
      heading: z.number().nullable().describe('Degrees from north, when the phone knew it.'),
      recordedAt: IsoDateTimeSchema.describe("When the driver's phone took the position."),
    }),
  ),
  'delivery.eta_changed': message(
    'delivery.eta_changed',
    z.object({
      stops: z
        .array(
          z.object({
            deliveryStepUuid: UuidSchema,
            arriveAt: IsoDateTimeSchema.nullable().describe(
              "The stop's new ETA; null when it has none any more (the stop is done, or the delivery is no longer under way).",
            ),
          }),
        )
        .describe('The stops whose ETA moved by more than a minute, appeared or went.'),
      delivery,
    }),
  ),
  'delivery.completed': message('delivery.completed', z.object({ status, delivery })),
  'delivery.failed': message('delivery.failed', z.object({ status, delivery })),
  'auction.published': message('auction.published', auction),
  'auction.bid_placed': message('auction.bid_placed', auction),
  'auction.bid_withdrawn': message('auction.bid_withdrawn', auction),
  'auction.withdrawn': message('auction.withdrawn', auction),
  'auction.awarded': message('auction.awarded', auction),
  'auction.lost': message('auction.lost', auction),
  'auction.expired': message('auction.expired', auction),
  [WEBHOOK_TEST_EVENT]: message(WEBHOOK_TEST_EVENT, z.object({ message: z.string() })),
} satisfies Record<WebhookEventType | typeof WEBHOOK_TEST_EVENT, z.ZodType>;

/** What each message type is about, for the document. */
export const WEBHOOK_PAYLOAD_SUMMARIES: Readonly<Record<keyof typeof WEBHOOK_PAYLOAD_SCHEMAS, string>> = {
  ...WEBHOOK_EVENT_LABELS,
  [WEBHOOK_TEST_EVENT]: 'Sent by "Send a test event" on the Integrations screen',
};
