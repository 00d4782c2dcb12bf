import { describe, expect, it, vi } from 'vitest';
import { createSessionExpiryHandler, type SessionCheckResult } from './session-expiry';

function setup(result: SessionCheckResult | (() => Promise<SessionCheckResult>), loggedIn = true) {
  let now = 0;
  const check = vi.fn(typeof result === 'function' ? result : () => Promise.resolve(result));
  const onExpired = vi.fn();
  const log = vi.fn();
  const state = { loggedIn };
  const handle = createSessionExpiryHandler({
    checkPath: '/me/check',
    check,
    isLoggedIn: () => state.loggedIn,
    onExpired,
    throttleMs: 1000,
    now: () => now,
    log,
  });
  return { handle, check, onExpired, log, state, advance: (ms: number) => (now += ms) };
}

describe('session expiry (spec section 4)', () => {
  it('a 401 runs a session check; a 401 on the check clears state and goes to login', async () => {
    const t = setup('unauthorized');
    await t.handle('/me');
    expect(t.check).toHaveBeenCalledTimes(1);
    expect(t.onExpired).toHaveBeenCalledTimes(1);
  });

  it('a passing check keeps the user signed in', async () => {
    const t = setup('valid');
    await t.handle('/me');
    expect(t.onExpired).not.toHaveBeenCalled();
  });

  it('other check failures are logged and ignored', async () => {
    const t = setup('error');
    await t.handle('/me');
    expect(t.onExpired).not.toHaveBeenCalled();
    expect(t.log).toHaveBeenCalled();

    const throwing = setup(() => Promise.reject(new Error('offline')));
    await throwing.handle('/me');
    expect(throwing.onExpired).not.toHaveBeenCalled();
    expect(throwing.log).toHaveBeenCalledWith(expect.any(String), expect.any(Error));
  });

  it('skips the check path itself', async () => {
    const t = setup('unauthorized');
    await t.handle('/me/check');
    expect(t.check).not.toHaveBeenCalled();
    expect(t.onExpired).not.toHaveBeenCalled();
  });

  it('skips while another check runs', async () => {
    let finish: (r: SessionCheckResult) => void = () => undefined;
    const t = setup(() => new Promise<SessionCheckResult>((resolve) => (finish = resolve)));
    const first = t.handle('/me');
    await t.handle('/me/role');
    expect(t.check).toHaveBeenCalledTimes(1);
    finish('valid');
    await first;
  });

  it('within 1 s of the previous check relies on the stored flag', async () => {
    const t = setup('valid');
    await t.handle('/me');
    t.advance(500);
    await t.handle('/me/role');
    expect(t.check).toHaveBeenCalledTimes(1);
    expect(t.onExpired).not.toHaveBeenCalled();

    t.state.loggedIn = false;
    await t.handle('/me/address');
    expect(t.check).toHaveBeenCalledTimes(1);
    expect(t.onExpired).toHaveBeenCalledTimes(1);

    t.advance(600); // 1.1 s after the check: check again
    await t.handle('/me');
    expect(t.check).toHaveBeenCalledTimes(2);
  });
});
