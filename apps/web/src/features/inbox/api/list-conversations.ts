import { inboxCalls } from '@courier/contract';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { callApiPage } from '../../../lib/api-client';
import { inboxKeys } from '../../../lib/inbox-keys';

const PER_PAGE = 20;

/** GET inbox/conversations: mine, newest message first, searched by `q`; "Load more" reads the next page. */
export function useConversations(slug: string, q: string) {
  return useInfiniteQuery({
    queryKey: inboxKeys.conversations(slug, { q, per_page: PER_PAGE }),
    queryFn: ({ pageParam, signal }) =>
      callApiPage(inboxCalls.listConversations, {
        params: { companySlug: slug },
        query: { page: pageParam, per_page: PER_PAGE, ...(q ? { q } : {}) },
        signal,
        silent: true,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined,
    placeholderData: keepPreviousData,
  });
}
