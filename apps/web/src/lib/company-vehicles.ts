import { fleetCalls } from '@courier/contract';
import { queryOptions } from '@tanstack/react-query';
import { callApiPage } from './api-client';
import { deliveryKeys } from './delivery-keys';

/**
 * GET vehicle?per_page=100: the company's vehicles by name, to choose one from (a delivery's assignment, a route or a
 * driver's usual vehicle on the dispatch board). One query for every picker, so they read it once.
 */
export const listCompanyVehicles = (slug: string, signal?: AbortSignal) =>
  callApiPage(fleetCalls.listVehicles, {
    params: { companySlug: slug },
    query: { per_page: 100, sort: 'name', order: 'asc' },
    signal,
    silent: true,
  }).then((page) => page.data);

export const companyVehiclesQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: deliveryKeys.vehicles(slug),
    queryFn: ({ signal }) => listCompanyVehicles(slug, signal),
  });
