import { sessionCalls, type User } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, type QuietOptions } from '../api-client';
import { persistStore, updatePersisted } from '../persist-store';
import { meQueryKey } from './query-keys';

/** Loading the current user marks the session signed in and settles the current company (spec section 4). */
export async function getMe(signal?: AbortSignal, quiet: QuietOptions = {}): Promise<User> {
  const user = await callApi(sessionCalls.me, { signal, ...quiet });
  settleSignedInUser(user);
  return user;
}

/** The user is signed in; the current company stays if they still belong to it, else it is their default one. */
export function settleSignedInUser(user: User): void {
  const current = persistStore.get().currentCompanySlug;
  const stillMember = current !== null && (user.companies?.some((c) => c.slug === current) ?? true);
  updatePersisted({ isLoggedIn: true, currentCompanySlug: stillMember ? current : user.defaultCompanySlug });
}

export const meQueryOptions = () =>
  queryOptions({ queryKey: meQueryKey, queryFn: ({ signal }) => getMe(signal) });

export function useMe() {
  return useQuery(meQueryOptions());
}
