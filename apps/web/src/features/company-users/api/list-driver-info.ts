import { driverCalls } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { companyUserKeys } from '../../../lib/company-user-keys';

export const listDriverInfo = (slug: string, signal?: AbortSignal) =>
  callApi(driverCalls.listDriverInfo, { params: { companySlug: slug }, signal });

export const driverInfoQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: companyUserKeys.driverInfo(slug),
    queryFn: ({ signal }) => listDriverInfo(slug, signal),
  });

/** Driver info of every driver, keyed by the driver's user uuid. */
export function useDriverInfo(slug: string) {
  return useQuery(driverInfoQueryOptions(slug));
}
