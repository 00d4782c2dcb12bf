import { auctionCalls, deliveryCalls, driverCalls, fleetCalls } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, callApiPage } from '../../../lib/api-client';

export interface FirstStepCounts {
  vehicles: number;
  drivers: number;
  deliveries: number;
  /** A courier company's depot is set (the marketplace's suggested prices and nearby offers need it); null for a shipper. */
  depot: boolean | null;
}

/**
 * GET vehicle, GET driver/info and GET delivery, one row each: does the company have any yet (decision 029); and a
 * courier's bid rates: is its depot set (issue 32).
 */
export const getFirstSteps = async (
  slug: string,
  courier: boolean,
  signal?: AbortSignal,
): Promise<FirstStepCounts> => {
  const params = { companySlug: slug };
  const [vehicles, drivers, deliveries, rates] = await Promise.all([
    callApiPage(fleetCalls.listVehicles, { params, query: { per_page: 1 }, signal, silent: true }),
    callApi(driverCalls.listDriverInfo, { params, signal, silent: true }),
    callApiPage(deliveryCalls.listDeliveries, { params, query: { per_page: 1 }, signal, silent: true }),
    courier ? callApi(auctionCalls.getBidRates, { params, signal, silent: true }) : Promise.resolve(null),
  ]);
  return {
    vehicles: vehicles.meta.total,
    drivers: Object.keys(drivers).length,
    deliveries: deliveries.meta.total,
    depot: rates ? rates.depot !== null : null,
  };
};

export const firstStepsQueryOptions = (slug: string, courier: boolean) =>
  queryOptions({
    queryKey: ['dashboard', slug, 'first-steps', courier],
    queryFn: ({ signal }) => getFirstSteps(slug, courier, signal),
  });

export function useFirstSteps(slug: string, courier: boolean) {
  return useQuery(firstStepsQueryOptions(slug, courier));
}
