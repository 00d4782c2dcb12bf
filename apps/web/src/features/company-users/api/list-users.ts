import { adminUserCalls } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { companyUserKeys } from '../../../lib/company-user-keys';

/** GET user: the company's people keyed by uuid, with their roles and member status. */
export const listUsers = (slug: string, signal?: AbortSignal) =>
  callApi(adminUserCalls.listUsers, { params: { companySlug: slug }, signal });

export const usersQueryOptions = (slug: string) =>
  queryOptions({ queryKey: companyUserKeys.users(slug), queryFn: ({ signal }) => listUsers(slug, signal) });

export function useCompanyUsers(slug: string) {
  return useQuery(usersQueryOptions(slug));
}
