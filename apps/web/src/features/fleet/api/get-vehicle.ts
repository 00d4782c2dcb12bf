import { fleetCalls } from '@courier/contract';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { fleetKeys } from './keys';

export const getVehicle = (slug: string, vehicleUuid: string, signal?: AbortSignal) =>
  callApi(fleetCalls.getVehicle, { params: { companySlug: slug, vehicleUuid }, signal });

export const vehicleQueryOptions = (slug: string, vehicleUuid: string | null) =>
  queryOptions({
    queryKey: fleetKeys.vehicle(slug, vehicleUuid ?? ''),
    queryFn: vehicleUuid ? ({ signal }) => getVehicle(slug, vehicleUuid, signal) : skipToken,
  });

/** One vehicle (the edit form); nothing is fetched without a uuid. */
export function useVehicle(slug: string, vehicleUuid: string | null) {
  return useQuery(vehicleQueryOptions(slug, vehicleUuid));
}
