import type { ApiKeyScope } from '@courier/contract';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.js';
import { apiKeys, companies, companyDeliveryVersions } from '../db/schema/index.js';
import { hashSecret } from '../lib/secure-token.js';

/**
 * Who is calling with an API key (decision 065): the key with its company, in one prepared statement on every call,
 * so a revoked or expired key is refused at once by every process (there is no cache to forget).
 */
function prepareApiKeyQueries(db: Db) {
  return db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      scopes: apiKeys.scopes,
      ratePerSecond: apiKeys.ratePerSecond,
      lastUsedAt: apiKeys.lastUsedAt,
      lastUsedAddress: apiKeys.lastUsedAddress,
      companyId: companies.id,
      companySlug: companies.slug,
      companyTypeSlug: companies.companyTypeSlug,
      companyIsActive: companies.isActive,
      deliveriesVersion: companyDeliveryVersions.version,
    })
    .from(apiKeys)
    .innerJoin(companies, eq(companies.id, apiKeys.companyId))
    .leftJoin(companyDeliveryVersions, eq(companyDeliveryVersions.companyId, companies.id))
    .where(
      and(
        eq(apiKeys.tokenHash, sql.placeholder('tokenHash')),
        isNull(apiKeys.revokedAt),
        or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, sql.placeholder('now'))),
      ),
    )
    .prepare('find_api_key_caller');
}

const statements = new WeakMap<Db, ReturnType<typeof prepareApiKeyQueries>>();

export interface ApiKeyCaller {
  id: string;
  name: string;
  scopes: ApiKeyScope[];
  ratePerSecond: number;
  companyId: string;
  companySlug: string;
  companyTypeSlug: string;
  deliveriesVersion: number;
}

/** The live key of a secret, of an active company; undefined for a secret revoked, expired or never issued. */
export async function findApiKeyCaller(db: Db, secret: string, address: string) {
  let statement = statements.get(db);
  if (!statement) {
    statement = prepareApiKeyQueries(db);
    statements.set(db, statement);
  }
  const [row] = await statement.execute({ tokenHash: hashSecret(secret), now: new Date() });
  if (!row?.companyIsActive) return undefined;
  const caller: ApiKeyCaller = {
    id: row.id,
    name: row.name,
    scopes: row.scopes,
    ratePerSecond: row.ratePerSecond,
    companyId: row.companyId,
    companySlug: row.companySlug,
    companyTypeSlug: row.companyTypeSlug,
    deliveriesVersion: row.deliveriesVersion ?? 0,
  };
  const stale = !row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > TOUCH_EVERY_MS;
  return { caller, touch: stale || row.lastUsedAddress !== address };
}

/** A key's last use is written at most once a minute, or when the address it is called from changes. */
const TOUCH_EVERY_MS = 60_000;

export async function touchApiKey(db: DbOrTx, id: string, address: string) {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: new Date(), lastUsedAddress: address })
    .where(eq(apiKeys.id, id));
}
