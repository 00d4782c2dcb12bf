import { placeCalls } from '@courier/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export interface PlaceSearch {
  q: string;
  /** Two-letter country whose places rank first. */
  country?: string | undefined;
  /** A point whose surroundings rank first (the depot). */
  near?: { lat: number; lng: number } | null | undefined;
}

const queryOf = ({ q, country, near }: PlaceSearch) => ({
  q,
  country,
  nearLat: near?.lat,
  nearLng: near?.lng,
});

/**
 * GET places/search. Silent: the search shows a failure as a hint under the field (the address can still be typed),
 * never as the red notification. The signal cancels the request when the typing goes on.
 */
export const searchPlaces = (search: PlaceSearch, signal?: AbortSignal) =>
  callApi(placeCalls.searchPlaces, { query: queryOf(search), signal, silent: true });

export const placeSearchQueryOptions = (search: PlaceSearch) =>
  queryOptions({
    queryKey: ['places', 'search', queryOf(search)] as const,
    queryFn: ({ signal }) => searchPlaces(search, signal),
    // A busy or absent geocoder does not answer better a moment later: say so at once.
    retry: false,
  });

/** The suggestions for a text; the previous ones stay while the next are asked, so the list does not flash. */
export function usePlaceSearch(search: PlaceSearch, enabled: boolean) {
  return useQuery({ ...placeSearchQueryOptions(search), enabled, placeholderData: keepPreviousData });
}
