import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, tstz } from './columns.js';
import { users } from './identity.schema.js';

/** A subject the policy let the key's first request act on (decision 057): asked again before a replay. */
export interface AskedSubject {
  kind: 'delivery' | 'auction';
  id: string;
}

/**
 * Idempotency keys of replayable writes (decisions 019 and 057): one row per user and key, claimed when the first
 * request with the key starts, marked applied in the very transaction that writes the request's change, and holding
 * its answer once it has one, so a repeat gets that answer instead of a second effect. Rows older than
 * IDEMPOTENCY.retentionHours are purged.
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
    /**
     * The server process that holds the claim (a random number per process; on PostgreSQL the process holds an
     * advisory lock on it while it lives). Null on claims made before decision 057.
     */
    owner: integer('owner'),
    /** Set in the transaction that wrote the request's change: the change and this mark commit together. */
    appliedAt: tstz('applied_at'),
    /** The deliveries and auctions the policy let the first request act on, asked again before a replay. */
    asked: jsonb('asked').$type<AskedSubject[]>(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_user_key_unique').on(t.userId, t.key),
    index('idempotency_keys_claimed_idx').on(t.claimedAt),
  ],
);
