import { sessionCalls } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../api-client';
import { meAddressesQueryKey } from './query-keys';

export const getMyAddresses = (signal?: AbortSignal) => callApi(sessionCalls.meAddresses, { signal });

export const myAddressesQueryOptions = () =>
  queryOptions({ queryKey: meAddressesQueryKey, queryFn: ({ signal }) => getMyAddresses(signal) });

export function useMyAddresses() {
  return useQuery(myAddressesQueryOptions());
}
