import { auctionCalls, type Auction, type PlaceBidBody } from '@courier/contract';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { auctionKeys } from '../../../lib/auction-keys';
import { notifySuccess } from '../../../lib/notifications';

/** PUT auction/:uuid/bid: place or revise my bid while the auction is open. */
export const putMyBid = (slug: string, auctionUuid: string, body: PlaceBidBody) =>
  callApi(auctionCalls.putMyBid, { params: { companySlug: slug, auctionUuid }, body });

/** The answer is the auction as I now see it: stored at once, every list refetched. */
export function storeAuction(queryClient: QueryClient, slug: string, auction: Auction): void {
  queryClient.setQueryData(auctionKeys.one(slug, auction.uuid), auction);
  void queryClient.invalidateQueries({ queryKey: auctionKeys.all(slug) });
}

export function usePutMyBid(slug: string, auctionUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlaceBidBody) => putMyBid(slug, auctionUuid, body),
    onSuccess: (auction) => {
      storeAuction(queryClient, slug, auction);
      notifySuccess('Bid Saved', `Your bid of ${auction.myBid?.price.priceString ?? ''} is in.`);
    },
  });
}
