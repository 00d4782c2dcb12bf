import { companyCalls } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { companyKeys } from './keys';

export const getCompany = (slug: string, signal?: AbortSignal) =>
  callApi(companyCalls.getCompany, { params: { companySlug: slug }, signal });

export const companyQueryOptions = (slug: string) =>
  queryOptions({ queryKey: companyKeys.profile(slug), queryFn: ({ signal }) => getCompany(slug, signal) });

/** GET company: the profile an admin edits. */
export function useCompany(slug: string) {
  return useQuery(companyQueryOptions(slug));
}
