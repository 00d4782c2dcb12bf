import { directoryCalls } from '@courier/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApiPage } from '../../../lib/api-client';
import { directoryKeys, type DirectoryQuery } from './keys';

/** GET client: one page of the directory, searched by company name, contact or e-mail. */
export const listClients = (slug: string, query: DirectoryQuery, signal?: AbortSignal) =>
  callApiPage(directoryCalls.listClients, { params: { companySlug: slug }, query: { ...query }, signal });

export const clientsQueryOptions = (slug: string, query: DirectoryQuery) =>
  queryOptions({
    queryKey: directoryKeys.clientList(slug, query),
    queryFn: ({ signal }) => listClients(slug, query, signal),
  });

/** The page stays on screen while the next one loads, so paging and searching do not flash. */
export function useClients(slug: string, query: DirectoryQuery) {
  return useQuery({ ...clientsQueryOptions(slug, query), placeholderData: keepPreviousData });
}
