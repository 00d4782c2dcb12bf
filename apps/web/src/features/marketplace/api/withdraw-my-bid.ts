import { auctionCalls } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notifications';
import { storeAuction } from './put-my-bid';

/** DELETE auction/:uuid/bid: withdraw my bid while the auction is open. */
export const withdrawMyBid = (slug: string, auctionUuid: string) =>
  callApi(auctionCalls.withdrawMyBid, { params: { companySlug: slug, auctionUuid } });

export function useWithdrawMyBid(slug: string, auctionUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => withdrawMyBid(slug, auctionUuid),
    onSuccess: (auction) => {
      storeAuction(queryClient, slug, auction);
      notifySuccess('Bid Withdrawn', 'Your bid was withdrawn. You can bid again while the auction is open.');
    },
  });
}
