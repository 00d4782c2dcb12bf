/** The outcome of GET /me/check as the expiry logic needs it. */
export type SessionCheckResult = 'valid' | 'unauthorized' | 'error';

export interface SessionExpiryDeps {
  /** Path of the session check; a 401 on it never starts another check. */
  checkPath: string;
  check: () => Promise<SessionCheckResult>;
  /** The stored logged-in flag. */
  isLoggedIn: () => boolean;
  /** Clear all client state and go to the sign-in screen. */
  onExpired: () => void;
  throttleMs: number;
  now?: () => number;
  log?: (message: string, detail?: unknown) => void;
}

/**
 * Spec section 4 "Session expiry": a 401 on any call triggers a session check; when the check is also a 401 all
 * state is cleared and the user goes to /login. No check for the check path itself or while one runs; within the
 * throttle window of the previous check the stored flag decides. Other check failures are logged and ignored.
 */
export function createSessionExpiryHandler(deps: SessionExpiryDeps): (path: string) => Promise<void> {
  const {
    checkPath,
    check,
    isLoggedIn,
    onExpired,
    throttleMs,
    now = () => Date.now(),
    log = console.warn,
  } = deps;
  let running = false;
  let lastCheckAt: number | null = null;

  return async function handleUnauthorized(path: string): Promise<void> {
    if (path === checkPath || running) return;
    if (lastCheckAt !== null && now() - lastCheckAt < throttleMs) {
      if (!isLoggedIn()) onExpired();
      return;
    }
    running = true;
    lastCheckAt = now();
    try {
      const result = await check();
      if (result === 'unauthorized') {
        log('Unauthorized (Cache Check)');
        onExpired();
      } else if (result === 'error') {
        log('Session check failed; staying signed in');
      }
    } catch (error) {
      log('Session check failed; staying signed in', error);
    } finally {
      running = false;
    }
  };
}
