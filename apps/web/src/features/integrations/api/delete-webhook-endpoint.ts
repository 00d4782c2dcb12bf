import { webhookCalls } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notifications';
import { webhookKeys } from './keys';

/** DELETE webhook/:uuid: the endpoint goes with its waiting messages and its log. */
export const deleteWebhookEndpoint = (slug: string, webhookUuid: string) =>
  callApi(webhookCalls.deleteWebhookEndpoint, { params: { companySlug: slug, webhookUuid } });

export function useDeleteWebhookEndpoint(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpoint: { uuid: string; url: string }) => deleteWebhookEndpoint(slug, endpoint.uuid),
    onSuccess: (_, { url }) =>
      notifySuccess('Webhook Endpoint Deleted', `${url} hears nothing more from us.`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all(slug) }),
  });
}
