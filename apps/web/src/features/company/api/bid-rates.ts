import { auctionCalls, type BidRates } from '@courier/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { auctionKeys } from '../../../lib/auction-keys';
import { notifySuccess } from '../../../lib/notifications';
import { bidRatesQueryOptions } from '../../../lib/session/company-depot';

/** PUT bid-rates. */
export const putBidRates = (slug: string, body: BidRates) =>
  callApi(auctionCalls.putBidRates, { params: { companySlug: slug }, body });

export function useBidRates(slug: string, enabled: boolean) {
  return useQuery({ ...bidRatesQueryOptions(slug), enabled });
}

export function usePutBidRates(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BidRates) => putBidRates(slug, body),
    onSuccess: (rates) => {
      queryClient.setQueryData(auctionKeys.bidRates(slug), rates);
      // Suggested prices and distances from the depot change with them.
      void queryClient.invalidateQueries({ queryKey: auctionKeys.all(slug) });
      notifySuccess('Bid Rates Saved', 'Suggested prices on open bids now use these rates.');
    },
  });
}
