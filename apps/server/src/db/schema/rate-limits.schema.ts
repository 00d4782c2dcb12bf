import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns.js';

/**
 * The rate limits' counters shared by every server process (decision 058): one row per limited key (the limit and
 * its client, `POST /api/v1/login|login:…`), counting the requests of the fixed window that ends at `reset_at`. A
 * request after `reset_at` starts a new window in the same statement; rows past it are purged by a job. The table is
 * UNLOGGED (migration 0030): counters are not worth a WAL write and an fsync per sign-in, and a crash that empties
 * them gives back at most a minute's attempts.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: tstz('reset_at').notNull(),
});
