import { webhookCalls, type UpdateWebhookEndpointBody } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, type QuietOptions } from '../../../lib/api-client';
import { webhookKeys } from './keys';

/** PATCH webhook/:uuid: the address, description or events, or turning it off or on (which sends what waits). */
export const updateWebhookEndpoint = (
  slug: string,
  webhookUuid: string,
  body: UpdateWebhookEndpointBody,
  quiet: QuietOptions = {},
) =>
  callApi(webhookCalls.updateWebhookEndpoint, { params: { companySlug: slug, webhookUuid }, body, ...quiet });

/** `silent`: the caller shows the failure itself (the edit form: a 422 on its fields). */
export function useUpdateWebhookEndpoint(slug: string, quiet: QuietOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, body }: { uuid: string; body: UpdateWebhookEndpointBody }) =>
      updateWebhookEndpoint(slug, uuid, body, quiet),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list(slug) }),
  });
}
