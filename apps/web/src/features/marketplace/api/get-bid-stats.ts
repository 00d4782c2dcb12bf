import { auctionCalls } from '@courier/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { auctionKeys } from '../../../lib/auction-keys';
import { browserTimeZone } from '../../../lib/time-zone';

/** GET auction/stats: my courier company's bids by state, win rate and won revenue this month (in my time zone). */
export function useBidStats(slug: string) {
  const tz = browserTimeZone();
  return useQuery({
    queryKey: auctionKeys.stats(slug, tz),
    queryFn: ({ signal }) =>
      callApi(auctionCalls.getBidStats, {
        params: { companySlug: slug },
        query: { tz },
        signal,
        silent: true,
      }),
  });
}
