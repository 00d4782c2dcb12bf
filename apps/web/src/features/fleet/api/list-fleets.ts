import { fleetCalls } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { fleetKeys } from './keys';

export const listFleets = (slug: string, signal?: AbortSignal) =>
  callApi(fleetCalls.listFleets, { params: { companySlug: slug }, signal });

export const fleetsQueryOptions = (slug: string) =>
  queryOptions({ queryKey: fleetKeys.fleets(slug), queryFn: ({ signal }) => listFleets(slug, signal) });

/** The company's fleets with their vehicle uuids. */
export function useFleets(slug: string) {
  return useQuery(fleetsQueryOptions(slug));
}
