import { z } from 'zod';
import { defineCall } from '../api/define-call.js';
import { IsoDateTimeSchema, PageQuerySchema, UuidSchema } from '../common.js';
import { CompanyParamsSchema } from '../params.js';

/**
 * A company's webhooks (issue 34, decision 066): endpoints of the company's systems that are told, by a signed POST,
 * when its deliveries and auctions move. Each message is a durable job sent in order per delivery, at least once,
 * retried for about a day; signed as the Standard Webhooks specification says (`webhook-id`, `webhook-timestamp`,
 * `webhook-signature`: `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the endpoint's secret).
 */

/** The settings screen of API keys and webhooks (a web route; a notification links to it). */
export const INTEGRATIONS_PATH = '/AccountPages/Integrations';

/** The events an endpoint may choose. */
export const WEBHOOK_EVENT_TYPES = [
  'delivery.created',
  'delivery.status_changed',
  'delivery.assigned',
  'delivery.proof_added',
  'delivery.parcel_scanned',
  'delivery.position',
  'delivery.eta_changed',
  'delivery.completed',
  'delivery.failed',
  'auction.published',
  'auction.bid_placed',
  'auction.bid_withdrawn',
  'auction.withdrawn',
  'auction.awarded',
  'auction.lost',
  'auction.expired',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** The type of the message "Send a test event" sends; no endpoint subscribes to it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_EVENT_LABELS: Readonly<Record<WebhookEventType, string>> = {
  'delivery.created': 'A delivery is created',
  'delivery.status_changed': "A delivery's status changes (the new status is in the message)",
  'delivery.assigned': 'A vehicle and drivers are linked to a delivery, or unlinked',
  'delivery.proof_added': 'A proof of delivery is added',
  'delivery.parcel_scanned': "A parcel's label is scanned by the driver at a pickup or a dropoff",
  'delivery.position':
    "The driver's position on a delivery under way (opt in: at most one every 30 seconds per delivery)",
  'delivery.eta_changed':
    "The ETA of a delivery's stop moves by more than a minute (the same ETA its tracking page shows)",
  'delivery.completed': 'A delivery is completed',
  'delivery.failed': 'A delivery fails',
  'auction.published': 'A delivery is offered for bids (to couriers it matches)',
  'auction.bid_placed': 'A courier bids on our offer, or revises its bid',
  'auction.bid_withdrawn': 'A courier withdraws its bid on our offer',
  'auction.withdrawn': 'A shipper withdraws an offer we bid on',
  'auction.awarded': 'Our bid wins a delivery',
  'auction.lost': 'Another courier wins a delivery we bid on',
  'auction.expired': 'Our offer passes its deadline without a winner',
};

export const WEBHOOK = {
  /** Every secret starts so (Standard Webhooks); the rest is base64 of the HMAC key's bytes. */
  secretPrefix: 'whsec_',
  secretBytes: 32,
  /** A message's POST waits this long for an answer. */
  timeoutMs: 10_000,
  /**
   * Seconds after a failed try before the next (the Standard Webhooks schedule, about a day in all): then the message
   * is failed, and the endpoint turned off, its admins told. Each delay gets up to 10% of jitter.
   */
  retryDelaysSeconds: [5, 300, 1_800, 7_200, 18_000, 36_000, 36_000],
  /** After a rotation the previous secret still signs (a second signature) this long. */
  previousSecretHours: 24,
  /** Characters of an answer's body the log keeps. */
  responseExcerptChars: 1_000,
  maxEndpointsPerCompany: 20,
  urlMaxLength: 2_000,
  descriptionMaxLength: 200,
  /** The log is kept this long. */
  logDays: 14,
  /** A delivery's positions go to an endpoint at most once in this many seconds (the newest then). */
  positionEverySeconds: 30,
} as const;

export const WEBHOOK_TEXTS = {
  privateTarget:
    'This address is inside a private network (loopback, private, link-local or similar): webhooks go only to public addresses.',
  unresolvable: 'This host name does not resolve: check the address.',
  disabled: (reason: string) => `Turned off: ${reason}`,
} as const;

const HttpUrlSchema = z
  .string()
  .trim()
  .max(WEBHOOK.urlMaxLength, `Use at most ${WEBHOOK.urlMaxLength} characters.`)
  .url('Enter the full address, starting with https://.')
  .refine((u) => /^https?:\/\//i.test(u), 'Use an http:// or https:// address.');

export const WebhookEndpointSchema = z.object({
  uuid: UuidSchema,
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  isEnabled: z.boolean(),
  /** Why the server turned it off (it kept failing); null when on, or turned off by an admin. */
  disabledReason: z.string().nullable(),
  /** The secret's first characters (`whsec_Ab3x`): the whole secret is shown at creation and at rotation only. */
  secretPrefix: z.string(),
  /** Until when the previous secret still signs, after a rotation. */
  previousSecretExpiresAt: IsoDateTimeSchema.nullable(),
  /** Messages waiting to be sent (or retried). */
  pending: z.number().int().nonnegative(),
  lastAttempt: z
    .object({ at: IsoDateTimeSchema, statusCode: z.number().int().nullable(), ok: z.boolean() })
    .nullable(),
  createdAt: IsoDateTimeSchema,
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

export const WebhookEndpointWithSecretSchema = WebhookEndpointSchema.extend({ secret: z.string() });
export type WebhookEndpointWithSecret = z.infer<typeof WebhookEndpointWithSecretSchema>;

export const CreateWebhookEndpointBodySchema = z.object({
  url: HttpUrlSchema,
  description: z
    .string()
    .trim()
    .max(WEBHOOK.descriptionMaxLength, `Use at most ${WEBHOOK.descriptionMaxLength} characters.`)
    .default(''),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES, 'Choose among the events listed.'))
    .min(1, 'Choose at least one event.')
    .refine((e) => new Set(e).size === e.length, 'Each event once.'),
});
export type CreateWebhookEndpointBody = z.input<typeof CreateWebhookEndpointBodySchema>;

export const UpdateWebhookEndpointBodySchema = CreateWebhookEndpointBodySchema.partial().extend({
  /** Turning an endpoint on again sends what waits for it. */
  isEnabled: z.boolean().optional(),
});
export type UpdateWebhookEndpointBody = z.input<typeof UpdateWebhookEndpointBodySchema>;

/** One try at sending one message, as the log shows it. */
export const WebhookAttemptSchema = z.object({
  uuid: UuidSchema,
  messageUuid: UuidSchema,
  eventType: z.string(),
  attempt: z.number().int().positive(),
  at: IsoDateTimeSchema,
  /** Null when no answer came (a time-out, a refused connection, a refused address). */
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int().nonnegative(),
  ok: z.boolean(),
  error: z.string().nullable(),
  /** The answer's first characters. */
  responseExcerpt: z.string(),
  /** The body sent (the same for every try of a message). */
  body: z.string(),
  /** The message's state now: `pending` (a try is due), `delivered`, `failed` (its tries ran out). */
  messageStatus: z.enum(['pending', 'delivered', 'failed']),
});
export type WebhookAttempt = z.infer<typeof WebhookAttemptSchema>;

export const WebhookParamsSchema = CompanyParamsSchema.extend({ webhookUuid: UuidSchema });
export const WebhookMessageParamsSchema = WebhookParamsSchema.extend({ messageUuid: UuidSchema });

/** A message queued (a test, or one sent again). */
export const WebhookMessageSchema = z.object({
  uuid: UuidSchema,
  eventType: z.string(),
  createdAt: IsoDateTimeSchema,
});

const w = '/c/:companySlug/admin/webhook';

export const webhookCalls = {
  listWebhookEndpoints: defineCall({
    method: 'GET',
    path: w,
    summary: "The company's webhook endpoints (never their secrets)",
    params: CompanyParamsSchema,
    data: z.array(WebhookEndpointSchema),
  }),
  createWebhookEndpoint: defineCall({
    method: 'POST',
    path: w,
    summary: 'Registers an endpoint; the answer carries its signing secret, shown this once',
    params: CompanyParamsSchema,
    body: CreateWebhookEndpointBodySchema,
    data: WebhookEndpointWithSecretSchema,
    status: 201,
  }),
  updateWebhookEndpoint: defineCall({
    method: 'PATCH',
    path: `${w}/:webhookUuid`,
    summary: "Changes an endpoint's address, description or events, or turns it off or on",
    params: WebhookParamsSchema,
    body: UpdateWebhookEndpointBodySchema,
    data: WebhookEndpointSchema,
  }),
  deleteWebhookEndpoint: defineCall({
    method: 'DELETE',
    path: `${w}/:webhookUuid`,
    summary: 'Deletes an endpoint with its waiting messages and its log',
    params: WebhookParamsSchema,
    data: z.object({ uuid: UuidSchema }),
  }),
  rotateWebhookSecret: defineCall({
    method: 'POST',
    path: `${w}/:webhookUuid/rotate-secret`,
    summary: `A new signing secret, shown this once; the previous one also signs for ${WEBHOOK.previousSecretHours} hours`,
    params: WebhookParamsSchema,
    data: WebhookEndpointWithSecretSchema,
  }),
  sendTestWebhook: defineCall({
    method: 'POST',
    path: `${w}/:webhookUuid/test`,
    summary: `Sends the endpoint a ${WEBHOOK_TEST_EVENT} message now`,
    params: WebhookParamsSchema,
    data: WebhookMessageSchema,
    status: 201,
  }),
  listWebhookAttempts: defineCall({
    method: 'GET',
    path: `${w}/:webhookUuid/attempts`,
    summary: "The endpoint's log: each try at sending a message, newest first",
    params: WebhookParamsSchema,
    query: PageQuerySchema,
    data: z.array(WebhookAttemptSchema),
    paginated: true,
  }),
  resendWebhookMessage: defineCall({
    method: 'POST',
    path: `${w}/:webhookUuid/messages/:messageUuid/resend`,
    summary: 'Sends a message again now, whatever its state, with the same event id and body',
    params: WebhookMessageParamsSchema,
    data: WebhookMessageSchema,
    status: 201,
  }),
};
