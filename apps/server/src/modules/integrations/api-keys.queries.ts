import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { apiKeys, users } from '../../db/schema/index.js';

/** A key's row with its creator's first name, as the settings screen shows it. */
const keyColumns = {
  key: apiKeys,
  createdByFirstName: users.firstname,
};

export const listApiKeyRows = (db: DbOrTx, companyId: string) =>
  db
    .select(keyColumns)
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdByUserId))
    .where(eq(apiKeys.companyId, companyId))
    // Unrevoked first, then newest first.
    .orderBy(asc(sql`${apiKeys.revokedAt} is not null`), desc(apiKeys.createdAt), desc(apiKeys.id));

export async function findApiKeyRow(db: DbOrTx, companyId: string, id: string) {
  const [row] = await db
    .select(keyColumns)
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdByUserId))
    .where(and(eq(apiKeys.companyId, companyId), eq(apiKeys.id, id)));
  return row;
}

export async function countActiveApiKeys(db: DbOrTx, companyId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.companyId, companyId), isNull(apiKeys.revokedAt)));
  return row?.n ?? 0;
}

export async function insertApiKey(db: DbOrTx, values: typeof apiKeys.$inferInsert) {
  const [row] = await db.insert(apiKeys).values(values).returning({ id: apiKeys.id });
  return row!.id;
}

/** Revokes a key once: the first revocation's time is kept. Answers whether the key is the company's. */
export async function revokeApiKeyRow(db: DbOrTx, companyId: string, id: string) {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
    .where(and(eq(apiKeys.companyId, companyId), eq(apiKeys.id, id)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}
