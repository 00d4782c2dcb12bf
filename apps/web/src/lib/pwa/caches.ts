/**
 * The service worker's runtime caches (decision 021). Shared by the build (vite.config.mts writes them into the
 * generated worker) and the app (sign-out empties the private one). Patterns are RegExps, not functions: the
 * worker is generated from this configuration and a function would lose what it closes over.
 */
export const PRIVATE_API_CACHE = 'courier-api-private';
export const LOOKUP_CACHE = 'courier-lookups';

/**
 * The reads a signed-in driver's screens need to open with no network: who I am and my roles (the access guard,
 * the menus), my deliveries, one delivery, its notes and my availability. Never /me/check: offline it fails and the
 * access guard trusts the stored sign-in flag, where a cached "valid" would be a lie once the session has ended.
 */
export const PRIVATE_READS =
  /\/api\/v1\/(me|me\/role|driver\/status|driver\/delivery(\/[0-9a-f-]{36}(\/notes)?)?)(\?.*)?$/;

/** Lookup lists (GET /api/v1/type/...), the same for everyone and changed by migrations only. */
export const LOOKUP_READS = /\/api\/v1\/type\//;

/** Empties the caches that hold one user's answers, so the next person on this phone never sees them. */
export async function clearPrivateCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(PRIVATE_API_CACHE).catch(() => false);
}
