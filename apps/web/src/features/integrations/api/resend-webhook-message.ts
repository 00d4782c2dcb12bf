import { webhookCalls } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notifications';
import { webhookKeys } from './keys';

/** POST webhook/:uuid/messages/:messageUuid/resend: the same message (same id, same body) sent again now. */
export const resendWebhookMessage = (slug: string, webhookUuid: string, messageUuid: string) =>
  callApi(webhookCalls.resendWebhookMessage, { params: { companySlug: slug, webhookUuid, messageUuid } });

/** The log and the list are read again: the message waits again, and its new try joins the log. */
export function useResendWebhookMessage(slug: string, webhookUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: { uuid: string; eventType: string }) =>
      resendWebhookMessage(slug, webhookUuid, message.uuid),
    onSuccess: (_, { eventType }) =>
      notifySuccess(
        'Message Queued',
        `The ${eventType} message is sent again now, with the same id and body.`,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all(slug) }),
  });
}
