import { inboxCalls } from '@courier/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { inboxKeys } from '../../../lib/inbox-keys';

/** GET inbox/conversations/:uuid: its title, people and my unread count (404 when it is not mine to read). */
export function useConversation(slug: string, conversationUuid: string | null) {
  return useQuery({
    queryKey: inboxKeys.conversation(slug, conversationUuid ?? ''),
    queryFn: ({ signal }) =>
      callApi(inboxCalls.getConversation, {
        params: { companySlug: slug, conversationUuid: conversationUuid ?? '' },
        signal,
        silent: true,
      }),
    enabled: conversationUuid !== null,
    retry: false,
  });
}
