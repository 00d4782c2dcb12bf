import { deliveryCalls } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { deliveryKeys } from '../../../lib/delivery-keys';
import { notifySuccess } from '../../../lib/notifications';

export interface QuoteBody {
  priceMinor: number;
  currencyCode: string;
  validUntil: string;
}

/** POST delivery/:uuid/quote. */
export const createQuote = (slug: string, deliveryUuid: string, body: QuoteBody) =>
  callApi(deliveryCalls.createQuote, { params: { companySlug: slug, deliveryUuid }, body });
/** POST delivery/quote/:quoteUuid/accept (not once expired). */
export const acceptQuote = (slug: string, quoteUuid: string) =>
  callApi(deliveryCalls.acceptQuote, { params: { companySlug: slug, quoteUuid } });
/** POST delivery/quote/:quoteUuid/reject. */
export const rejectQuote = (slug: string, quoteUuid: string) =>
  callApi(deliveryCalls.rejectQuote, { params: { companySlug: slug, quoteUuid } });

export function useCreateQuote(slug: string, deliveryUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: QuoteBody) => createQuote(slug, deliveryUuid, body),
    onSuccess: (quote) => {
      void queryClient.invalidateQueries({ queryKey: deliveryKeys.one(slug, deliveryUuid) });
      notifySuccess('Quote Created', `A quote of ${quote.price.priceString} has been added.`);
    },
  });
}

export function useAnswerQuote(slug: string, deliveryUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ quoteUuid, accept }: { quoteUuid: string; accept: boolean }) =>
      accept ? acceptQuote(slug, quoteUuid) : rejectQuote(slug, quoteUuid),
    onSuccess: (quote, { accept }) => {
      void queryClient.invalidateQueries({ queryKey: deliveryKeys.one(slug, deliveryUuid) });
      notifySuccess(
        accept ? 'Quote Accepted' : 'Quote Rejected',
        `The quote of ${quote.price.priceString} has been ${accept ? 'accepted' : 'rejected'}.`,
      );
    },
  });
}
