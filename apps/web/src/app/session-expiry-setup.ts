import { LOGIN_ROUTE, SESSION_CHECK_PATH, SESSION_CHECK_THROTTLE_MS } from '@courier/contract/plain';
import { matchPath } from 'react-router';
import { onLocked, onUnauthorized } from '../lib/api-client';
import { navigateTo } from '../lib/navigation';
import { persistStore } from '../lib/persist-store';
import { createSessionExpiryHandler } from '../lib/session-expiry';
import { resetClientState } from '../lib/session/reset-client-state';
import { isSigningOut } from '../lib/session/signing-out';
import { loginPathFor } from './login-path';
import { ROUTES } from './route-table';

const LOCK_ROUTE = '/auth/boxed-lockscreen';

/** The screens of the blank layout a visitor may see signed out: all of them but the lock screen. */
const VISITORS_PATHS = ROUTES.filter((route) => route.layout === 'blank' && route.id !== 'lockscreen').map(
  (route) => route.path,
);
export const isVisitorsPage = (pathname: string) =>
  VISITORS_PATHS.some((path) => matchPath({ path, caseSensitive: false }, pathname) !== null);

/**
 * Where the sign-in screen sends the user back to once the session has expired: the page they were on, or for the
 * lock screen the page it was locking (none when opened from the menu: the lock screen itself would lock the new
 * session at once).
 */
export function signInPathAfterExpiry(pathname: string, search: string): string {
  if (pathname.toLowerCase() !== LOCK_ROUTE) return loginPathFor(pathname + search);
  const from = new URLSearchParams(search).get('from');
  return from ? loginPathFor(from) : LOGIN_ROUTE;
}

/** Connects the API client's 401s to the session-expiry logic of spec section 4, and its 423s to the lock screen. */
export function setupSessionExpiry(): void {
  onLocked(() => {
    const here = window.location.pathname + window.location.search;
    if (here.startsWith(LOCK_ROUTE)) return;
    navigateTo(`${LOCK_ROUTE}?from=${encodeURIComponent(here)}`, { replace: true });
  });
  onUnauthorized(
    createSessionExpiryHandler({
      checkPath: SESSION_CHECK_PATH,
      // The check's call definition carries its schemas (zod): loaded with the first 401, not with the entry.
      check: () => import('../lib/session/check-session').then(({ checkSession }) => checkSession()),
      isLoggedIn: () => persistStore.get().isLoggedIn,
      throttleMs: SESSION_CHECK_THROTTLE_MS,
      onExpired: () => {
        const { pathname, search } = window.location;
        resetClientState();
        // A page for visitors (the landing page Sign Out goes to, pricing, sign-up) needs no session: a late 401
        // there, from a call still on its way when the user signed out, leaves them where they are (issue 33). So
        // does one that comes back while the sign-out is still on its way to that page (issue 39).
        if (isVisitorsPage(pathname) || isSigningOut()) return;
        navigateTo(signInPathAfterExpiry(pathname, search), { replace: true });
      },
    }),
  );
}
