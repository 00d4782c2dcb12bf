import { fleetCalls } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { fleetKeys } from './keys';

export const listVehicleModels = (slug: string, signal?: AbortSignal) =>
  callApi(fleetCalls.listVehicleModels, { params: { companySlug: slug }, signal });

export const vehicleModelsQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: fleetKeys.models(slug),
    queryFn: ({ signal }) => listVehicleModels(slug, signal),
  });

/** The shared vehicle models and the company's own, keyed by uuid. */
export function useVehicleModels(slug: string) {
  return useQuery(vehicleModelsQueryOptions(slug));
}
