import { recipientMessageCalls } from '@courier/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { isApiError } from '../../../lib/errors';
import { recipientMessageKeys } from './keys';

/** A token the server does not accept: unknown, altered or malformed. */
export const isBadToken = (error: unknown) =>
  isApiError(error, 404) || isApiError(error, 400) || isApiError(error, 422);

/** GET recipient-messages/opt-out/:token: public, no sign-in; what the stop link stops. */
export const getRecipientOptOut = (token: string, signal?: AbortSignal) =>
  callApi(recipientMessageCalls.getRecipientOptOut, {
    params: { token },
    signal,
    silent: true,
    sessionCheck: false,
  });

export function useRecipientOptOut(token: string) {
  return useQuery({
    queryKey: recipientMessageKeys.optOut(token),
    queryFn: ({ signal }) => getRecipientOptOut(token, signal),
    enabled: token !== '',
    // A wrong link stays wrong; a network blip is tried again.
    retry: (count, error) => !isBadToken(error) && count < 2,
  });
}
