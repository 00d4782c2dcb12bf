import { webhookCalls, type CreateWebhookEndpointBody } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { webhookKeys } from './keys';

/**
 * POST webhook (201): the answer carries the endpoint's signing secret, this once. Silent: the form shows a 422 on
 * its fields and a 409 (too many endpoints) above them.
 */
export const createWebhookEndpoint = (slug: string, body: CreateWebhookEndpointBody) =>
  callApi(webhookCalls.createWebhookEndpoint, { params: { companySlug: slug }, body, silent: true });

/** The secret stays with the dialog that shows it, never in the query cache: the list refetches. */
export function useCreateWebhookEndpoint(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWebhookEndpointBody) => createWebhookEndpoint(slug, body),
    gcTime: 0,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list(slug) }),
  });
}
