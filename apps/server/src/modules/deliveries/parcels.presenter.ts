import type { OriginatorAccount } from '@courier/contract';
import type { OriginatorAccountRow } from './parcels.queries.js';

export function presentOriginatorAccount(r: OriginatorAccountRow): OriginatorAccount {
  return {
    uuid: r.id,
    originatorSlug: r.originatorSlug,
    name: r.name,
    ...(r.externalId ? { externalId: r.externalId } : {}),
  };
}
