import { AUCTION } from '@courier/contract';
import type { Db } from '../../db/client.js';
import type { JobDefinition } from '../../db/jobs/job-runner.js';
import { expireAuctions } from './auctions.service.js';

/**
 * Auctions past their award deadline are expired every minute by one process (decision 055; was a timer in each).
 * The answers already treat an auction past its deadline as expired (decision 026): the job records it and tells.
 */
export function expireAuctionsJob(db: Db): JobDefinition {
  return {
    name: 'marketplace.expire-auctions',
    cron: AUCTION.sweepCron,
    policy: 'stately',
    retryLimit: 1,
    handle: async () => {
      await expireAuctions(db);
    },
  };
}
