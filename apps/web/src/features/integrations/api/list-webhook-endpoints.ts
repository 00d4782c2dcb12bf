import { webhookCalls } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { webhookKeys } from './keys';

/** GET webhook: the company's endpoints, with their waiting messages and last try (never their secrets). */
export const listWebhookEndpoints = (slug: string, signal?: AbortSignal) =>
  callApi(webhookCalls.listWebhookEndpoints, { params: { companySlug: slug }, signal, silent: true });

export const webhookEndpointsQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: webhookKeys.list(slug),
    queryFn: ({ signal }) => listWebhookEndpoints(slug, signal),
  });

export function useWebhookEndpoints(slug: string) {
  return useQuery(webhookEndpointsQueryOptions(slug));
}
