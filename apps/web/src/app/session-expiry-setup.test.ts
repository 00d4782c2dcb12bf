import { calendarCalls } from '@courier/contract';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../testing/render-app';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn(), hide: vi.fn() } }));

const { callApi, onLocked, onUnauthorized } = await import('../lib/api-client');
const { registerNavigate } = await import('../lib/navigation');
const { persistStore, updatePersisted } = await import('../lib/persist-store');
const { isVisitorsPage, setupSessionExpiry, signInPathAfterExpiry } = await import('./session-expiry-setup');
const { markSigningOut } = await import('../lib/session/signing-out');

describe('session expiry', () => {
  afterEach(() => {
    onUnauthorized(null);
    onLocked(null);
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    window.history.replaceState(null, '', '/');
  });

  it('leaves a visitor where they are on the pages that need no session', () => {
    for (const path of ['/', '/Pricing', '/login', '/register', '/track/abc'])
      expect(isVisitorsPage(path)).toBe(true);
    for (const path of ['/auth/boxed-lockscreen', '/DeliveryCalendar', '/CompanyDashboard'])
      expect(isVisitorsPage(path)).toBe(false);
  });

  it('sends a signed-in page to /login with the way back, and the lock screen with the page it was locking', () => {
    expect(signInPathAfterExpiry('/DeliveryCalendar', '?view=week')).toBe(
      '/login?redirectTo=%2FDeliveryCalendar%3Fview%3Dweek',
    );
    expect(signInPathAfterExpiry('/auth/boxed-lockscreen', '?from=%2FNotifications')).toBe(
      '/login?redirectTo=%2FNotifications',
    );
    // Opened from the menu: back to the lock screen would lock the new session at once.
    expect(signInPathAfterExpiry('/auth/boxed-lockscreen', '')).toBe('/login');
  });

  it("a 401 on a screen's own quiet call checks the session, then goes to /login signed out (issue 33)", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const asked: string[] = [];
    const answer = fakeFetch({
      '/api/v1/me/check': { status: 401, body: { message: 'Unauthenticated.' } },
      '/api/v1/c/demo-shipper/admin/calendar/events': { status: 401, body: { message: 'Unauthenticated.' } },
    });
    vi.stubGlobal('fetch', (input: string) => {
      asked.push(new URL(input, 'http://localhost').pathname);
      return answer(input);
    });
    const navigate = vi.fn();
    registerNavigate(navigate);
    updatePersisted({ isLoggedIn: true });
    window.history.replaceState(null, '', '/DeliveryCalendar');
    setupSessionExpiry();

    await expect(
      callApi(calendarCalls.listEvents, {
        params: { companySlug: 'demo-shipper' },
        query: { start: '2026-11-01T00:00:00.000Z', end: '2026-11-08T00:00:00.000Z' },
        silent: true,
      }),
    ).rejects.toMatchObject({ statusCode: 401 });
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith('/login?redirectTo=%2FDeliveryCalendar', { replace: true }),
    );
    expect(asked).toContain('/api/v1/me/check');
    expect(persistStore.get().isLoggedIn).toBe(false);
  });

  it('a 401 that comes back while the user signs out leaves the sign-out to land on / (issue 39)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const answer = fakeFetch({
      '/api/v1/me/check': { status: 401, body: { message: 'Unauthenticated.' } },
      '/api/v1/c/demo-shipper/admin/calendar/events': { status: 401, body: { message: 'Unauthenticated.' } },
    });
    vi.stubGlobal('fetch', (input: string) => answer(input));
    const navigate = vi.fn();
    registerNavigate(navigate);
    updatePersisted({ isLoggedIn: true });
    window.history.replaceState(null, '', '/DeliveryCalendar');
    setupSessionExpiry();
    markSigningOut(true);
    try {
      await expect(
        callApi(calendarCalls.listEvents, {
          params: { companySlug: 'demo-shipper' },
          query: { start: '2026-11-01T00:00:00.000Z', end: '2026-11-08T00:00:00.000Z' },
          silent: true,
        }),
      ).rejects.toMatchObject({ statusCode: 401 });
      await waitFor(() => expect(persistStore.get().isLoggedIn).toBe(false));
      expect(navigate).not.toHaveBeenCalled();
    } finally {
      markSigningOut(false);
    }
  });
});
