import { inboxCalls } from '@courier/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { callApiPage } from '../../../lib/api-client';
import { inboxKeys } from '../../../lib/inbox-keys';

const PER_PAGE = 30;

/** GET inbox/conversations/:uuid/messages: newest first a page; "Load earlier messages" reads the next. */
export function useMessages(slug: string, conversationUuid: string | null) {
  return useInfiniteQuery({
    queryKey: inboxKeys.messages(slug, conversationUuid ?? ''),
    queryFn: ({ pageParam, signal }) =>
      callApiPage(inboxCalls.listMessages, {
        params: { companySlug: slug, conversationUuid: conversationUuid ?? '' },
        query: { page: pageParam, per_page: PER_PAGE },
        signal,
        silent: true,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined,
    enabled: conversationUuid !== null,
  });
}
