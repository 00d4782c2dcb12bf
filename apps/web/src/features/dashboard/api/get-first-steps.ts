import { deliveryCalls, driverCalls, fleetCalls } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, callApiPage } from '../../../lib/api-client';

export interface FirstStepCounts {
  vehicles: number;
  drivers: number;
  deliveries: number;
}

/** GET vehicle, GET driver/info and GET delivery, one row each: does the company have any yet (decision 029). */
export const getFirstSteps = async (slug: string, signal?: AbortSignal): Promise<FirstStepCounts> => {
  const params = { companySlug: slug };
  const [vehicles, drivers, deliveries] = await Promise.all([
    callApiPage(fleetCalls.listVehicles, { params, query: { per_page: 1 }, signal, silent: true }),
    callApi(driverCalls.listDriverInfo, { params, signal, silent: true }),
    callApiPage(deliveryCalls.listDeliveries, { params, query: { per_page: 1 }, signal, silent: true }),
  ]);
  return {
    vehicles: vehicles.meta.total,
    drivers: Object.keys(drivers).length,
    deliveries: deliveries.meta.total,
  };
};

export const firstStepsQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['dashboard', slug, 'first-steps'],
    queryFn: ({ signal }) => getFirstSteps(slug, signal),
  });

export function useFirstSteps(slug: string) {
  return useQuery(firstStepsQueryOptions(slug));
}
