import type { ApiKey } from '@courier/contract';
import type { apiKeys } from '../../db/schema/index.js';
import { iso, isoOrNull } from '../../lib/dates.js';

export function presentApiKey(row: {
  key: typeof apiKeys.$inferSelect;
  createdByFirstName: string | null;
}): ApiKey {
  const k = row.key;
  return {
    uuid: k.id,
    name: k.name,
    prefix: k.prefix,
    scopes: k.scopes,
    ratePerSecond: k.ratePerSecond,
    expiresAt: isoOrNull(k.expiresAt),
    lastUsedAt: isoOrNull(k.lastUsedAt),
    lastUsedAddress: k.lastUsedAddress,
    revokedAt: isoOrNull(k.revokedAt),
    createdAt: iso(k.createdAt),
    createdByFirstName: row.createdByFirstName,
  };
}
