import type { DbOrTx } from '../db/client.js';
import type { JobDefinition } from '../db/jobs/job-runner.js';
import { deleteExpiredRateLimits } from './rate-limit.queries.js';

/**
 * The database's counters past their window, deleted every five minutes by one process (decision 058): the table
 * holds the keys of the last few minutes only. With REDIS_URL the table stays empty (Redis expires its own keys).
 */
export function purgeRateLimitsJob(db: DbOrTx): JobDefinition {
  return {
    name: 'rate-limits.purge-expired',
    cron: '*/5 * * * *',
    policy: 'stately',
    retryLimit: 1,
    handle: () => deleteExpiredRateLimits(db),
  };
}
