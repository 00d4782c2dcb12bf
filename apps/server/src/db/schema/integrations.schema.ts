import type { ApiKeyScope, WebhookEventType } from '@courier/contract';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz, updatedAt } from './columns.js';
import { companies, users } from './identity.schema.js';

/**
 * A company's API keys (decision 065). The secret is kept only as its SHA-256 (it is 256 random bits: no slow hash is
 * needed against guessing), its first characters in clear to tell keys apart. A revoked key keeps its row (the
 * deliveries it wrote still name it) and is refused at once: every call reads the row, on whichever process.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    scopes: text('scopes').array().$type<ApiKeyScope[]>().notNull(),
    ratePerSecond: integer('rate_per_second').notNull(),
    expiresAt: tstz('expires_at'),
    lastUsedAt: tstz('last_used_at'),
    lastUsedAddress: text('last_used_address'),
    revokedAt: tstz('revoked_at'),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('api_keys_company_idx').on(t.companyId, t.createdAt)],
);

/**
 * A company's webhook endpoints (decision 066). The signing secret is kept in clear: the server needs it to sign
 * (an HMAC key, unlike a password); it is shown to admins at creation and rotation only. After a rotation the previous
 * secret also signs until `previous_secret_expires_at`.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events').array().$type<WebhookEventType[]>().notNull(),
    secret: text('secret').notNull(),
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: tstz('previous_secret_expires_at'),
    isEnabled: boolean('is_enabled').notNull().default(true),
    disabledReason: text('disabled_reason'),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhook_endpoints_company_idx').on(t.companyId, t.createdAt)],
);

/**
 * One message for one endpoint: its body is fixed when the event is consumed (the event id is its `webhook-id`, for
 * the receiver's deduplication). `order_key` (the delivery or auction) keeps an endpoint's messages about one thing
 * in order: one is sent only once every earlier pending one of the same key is sent. `lease_until`: a sender has
 * claimed it until then (a sender that died lets it go at that time).
 */
export const webhookMessages = pgTable(
  'webhook_messages',
  {
    id: id(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    orderKey: text('order_key').notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tstz('next_attempt_at').notNull().defaultNow(),
    leaseUntil: tstz('lease_until'),
    deliveredAt: tstz('delivered_at'),
    createdAt: createdAt(),
  },
  (t) => [
    // The sender's scan: due messages of enabled endpoints, oldest first.
    index('webhook_messages_due_idx').on(t.nextAttemptAt).where(sql`status = 'pending'`),
    // The order check: an earlier pending message of the same endpoint and key.
    index('webhook_messages_order_idx')
      .on(t.endpointId, t.orderKey, t.seq)
      .where(sql`status = 'pending'`),
    index('webhook_messages_endpoint_idx').on(t.endpointId, t.createdAt),
  ],
);

/** Each try at sending a message: the endpoint's log. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: id(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => webhookMessages.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    ok: boolean('ok').notNull(),
    error: text('error'),
    responseExcerpt: text('response_excerpt').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_attempts_endpoint_idx').on(t.endpointId, t.createdAt)],
);
