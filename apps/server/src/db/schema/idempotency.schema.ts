import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, tstz } from './columns.js';
import { users } from './identity.schema.js';

/**
 * Idempotency keys of replayable writes (decision 019): one row per user and key, claimed when the first request
 * with the key starts (`status_code` null while it runs) and holding its answer once it has one, so a repeat gets
 * that answer instead of a second effect. Rows older than IDEMPOTENCY.retentionHours are purged.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** Method and URL of the first request: a repeat elsewhere is another request. */
    method: text('method').notNull(),
    url: text('url').notNull(),
    /** SHA-256 of the body (JSON, canonical) or of the multipart parts as the route read them; null until known. */
    bodyHash: text('body_hash'),
    statusCode: integer('status_code'),
    contentType: text('content_type'),
    body: text('body'),
    /** When the key was claimed (or taken over from an abandoned claim). */
    claimedAt: tstz('claimed_at').notNull(),
    completedAt: tstz('completed_at'),
  },
  (t) => [
    uniqueIndex('idempotency_keys_user_key_unique').on(t.userId, t.key),
    index('idempotency_keys_claimed_idx').on(t.claimedAt),
  ],
);
