import { directoryCalls } from '@courier/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApiPage } from '../../../lib/api-client';
import { directoryKeys, type DirectoryQuery } from './keys';

/** GET address: one page of the directory, searched by label, street, city or postcode. */
export const listAddresses = (slug: string, query: DirectoryQuery, signal?: AbortSignal) =>
  callApiPage(directoryCalls.listAddresses, { params: { companySlug: slug }, query: { ...query }, signal });

export const addressesQueryOptions = (slug: string, query: DirectoryQuery) =>
  queryOptions({
    queryKey: directoryKeys.addressList(slug, query),
    queryFn: ({ signal }) => listAddresses(slug, query, signal),
  });

/** The page stays on screen while the next one loads, so paging and searching do not flash. */
export function useAddresses(slug: string, query: DirectoryQuery) {
  return useQuery({ ...addressesQueryOptions(slug, query), placeholderData: keepPreviousData });
}
