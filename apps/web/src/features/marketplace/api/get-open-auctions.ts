import { auctionCalls } from '@courier/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApiPage } from '../../../lib/api-client';
import { auctionKeys } from '../../../lib/auction-keys';

type Query = Record<string, string | number | undefined>;

/** GET auction/open: the auctions my courier company may bid on, with its suggested price (403 for a shipper). */
export const getOpenAuctions = (slug: string, query: Query, signal?: AbortSignal) =>
  callApiPage(auctionCalls.getOpenAuctions, { params: { companySlug: slug }, query, signal, silent: true });

export function useOpenAuctions(slug: string, query: Query) {
  return useQuery({
    queryKey: auctionKeys.open(slug, query),
    queryFn: ({ signal }) => getOpenAuctions(slug, query, signal),
    placeholderData: keepPreviousData,
    // A 403 (a shipper) will not change by asking again.
    retry: (count, error) => count < 2 && !('statusCode' in error && error.statusCode === 403),
  });
}
