import { webhookCalls } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { webhookKeys } from './keys';

/** POST webhook/:uuid/rotate-secret: a new secret, shown this once; the previous one signs beside it for a while. */
export const rotateWebhookSecret = (slug: string, webhookUuid: string) =>
  callApi(webhookCalls.rotateWebhookSecret, { params: { companySlug: slug, webhookUuid } });

/** Like creating one: the new secret goes to the dialog that shows it, never into the cache. */
export function useRotateWebhookSecret(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (webhookUuid: string) => rotateWebhookSecret(slug, webhookUuid),
    gcTime: 0,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list(slug) }),
  });
}
