import { inboxCalls } from '@courier/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { inboxKeys } from '../../../lib/inbox-keys';

/** GET delivery/:uuid/messages: the delivery's thread, null before its first message (404 to a stranger). */
export function useDeliveryThread(slug: string, deliveryUuid: string | null) {
  return useQuery({
    queryKey: inboxKeys.deliveryThread(slug, deliveryUuid ?? ''),
    queryFn: ({ signal }) =>
      callApi(inboxCalls.getDeliveryThread, {
        params: { companySlug: slug, deliveryUuid: deliveryUuid ?? '' },
        signal,
        silent: true,
      }),
    enabled: deliveryUuid !== null,
    retry: false,
  });
}
