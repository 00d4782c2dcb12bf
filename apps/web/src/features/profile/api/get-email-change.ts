import { emailChangeCalls } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { meRootKey } from '../../../lib/session/query-keys';

/** Under the user's own keys: signing out or in again drops it with the rest of them. */
export const emailChangeQueryKey = [...meRootKey, 'email-change'] as const;

export const getEmailChange = (signal?: AbortSignal) => callApi(emailChangeCalls.getEmailChange, { signal });

export const emailChangeQueryOptions = () =>
  queryOptions({ queryKey: emailChangeQueryKey, queryFn: ({ signal }) => getEmailChange(signal) });

/** GET /me/email/change: the change of sign-in e-mail waiting for the new address's confirmation, if any. */
export function useEmailChange() {
  return useQuery(emailChangeQueryOptions());
}
