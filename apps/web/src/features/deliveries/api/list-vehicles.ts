import { fleetCalls } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApiPage } from '../../../lib/api-client';
import { deliveryKeys } from '../../../lib/delivery-keys';

/** GET vehicle?per_page=100: the vehicles to choose from when linking one to a delivery. */
export const listVehiclesForDelivery = (slug: string, signal?: AbortSignal) =>
  callApiPage(fleetCalls.listVehicles, {
    params: { companySlug: slug },
    query: { per_page: 100, sort: 'name', order: 'asc' },
    signal,
    silent: true,
  }).then((page) => page.data);

export const deliveryVehiclesQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: deliveryKeys.vehicles(slug),
    queryFn: ({ signal }) => listVehiclesForDelivery(slug, signal),
  });

export function useDeliveryVehicles(slug: string) {
  return useQuery(deliveryVehiclesQueryOptions(slug));
}
