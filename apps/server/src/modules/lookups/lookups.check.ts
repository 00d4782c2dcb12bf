import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { LookupTable } from '../../db/schema/index.js';

/**
 * Slugs of a lookup list that do not exist, so a write can answer 422 naming the field rather than failing on the
 * foreign key.
 */
export async function unknownSlugs(
  db: DbOrTx,
  table: LookupTable,
  slugs: readonly string[],
): Promise<string[]> {
  const wanted = [...new Set(slugs)];
  if (wanted.length === 0) return [];
  const rows = await db.select({ slug: table.slug }).from(table).where(inArray(table.slug, wanted));
  const found = new Set(rows.map((r) => r.slug));
  return wanted.filter((s) => !found.has(s));
}
