import { deliveryCalls } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { deliveryKeys } from '../../../lib/delivery-keys';

/**
 * GET delivery/recipient: what the recipient wrote from the tracking page (instructions, rating). Its key is the
 * delivery's `recipient` part, which the live `delivery.recipient` event asks again (apply-live-event.ts).
 */
export const getRecipientInput = (slug: string, deliveryUuid: string, signal?: AbortSignal) =>
  callApi(deliveryCalls.getRecipientInput, {
    params: { companySlug: slug },
    query: { deliveryUuid },
    signal,
    silent: true,
  });

export const recipientInputQueryOptions = (slug: string, deliveryUuid: string) =>
  queryOptions({
    queryKey: deliveryKeys.part(slug, deliveryUuid, 'recipient'),
    queryFn: ({ signal }) => getRecipientInput(slug, deliveryUuid, signal),
  });

export function useRecipientInput(slug: string, deliveryUuid: string) {
  return useQuery(recipientInputQueryOptions(slug, deliveryUuid));
}
