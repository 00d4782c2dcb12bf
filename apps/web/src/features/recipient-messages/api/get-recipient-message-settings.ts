import { recipientMessageCalls } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { recipientMessageKeys } from './keys';

/** GET admin/recipient-messages: which messages go out, how, in which words, and how this server sends them. */
export const getRecipientMessageSettings = (slug: string, signal?: AbortSignal) =>
  callApi(recipientMessageCalls.getRecipientMessageSettings, {
    params: { companySlug: slug },
    signal,
    silent: true,
  });

export const recipientMessageSettingsQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: recipientMessageKeys.settings(slug),
    queryFn: ({ signal }) => getRecipientMessageSettings(slug, signal),
  });

export function useRecipientMessageSettings(slug: string) {
  return useQuery(recipientMessageSettingsQueryOptions(slug));
}
