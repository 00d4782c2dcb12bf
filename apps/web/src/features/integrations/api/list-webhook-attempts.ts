import { webhookCalls } from '@courier/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApiPage } from '../../../lib/api-client';
import { webhookKeys } from './keys';

/** Tries per page of an endpoint's log. */
export const WEBHOOK_LOG_PER_PAGE = 25;

/** GET webhook/:uuid/attempts: the endpoint's log, newest try first, a page at a time. */
export const listWebhookAttempts = (
  slug: string,
  webhookUuid: string,
  query: { page: number; per_page: number },
  signal?: AbortSignal,
) =>
  callApiPage(webhookCalls.listWebhookAttempts, {
    params: { companySlug: slug, webhookUuid },
    query,
    signal,
    silent: true,
  });

/** While a message waits for its try, the first page is read again this often. */
const POLL_MS = 5_000;

/**
 * A page of the log. The first page is read again every few seconds while a message waits: one the endpoint had
 * waiting (`endpointWaiting`, from the list) or one of the tries shown.
 */
export function useWebhookAttempts(
  slug: string,
  webhookUuid: string,
  page: number,
  endpointWaiting: boolean,
) {
  const query = { page, per_page: WEBHOOK_LOG_PER_PAGE };
  return useQuery({
    queryKey: webhookKeys.attemptsPage(slug, webhookUuid, query),
    queryFn: ({ signal }) => listWebhookAttempts(slug, webhookUuid, query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: ({ state }) =>
      page === 1 && (endpointWaiting || state.data?.data.some((a) => a.messageStatus === 'pending'))
        ? POLL_MS
        : false,
  });
}
