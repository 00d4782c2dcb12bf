import { auctionCalls } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { deliveryKeys } from '../../../lib/delivery-keys';
import { notifySuccess } from '../../../lib/notifications';
import { storeAuction } from './put-my-bid';

/** POST auction/:uuid/award: accept one bid; its courier becomes the delivery's carrier. */
export const awardAuction = (slug: string, auctionUuid: string, bidUuid: string) =>
  callApi(auctionCalls.awardAuction, { params: { companySlug: slug, auctionUuid }, body: { bidUuid } });

export function useAwardAuction(slug: string, auctionUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bidUuid: string) => awardAuction(slug, auctionUuid, bidUuid),
    onSuccess: (auction) => {
      storeAuction(queryClient, slug, auction);
      // The delivery has a carrier and an accepted quote now.
      void queryClient.invalidateQueries({ queryKey: deliveryKeys.all(slug) });
      const won = auction.bids?.find((b) => b.uuid === auction.awardedBidUuid);
      notifySuccess('Bid Accepted', `${won?.bidder.name ?? 'The courier'} will carry this delivery.`);
    },
  });
}
