import { inboxCalls, type StartConversationBody } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { inboxKeys } from '../../../lib/inbox-keys';

/** POST inbox/conversations: a subject, the people, the first message. */
export function useStartConversation(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StartConversationBody) =>
      callApi(inboxCalls.startConversation, { params: { companySlug: slug }, body, silent: true }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: inboxKeys.all(slug) }),
  });
}
