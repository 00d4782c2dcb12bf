import { LOOKUP_LIST_KEYS } from '@courier/contract';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { afterFirstScreen } from '../lib/after-first-screen';
import { prefetchLookups } from '../lib/lookups/get-lookup';
import { persistStore } from '../lib/persist-store';
import { queryClient } from '../lib/query-client';
import { sessionCheckQueryOptions } from '../lib/session/check-session';
import { meQueryOptions } from '../lib/session/get-me';
import { myCompaniesQueryOptions } from '../lib/session/get-my-companies';
import { myRolesQueryOptions } from '../lib/session/get-my-roles';
import { sessionCheckQueryKey } from '../lib/session/query-keys';
import { loginPathFor } from './login-path';

/**
 * Access guard of the signed-in layouts (spec section 4): on load, check the session and start loading the user.
 * A session that does not validate goes to /login. When the check cannot be made at all (server down), a user
 * whose stored flag says signed in is let through; the screens then show their own errors. Once signed in, the user,
 * their roles and their companies start loading at once (the frame and most screens wait for them), and every lookup
 * list once the first screen is up (spec section 4 "Start-up loads"); each is fetched once per session.
 */
export async function requireSession({ request }: LoaderFunctionArgs): Promise<Response | null> {
  const result = await queryClient.fetchQuery(sessionCheckQueryOptions());
  if (result !== 'valid') queryClient.removeQueries({ queryKey: sessionCheckQueryKey });
  if (result === 'valid' || (result === 'error' && persistStore.get().isLoggedIn)) {
    void queryClient.prefetchQuery(meQueryOptions());
    void queryClient.prefetchQuery(myRolesQueryOptions());
    void queryClient.prefetchQuery(myCompaniesQueryOptions());
    // After the first screen's own reads: the lookups are about thirty requests, and HTTP/1.1 allows six at a time
    // (decision 047). A screen that needs one before then asks for it itself.
    afterFirstScreen(() => prefetchLookups(queryClient, LOOKUP_LIST_KEYS), { client: queryClient });
    // A driver's writes kept on the phone from an earlier visit are sent on app start, whichever screen opens (the
    // driver's screens start the queue themselves as they open).
    afterFirstScreen(
      () => void import('../features/driver/offline/runner').then((queue) => queue.startDriverQueue()),
      { client: queryClient },
    );
    return null;
  }
  const url = new URL(request.url);
  return redirect(loginPathFor(url.pathname + url.search));
}
