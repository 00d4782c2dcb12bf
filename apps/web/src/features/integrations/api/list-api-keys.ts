import { apiKeyCalls } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { apiKeyKeys } from './keys';

/** GET api-key: the company's keys, unrevoked first, newest first (never their secrets). */
export const listApiKeys = (slug: string, signal?: AbortSignal) =>
  callApi(apiKeyCalls.listApiKeys, { params: { companySlug: slug }, signal, silent: true });

export const apiKeysQueryOptions = (slug: string) =>
  queryOptions({ queryKey: apiKeyKeys.list(slug), queryFn: ({ signal }) => listApiKeys(slug, signal) });

export function useApiKeys(slug: string) {
  return useQuery(apiKeysQueryOptions(slug));
}
