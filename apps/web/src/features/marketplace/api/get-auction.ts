import { auctionCalls } from '@courier/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { auctionKeys } from '../../../lib/auction-keys';

/** GET auction/:uuid: for the shipper with every bid, for a courier with its own. */
export const getAuction = (slug: string, auctionUuid: string, signal?: AbortSignal) =>
  callApi(auctionCalls.getAuction, { params: { companySlug: slug, auctionUuid }, signal, silent: true });

export function useAuction(slug: string, auctionUuid: string) {
  return useQuery({
    queryKey: auctionKeys.one(slug, auctionUuid),
    queryFn: ({ signal }) => getAuction(slug, auctionUuid, signal),
    retry: (count, error) =>
      count < 2 && !('statusCode' in error && (error.statusCode === 404 || error.statusCode === 403)),
  });
}
