import { jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns.js';

/**
 * The geocoder's answers (decision 060), by provider, kind (`search`, `reverse`) and normalised query: the same
 * question is asked of the provider once while its answer is fresh, so an import of 5,000 rows naming 300 addresses
 * asks 300 times, and the address search does not ask again for the letters typed a moment ago. Purged by age.
 */
export const geocodeCache = pgTable(
  'geocode_cache',
  {
    provider: text('provider').notNull(),
    kind: text('kind', { enum: ['search', 'reverse'] }).notNull(),
    query: text('query').notNull(),
    answer: jsonb('answer').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.kind, t.query] })],
);
