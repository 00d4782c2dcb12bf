import { sessionCalls } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, type QuietOptions } from '../api-client';
import { meRolesQueryKey } from './query-keys';

export const getMyRoles = (signal?: AbortSignal, quiet: QuietOptions = {}) =>
  callApi(sessionCalls.meRoles, { signal, ...quiet });

export const myRolesQueryOptions = () =>
  queryOptions({ queryKey: meRolesQueryKey, queryFn: ({ signal }) => getMyRoles(signal) });

export function useMyRoles() {
  return useQuery(myRolesQueryOptions());
}
