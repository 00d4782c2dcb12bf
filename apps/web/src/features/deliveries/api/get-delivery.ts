import { deliveryCalls } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { deliveryKeys } from '../../../lib/delivery-keys';
import { followInterval } from './follow-delivery';

export const getDelivery = (slug: string, deliveryUuid: string, signal?: AbortSignal) =>
  callApi(deliveryCalls.getDelivery, { params: { companySlug: slug, deliveryUuid }, signal, silent: true });

export const deliveryQueryOptions = (slug: string, deliveryUuid: string) =>
  queryOptions({
    queryKey: deliveryKeys.one(slug, deliveryUuid),
    queryFn: ({ signal }) => getDelivery(slug, deliveryUuid, signal),
  });

/** One delivery with its next status options, looked at again while it is unfinished and the page is visible. */
export function useDelivery(slug: string, deliveryUuid: string) {
  return useQuery({
    ...deliveryQueryOptions(slug, deliveryUuid),
    refetchInterval: (query) => followInterval(query.state.data),
    refetchOnWindowFocus: true,
  });
}
