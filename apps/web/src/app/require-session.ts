import { LOOKUP_LIST_KEYS } from '@courier/contract';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { prefetchLookups } from '../lib/lookups/get-lookup';
import { persistStore } from '../lib/persist-store';
import { queryClient } from '../lib/query-client';
import { sessionCheckQueryOptions } from '../lib/session/check-session';
import { meQueryOptions } from '../lib/session/get-me';
import { sessionCheckQueryKey } from '../lib/session/query-keys';
import { loginPathFor } from './login-path';

/**
 * Access guard of the signed-in layouts (spec section 4): on load, check the session and start loading the user.
 * A session that does not validate goes to /login. When the check cannot be made at all (server down), a user
 * whose stored flag says signed in is let through; the screens then show their own errors. Once signed in, every
 * lookup list starts loading (spec section 4 "Start-up loads"); each is fetched once per session.
 */
export async function requireSession({ request }: LoaderFunctionArgs): Promise<Response | null> {
  const result = await queryClient.fetchQuery(sessionCheckQueryOptions());
  if (result !== 'valid') queryClient.removeQueries({ queryKey: sessionCheckQueryKey });
  if (result === 'valid' || (result === 'error' && persistStore.get().isLoggedIn)) {
    void queryClient.prefetchQuery(meQueryOptions());
    prefetchLookups(queryClient, LOOKUP_LIST_KEYS);
    // A driver's writes kept on the phone from an earlier visit are sent on app start, whichever screen opens.
    void import('../features/driver/offline/runner').then((queue) => queue.startDriverQueue());
    return null;
  }
  const url = new URL(request.url);
  return redirect(loginPathFor(url.pathname + url.search));
}
