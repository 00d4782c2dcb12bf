import { sessionCalls } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../api-client';
import { meRolesQueryKey } from './query-keys';

export const getMyRoles = (signal?: AbortSignal, { silent = false }: { silent?: boolean } = {}) =>
  callApi(sessionCalls.meRoles, { signal, silent });

export const myRolesQueryOptions = () =>
  queryOptions({ queryKey: meRolesQueryKey, queryFn: ({ signal }) => getMyRoles(signal) });

export function useMyRoles() {
  return useQuery(myRolesQueryOptions());
}
