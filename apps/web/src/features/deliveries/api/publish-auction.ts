import { AUCTION, auctionCalls, type PublishAuctionBody } from '@courier/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, callApiPage } from '../../../lib/api-client';
import { auctionKeys } from '../../../lib/auction-keys';
import { deliveryKeys } from '../../../lib/delivery-keys';
import { notifySuccess } from '../../../lib/notifications';

/** POST delivery/:uuid/auction: offer the delivery for bids (409 with the reason when it cannot be). */
export const publishAuction = (slug: string, deliveryUuid: string, body: PublishAuctionBody) =>
  callApi(auctionCalls.publishAuction, { params: { companySlug: slug, deliveryUuid }, body });

export function usePublishAuction(slug: string, deliveryUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PublishAuctionBody) => publishAuction(slug, deliveryUuid, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: auctionKeys.all(slug) });
      void queryClient.invalidateQueries({ queryKey: deliveryKeys.one(slug, deliveryUuid) });
      notifySuccess(
        'Offered for Bids',
        'Matching courier companies are told; their bids show on the auction.',
      );
    },
  });
}

const OPEN_OWNED = { side: 'owner', state: 'open', per_page: AUCTION.pageMax } as const;

/** This delivery's open auction, if it has one (among my company's open auctions: the latest page of them). */
export function useOpenAuctionOf(slug: string, deliveryUuid: string, enabled: boolean) {
  return useQuery({
    queryKey: auctionKeys.mine(slug, OPEN_OWNED),
    queryFn: ({ signal }) =>
      callApiPage(auctionCalls.getMyAuctions, {
        params: { companySlug: slug },
        query: OPEN_OWNED,
        signal,
        silent: true,
      }),
    select: (page) => page.data.find((a) => a.delivery?.uuid === deliveryUuid) ?? null,
    enabled,
  });
}
