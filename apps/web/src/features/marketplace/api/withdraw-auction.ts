import { auctionCalls } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notifications';
import { storeAuction } from './put-my-bid';

/** POST auction/:uuid/withdraw: take the offer back before the award (its bidders are told). */
export const withdrawAuction = (slug: string, auctionUuid: string) =>
  callApi(auctionCalls.withdrawAuction, { params: { companySlug: slug, auctionUuid } });

export function useWithdrawAuction(slug: string, auctionUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => withdrawAuction(slug, auctionUuid),
    onSuccess: (auction) => {
      storeAuction(queryClient, slug, auction);
      notifySuccess('Auction Withdrawn', 'The bidders have been told.');
    },
  });
}
