import { LOOKUP_LIST_KEYS } from '@courier/contract';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { mayHoldQueuedWrites } from '../features/driver/offline/queue-presence';
import { afterFirstScreen } from '../lib/after-first-screen';
import { prefetchLookups } from '../lib/lookups/get-lookup';
import { persistStore } from '../lib/persist-store';
import { queryClient } from '../lib/query-client';
import { takeSessionState } from '../lib/session/session-state';
import { sessionCheckQueryOptions } from '../lib/session/check-session';
import { getMe, meQueryOptions } from '../lib/session/get-me';
import { getMyCompanies, myCompaniesQueryOptions } from '../lib/session/get-my-companies';
import { getMyRoles, myRolesQueryOptions } from '../lib/session/get-my-roles';
import { meRootKey, sessionCheckQueryKey } from '../lib/session/query-keys';
import { loginPathFor } from './login-path';

/**
 * The user, their roles and their companies: the frame (menus, the company) and most screens draw from them. Asked
 * silently (a 401 here is the check's to report) and awaited by the guard, so that the first screen is drawn once
 * with them, in one transition that React renders in slices, instead of being drawn again as each arrives
 * (decision 047). A failure leaves the query to its screen, which asks again and shows the error.
 */
function loadSessionReads(): Promise<unknown> {
  // Cached answers, even stale, are taken as they are (their screens refresh them): a later navigation that runs
  // the guard again does not wait for the network.
  const quiet = () => undefined;
  // A 401 here is the check's to report: no notification, and no second check of the session for it.
  const asked = { silent: true, sessionCheck: false } as const;
  return Promise.all([
    queryClient
      .ensureQueryData({ ...meQueryOptions(), queryFn: ({ signal }) => getMe(signal, asked) })
      .catch(quiet),
    queryClient
      .ensureQueryData({
        ...myRolesQueryOptions(),
        queryFn: ({ signal }) => getMyRoles(signal, asked),
      })
      .catch(quiet),
    queryClient
      .ensureQueryData({
        ...myCompaniesQueryOptions(),
        queryFn: ({ signal }) => getMyCompanies(signal, asked),
      })
      .catch(quiet),
  ]);
}

/**
 * Access guard of the signed-in layouts (spec section 4): on load, check the session and load the user. A session
 * that does not validate goes to /login. When the check cannot be made at all (server down), a user whose stored
 * flag says signed in is let through; the screens then show their own errors. The user, their roles and companies
 * are asked beside the check (silently: a visitor who is not signed in gets three quiet 401s), and the screen waits
 * for them;
 * every lookup list loads once the first screen is up (spec section 4 "Start-up loads"), once per session.
 */
export async function requireSession({ request }: LoaderFunctionArgs): Promise<Response | null> {
  // The first signed-in screen's HTML carries the check's answer and the three reads (decision 051).
  takeSessionState();
  const reads = loadSessionReads();
  const result = await queryClient.fetchQuery(sessionCheckQueryOptions());
  if (result !== 'valid') queryClient.removeQueries({ queryKey: sessionCheckQueryKey });
  if (result === 'valid' || (result === 'error' && persistStore.get().isLoggedIn)) {
    await reads;
    // After the first screen's own reads: the lookups are about thirty requests, and HTTP/1.1 allows six at a time
    // (decision 047). A screen that needs one before then asks for it itself.
    afterFirstScreen(() => void prefetchLookups(queryClient, LOOKUP_LIST_KEYS), { client: queryClient });
    // A driver's writes kept on the phone from an earlier visit are sent on app start, whichever screen opens (the
    // driver's screens start the queue themselves as they open). A browser without the queue's database has none.
    afterFirstScreen(
      () =>
        void mayHoldQueuedWrites().then(async (may) => {
          if (may) (await import('../features/driver/offline/runner')).startDriverQueue();
        }),
      { client: queryClient },
    );
    return null;
  }
  // Reads sent beside a check that failed are not this user's to keep.
  void reads.then(() => queryClient.removeQueries({ queryKey: meRootKey }));
  const url = new URL(request.url);
  return redirect(loginPathFor(url.pathname + url.search));
}
