import { directoryCalls } from '@courier/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApiPage } from '../../../lib/api-client';
import { deliveryKeys } from '../../../lib/delivery-keys';

/** GET address?search=: directory addresses to pick a pickup or dropoff from. */
export const searchDirectoryAddresses = (slug: string, search: string, signal?: AbortSignal) =>
  callApiPage(directoryCalls.listAddresses, {
    params: { companySlug: slug },
    query: { search: search || undefined, per_page: 20 },
    signal,
    silent: true,
  }).then((page) => page.data);

export const directoryAddressesQueryOptions = (slug: string, search: string) =>
  queryOptions({
    queryKey: deliveryKeys.addresses(slug, search),
    queryFn: ({ signal }) => searchDirectoryAddresses(slug, search, signal),
  });

export function useDirectoryAddresses(slug: string, search: string) {
  return useQuery({ ...directoryAddressesQueryOptions(slug, search), placeholderData: keepPreviousData });
}
