import { sessionCalls, type LoginBody, type User } from '@courier/contract';
import type { QueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { updatePersisted } from '../../../lib/persist-store';
import { meQueryKey, sessionCheckQueryKey } from '../../../lib/session/query-keys';
import { myAddressesQueryOptions } from '../../../lib/session/get-my-addresses';
import { myCompaniesQueryOptions } from '../../../lib/session/get-my-companies';
import { meQueryOptions } from '../../../lib/session/get-me';
import { myRolesQueryOptions } from '../../../lib/session/get-my-roles';

/** POST /login. Its 422 (bad input, wrong password) and 429 answers reject with an ApiError. */
export const login = (body: LoginBody) => callApi(sessionCalls.login, { body });

/**
 * A user just signed in (sign-in or sign-up): store them, take the current company from their default company, then
 * reload user, addresses, roles and companies.
 */
export function settleSignedIn(queryClient: QueryClient, user: User) {
  updatePersisted({ isLoggedIn: true, currentCompanySlug: user.defaultCompanySlug });
  queryClient.setQueryData(sessionCheckQueryKey, 'valid');
  queryClient.setQueryData(meQueryKey, user);
  void queryClient.prefetchQuery({ ...meQueryOptions(), staleTime: 0 });
  void queryClient.prefetchQuery({ ...myAddressesQueryOptions(), staleTime: 0 });
  void queryClient.prefetchQuery({ ...myRolesQueryOptions(), staleTime: 0 });
  void queryClient.prefetchQuery({ ...myCompaniesQueryOptions(), staleTime: 0 });
}
