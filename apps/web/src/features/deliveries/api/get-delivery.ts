import { deliveryCalls } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { deliveryKeys } from '../../../lib/delivery-keys';
import { useLiveConnected } from '../../../lib/live';
import { followInterval } from './follow-delivery';

export const getDelivery = (slug: string, deliveryUuid: string, signal?: AbortSignal) =>
  callApi(deliveryCalls.getDelivery, { params: { companySlug: slug, deliveryUuid }, signal, silent: true });

export const deliveryQueryOptions = (slug: string, deliveryUuid: string) =>
  queryOptions({
    queryKey: deliveryKeys.one(slug, deliveryUuid),
    queryFn: ({ signal }) => getDelivery(slug, deliveryUuid, signal),
  });

/**
 * One delivery with its next status options. The live stream refreshes it when someone else moves it; while the
 * stream is down it is looked at again every FOLLOW_DELIVERY_MS instead (unfinished, page visible).
 */
export function useDelivery(slug: string, deliveryUuid: string) {
  const live = useLiveConnected();
  return useQuery({
    ...deliveryQueryOptions(slug, deliveryUuid),
    refetchInterval: (query) => (live ? false : followInterval(query.state.data)),
    refetchOnWindowFocus: true,
  });
}
