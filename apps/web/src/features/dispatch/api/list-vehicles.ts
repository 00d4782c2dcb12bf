import { fleetCalls } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApiPage } from '../../../lib/api-client';
import { dispatchKeys } from './keys';

/** GET vehicle?per_page=100: the company's vehicles to give a route or a driver, by name. */
export const listDispatchVehicles = (slug: string, signal?: AbortSignal) =>
  callApiPage(fleetCalls.listVehicles, {
    params: { companySlug: slug },
    query: { per_page: 100, sort: 'name', order: 'asc' },
    signal,
    silent: true,
  }).then((page) => page.data);

export const dispatchVehiclesQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: dispatchKeys.vehicles(slug),
    queryFn: ({ signal }) => listDispatchVehicles(slug, signal),
  });

export function useDispatchVehicles(slug: string, enabled = true) {
  return useQuery({ ...dispatchVehiclesQueryOptions(slug), enabled });
}
