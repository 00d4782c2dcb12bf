import { inboxCalls } from '@courier/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { inboxKeys } from '../../lib/inbox-keys';

/** GET inbox/summary: how many conversations have unread messages, and the newest of them (the header's dropdown). */
export function useInboxSummary(slug: string | null) {
  return useQuery({
    queryKey: inboxKeys.summary(slug ?? ''),
    queryFn: ({ signal }) =>
      callApi(inboxCalls.getInboxSummary, { params: { companySlug: slug ?? '' }, signal, silent: true }),
    enabled: slug !== null,
  });
}
