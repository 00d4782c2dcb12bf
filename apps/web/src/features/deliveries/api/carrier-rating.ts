import { auctionCalls, type CarrierRatingBody } from '@courier/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { deliveryKeys } from '../../../lib/delivery-keys';
import { notifySuccess } from '../../../lib/notifications';

const ratingKey = (slug: string, deliveryUuid: string) =>
  deliveryKeys.part(slug, deliveryUuid, 'carrier-rating');

/** GET delivery/:uuid/carrier-rating: the company carrying it (null when the owner runs it) and the owner's rating. */
export function useCarrierRating(slug: string, deliveryUuid: string) {
  return useQuery({
    queryKey: ratingKey(slug, deliveryUuid),
    queryFn: ({ signal }) =>
      callApi(auctionCalls.getCarrierRating, { params: { companySlug: slug, deliveryUuid }, signal }),
  });
}

/** POST delivery/:uuid/carrier-rating: once, after completion (409 with the reason otherwise). */
export function useRateCarrier(slug: string, deliveryUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CarrierRatingBody) =>
      callApi(auctionCalls.rateCarrier, { params: { companySlug: slug, deliveryUuid }, body }),
    onSuccess: (rating) => {
      void queryClient.invalidateQueries({ queryKey: ratingKey(slug, deliveryUuid) });
      notifySuccess('Carrier Rated', `Thank you: your rating of ${rating.carrier.name} is saved.`);
    },
  });
}
