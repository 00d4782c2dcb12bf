import { inboxCalls } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { inboxKeys } from '../../../lib/inbox-keys';

/** POST inbox/conversations/:uuid/read: read up to now; the header's count and the list refetch. */
export function useMarkRead(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (conversationUuid: string) =>
      callApi(inboxCalls.markConversationRead, {
        params: { companySlug: slug, conversationUuid },
        silent: true,
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: inboxKeys.summary(slug) });
      void queryClient.invalidateQueries({ queryKey: [...inboxKeys.all(slug), 'conversations'] });
    },
  });
}
