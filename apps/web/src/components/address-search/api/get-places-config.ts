import { placeCalls } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const getPlacesConfig = (signal?: AbortSignal) =>
  callApi(placeCalls.getPlacesConfig, { signal, silent: true });

export const placesConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['places', 'config'] as const,
    queryFn: ({ signal }) => getPlacesConfig(signal),
    // The geocoder is chosen at the server's start-up: one ask per page load.
    staleTime: Infinity,
  });

/**
 * GET places/config: which geocoder answers the address search and whether it may suggest as one types. Undefined
 * while asking and when the ask failed: the address fields work without it.
 */
export function usePlacesConfig() {
  return useQuery(placesConfigQueryOptions()).data;
}
