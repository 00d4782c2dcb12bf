import { mailCalls } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { mailKeys } from '../../../lib/mail-keys';

/** GET /platform/mail/outbox/:mailUuid: one message, with its text and HTML when they were kept. */
export const outboxMailQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: mailKeys.one(uuid),
    queryFn: ({ signal }) =>
      callApi(mailCalls.getOutboxMail, { params: { mailUuid: uuid }, signal, silent: true }),
  });

export function useOutboxMail(uuid: string | null) {
  return useQuery({ ...outboxMailQueryOptions(uuid ?? ''), enabled: uuid !== null });
}
