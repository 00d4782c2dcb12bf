import { LOGIN_ROUTE, SESSION_CHECK_PATH, SESSION_CHECK_THROTTLE_MS } from '@courier/contract/plain';

const LOCK_ROUTE = '/auth/boxed-lockscreen';
import { onLocked, onUnauthorized } from '../lib/api-client';
import { navigateTo } from '../lib/navigation';
import { persistStore } from '../lib/persist-store';
import { createSessionExpiryHandler } from '../lib/session-expiry';
import { resetClientState } from '../lib/session/reset-client-state';
import { loginPathFor } from './login-path';

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
        const here = window.location.pathname + window.location.search;
        resetClientState();
        navigateTo(here === '/' || here.startsWith(LOGIN_ROUTE) ? LOGIN_ROUTE : loginPathFor(here), {
          replace: true,
        });
      },
    }),
  );
}
