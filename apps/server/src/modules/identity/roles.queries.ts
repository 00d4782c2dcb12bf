import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { roles } from '../../db/schema/index.js';

export async function listRolesBySlugs(db: DbOrTx, slugs: string[]) {
  if (slugs.length === 0) return [];
  return db
    .select({ id: roles.id, slug: roles.slug, name: roles.name, permissions: roles.permissions })
    .from(roles)
    .where(inArray(roles.slug, slugs));
}
