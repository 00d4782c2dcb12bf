import { inboxCalls } from '@courier/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { inboxKeys } from '../../../lib/inbox-keys';

/** GET inbox/people: the company's other admins, whom a new conversation may be with. */
export function useInboxPeople(slug: string, enabled: boolean) {
  return useQuery({
    queryKey: inboxKeys.people(slug),
    queryFn: ({ signal }) => callApi(inboxCalls.listInboxPeople, { params: { companySlug: slug }, signal }),
    enabled,
  });
}
