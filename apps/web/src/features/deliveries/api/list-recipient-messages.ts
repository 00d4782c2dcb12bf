import { recipientMessageCalls } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { deliveryKeys } from '../../../lib/delivery-keys';

/** A part of the delivery's key: its status events and `recipient.message` events refetch it (applyLiveSignal). */
export const recipientMessagesKey = (slug: string, deliveryUuid: string) =>
  deliveryKeys.part(slug, deliveryUuid, 'recipient-messages');

/** GET admin/delivery/:uuid/recipient-message: what its recipients were sent, newest first. */
export const listDeliveryRecipientMessages = (slug: string, deliveryUuid: string, signal?: AbortSignal) =>
  callApi(recipientMessageCalls.listDeliveryRecipientMessages, {
    params: { companySlug: slug, deliveryUuid },
    signal,
    silent: true,
  });

export const deliveryRecipientMessagesQueryOptions = (slug: string, deliveryUuid: string) =>
  queryOptions({
    queryKey: recipientMessagesKey(slug, deliveryUuid),
    queryFn: ({ signal }) => listDeliveryRecipientMessages(slug, deliveryUuid, signal),
  });

export function useDeliveryRecipientMessages(slug: string, deliveryUuid: string) {
  return useQuery(deliveryRecipientMessagesQueryOptions(slug, deliveryUuid));
}
