import { deliveryCalls } from '@courier/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApiPage } from '../../../lib/api-client';
import { deliveryKeys } from '../../../lib/delivery-keys';

export type DeliveryListParams = Record<string, string | number | undefined>;

/** GET delivery: one page of deliveries (search, status, from, to, driver, sort, order, page, per_page). */
export const listDeliveries = (slug: string, query: DeliveryListParams, signal?: AbortSignal) =>
  callApiPage(deliveryCalls.listDeliveries, { params: { companySlug: slug }, query, signal, silent: true });

export const deliveriesQueryOptions = (slug: string, query: DeliveryListParams) =>
  queryOptions({
    queryKey: deliveryKeys.list(slug, query),
    queryFn: ({ signal }) => listDeliveries(slug, query, signal),
  });

export function useDeliveries(slug: string, query: DeliveryListParams) {
  return useQuery({ ...deliveriesQueryOptions(slug, query), placeholderData: keepPreviousData });
}
