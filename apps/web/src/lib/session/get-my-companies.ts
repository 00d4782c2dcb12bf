import { sessionCalls, type Company } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, type QuietOptions } from '../api-client';
import { usePersisted } from '../persist-store';
import { meCompaniesQueryKey } from './query-keys';

export const getMyCompanies = (signal?: AbortSignal, quiet: QuietOptions = {}) =>
  callApi(sessionCalls.meCompanies, { signal, ...quiet });

export const myCompaniesQueryOptions = () =>
  queryOptions({ queryKey: meCompaniesQueryKey, queryFn: ({ signal }) => getMyCompanies(signal) });

export function useMyCompanies({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...myCompaniesQueryOptions(), enabled });
}

/**
 * The company the user works in: the persisted current slug, else the first of their companies. `enabled: false`
 * asks nothing and answers what the cache holds.
 */
export function useCurrentCompany({ enabled = true }: { enabled?: boolean } = {}): {
  company: Company | null;
  isPending: boolean;
  error: Error | null;
} {
  const slug = usePersisted((state) => state.currentCompanySlug);
  const { data, isPending, error } = useMyCompanies({ enabled });
  const company = data?.find((c) => c.slug === slug) ?? data?.[0] ?? null;
  return { company, isPending, error };
}
