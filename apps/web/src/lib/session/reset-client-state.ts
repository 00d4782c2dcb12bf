import { purgePersisted } from '../persist-store';
import { clearPrivateCaches } from '../pwa/caches';
import { queryClient } from '../query-client';
import { resetRouteHistory } from '../route-store';

/**
 * Sign-out and session expiry: every cache and every store returns to its initial value (spec section 4), the
 * service worker's copies of this user's answers included.
 */
export function resetClientState(): void {
  queryClient.clear();
  void clearPrivateCaches();
  purgePersisted();
  resetRouteHistory();
}
