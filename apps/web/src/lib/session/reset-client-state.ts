import { purgePersisted } from '../persist-store';
import { queryClient } from '../query-client';
import { resetRouteHistory } from '../route-store';

/** Sign-out and session expiry: every cache and every store returns to its initial value (spec section 4). */
export function resetClientState(): void {
  queryClient.clear();
  purgePersisted();
  resetRouteHistory();
}
