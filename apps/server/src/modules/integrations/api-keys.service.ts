import { API_KEY, type CreateApiKeyBody, type CreatedApiKey } from '@courier/contract';
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../lib/app-error.js';
import { hashSecret } from '../../lib/secure-token.js';
import { presentApiKey } from './api-keys.presenter.js';
import { countActiveApiKeys, findApiKeyRow, insertApiKey, revokeApiKeyRow } from './api-keys.queries.js';

/** A new key's secret: the recognisable prefix, then 256 random bits (base64url). */
export function newApiKeySecret(): string {
  return `${API_KEY.prefix}${randomBytes(API_KEY.secretBytes).toString('base64url')}`;
}

/**
 * Creates a key for the company: its secret is answered this once and kept only as its hash. A company holds at most
 * API_KEY.maxActivePerCompany unrevoked keys (409: revoke one first).
 */
export async function createApiKey(
  db: Db,
  opts: { companyId: string; userId: string | null; body: CreateApiKeyBody },
): Promise<CreatedApiKey> {
  const secret = newApiKeySecret();
  const id = await db.transaction(async (tx) => {
    if ((await countActiveApiKeys(tx, opts.companyId)) >= API_KEY.maxActivePerCompany)
      throw conflict(
        `A company holds at most ${API_KEY.maxActivePerCompany} API keys at once: revoke one it no longer uses first.`,
      );
    return insertApiKey(tx, {
      companyId: opts.companyId,
      name: opts.body.name,
      prefix: secret.slice(0, API_KEY.shownChars),
      tokenHash: hashSecret(secret),
      scopes: opts.body.scopes,
      ratePerSecond: opts.body.ratePerSecond ?? API_KEY.defaultRatePerSecond,
      expiresAt: opts.body.expiresAt ? new Date(opts.body.expiresAt) : null,
      createdByUserId: opts.userId,
    });
  });
  const row = await findApiKeyRow(db, opts.companyId, id);
  return { ...presentApiKey(row!), secret };
}

/** Revokes one of the company's keys (again: a no-op answering it); another company's is not found. */
export async function revokeApiKey(db: Db, companyId: string, id: string) {
  if (!(await revokeApiKeyRow(db, companyId, id))) throw notFound('API key');
  const row = await findApiKeyRow(db, companyId, id);
  return presentApiKey(row!);
}
