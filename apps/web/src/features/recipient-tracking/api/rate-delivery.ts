import { trackingCalls, type PublicTracking, type RecipientRatingBody } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { trackingQueryKey } from './get-tracking';

/** POST /track/:token/rating: once, after delivery (409 before, and on a second). */
export const rateDelivery = (token: string, body: RecipientRatingBody) =>
  callApi(trackingCalls.rateTrackedDelivery, { params: { token }, body, silent: true });

/** Sends the recipient's rating and writes it into the page's answer, which then shows it instead of the form. */
export function useRateDelivery(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RecipientRatingBody) => rateDelivery(token, body),
    onSuccess: (rating) =>
      queryClient.setQueryData<PublicTracking>(trackingQueryKey(token), (old) => old && { ...old, rating }),
    onError: () => void queryClient.invalidateQueries({ queryKey: trackingQueryKey(token) }),
  });
}
