import { webhookCalls } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notifications';
import { webhookKeys } from './keys';

/**
 * POST webhook/:uuid/test: a `webhook.test` message, sent now. A 409 (the endpoint is turned off) shows in the red
 * notification with the server's words.
 */
export const sendTestWebhook = (slug: string, webhookUuid: string) =>
  callApi(webhookCalls.sendTestWebhook, { params: { companySlug: slug, webhookUuid } });

export function useSendTestWebhook(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpoint: { uuid: string; url: string }) => sendTestWebhook(slug, endpoint.uuid),
    onSuccess: (_, { url }) =>
      notifySuccess(
        'Test Event Sent',
        `A test event is on its way to ${url}: its try shows in the log in a moment.`,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all(slug) }),
  });
}
