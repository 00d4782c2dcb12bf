import { driverCalls } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { companyUserKeys } from '../../../lib/company-user-keys';

export const listDriverUuids = (slug: string, signal?: AbortSignal) =>
  callApi(driverCalls.listDriverUserUuids, { params: { companySlug: slug }, signal });

export const driverUuidsQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: companyUserKeys.driverUuids(slug),
    queryFn: ({ signal }) => listDriverUuids(slug, signal),
  });

/** Uuids of the company's drivers (spec section 7). */
export function useDriverUuids(slug: string) {
  return useQuery(driverUuidsQueryOptions(slug));
}
