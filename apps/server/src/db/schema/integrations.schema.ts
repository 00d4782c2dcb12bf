import type { ApiKeyScope } from '@courier/contract';
import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz } from './columns.js';
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
