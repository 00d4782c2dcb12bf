import { auctionCalls } from '@courier/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApiPage } from '../../../lib/api-client';
import { auctionKeys } from '../../../lib/auction-keys';

/** GET auction?side=: the auctions my company published (`owner`) or bid on (`bidder`). */
export const getMyAuctions = (
  slug: string,
  query: { side: 'owner' | 'bidder'; page?: number; per_page?: number },
  signal?: AbortSignal,
) => callApiPage(auctionCalls.getMyAuctions, { params: { companySlug: slug }, query, signal, silent: true });

export function useMyAuctions(slug: string, side: 'owner' | 'bidder', page = 1, perPage = 100) {
  const query = { side, page, per_page: perPage };
  return useQuery({
    queryKey: auctionKeys.mine(slug, query),
    queryFn: ({ signal }) => getMyAuctions(slug, query, signal),
    placeholderData: keepPreviousData,
  });
}
