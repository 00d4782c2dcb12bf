import { mailCalls } from '@courier/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApiPage } from '../../../lib/api-client';
import { mailKeys } from '../../../lib/mail-keys';

export const OUTBOX_PER_PAGE = 20;

/** GET /platform/mail/outbox: a page of the sent mail, newest first (only to one address with `to`). */
export const outboxQueryOptions = (page: number, to: string | undefined) => {
  const query = { page, per_page: OUTBOX_PER_PAGE, to };
  return queryOptions({
    queryKey: mailKeys.list(query),
    queryFn: ({ signal }) => callApiPage(mailCalls.listOutbox, { query, signal, silent: true }),
    placeholderData: keepPreviousData,
  });
};

export function useOutbox(page: number, to: string | undefined) {
  return useQuery(outboxQueryOptions(page, to));
}
