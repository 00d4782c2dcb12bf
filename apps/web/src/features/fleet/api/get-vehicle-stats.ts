import { fleetCalls } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { fleetKeys } from './keys';

export const getVehicleStats = (slug: string, signal?: AbortSignal) =>
  callApi(fleetCalls.vehicleStats, { params: { companySlug: slug }, signal });

export const vehicleStatsQueryOptions = (slug: string) =>
  queryOptions({ queryKey: fleetKeys.stats(slug), queryFn: ({ signal }) => getVehicleStats(slug, signal) });

/** Vehicle counts by status and by size. */
export function useVehicleStats(slug: string) {
  return useQuery(vehicleStatsQueryOptions(slug));
}
