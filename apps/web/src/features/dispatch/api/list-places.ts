import { directoryCalls } from '@courier/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApiPage } from '../../../lib/api-client';
import { dispatchKeys } from './keys';

/** GET address?search=: the directory's addresses a working day may start or end at. */
export const listDispatchPlaces = (slug: string, search: string, signal?: AbortSignal) =>
  callApiPage(directoryCalls.listAddresses, {
    params: { companySlug: slug },
    query: { search: search || undefined, per_page: 100 },
    signal,
    silent: true,
  }).then((page) => page.data);

export const dispatchPlacesQueryOptions = (slug: string, search: string) =>
  queryOptions({
    queryKey: dispatchKeys.places(slug, search),
    queryFn: ({ signal }) => listDispatchPlaces(slug, search, signal),
  });

export function useDispatchPlaces(slug: string, search: string) {
  return useQuery({ ...dispatchPlacesQueryOptions(slug, search), placeholderData: keepPreviousData });
}
