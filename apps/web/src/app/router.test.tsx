import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { purgePersisted, updatePersisted } from '../lib/persist-store';
import { queryClient } from '../lib/query-client';
import { fakeFetch, renderRoutes } from '../testing/render-app';
import { routes } from './routes';

vi.mock('@mantine/notifications', () => ({
  notifications: { show: vi.fn(), hide: vi.fn() },
  Notifications: () => null,
}));

const user = {
  uuid: '0b8e4f5c-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
  firstname: 'Alice',
  lastname: 'Ashworth',
  email: 'admin@shipper.test',
  emailVerifiedAt: null,
  imgUrl: null,
  imgThumbUrl: null,
  phoneNumbers: [],
  defaultCompanySlug: 'demo-shipper',
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
};

const signedIn = {
  '/api/v1/me/check': { body: { data: { valid: true } } },
  '/api/v1/me': { body: { data: user } },
  '/api/v1/me/company': { body: { data: [] } },
  '/api/v1/me/role': {
    body: {
      data: [{ uuid: '5d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d', slug: 'company-admin', name: 'Company admin' }],
    },
  },
};

describe('router', () => {
  beforeEach(() => {
    queryClient.clear();
    purgePersisted();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('signed out, /CompanyDashboard goes to /login with the way back', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({ '/api/v1/me/check': { status: 401, body: { message: 'Unauthenticated.' } } }),
    );
    const { router } = renderRoutes(routes, ['/CompanyDashboard']);
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirectTo=%2FCompanyDashboard');
  });

  it('signed in, a guarded screen shows its title inside its layout', async () => {
    vi.stubGlobal('fetch', fakeFetch(signedIn));
    updatePersisted({ isLoggedIn: true });
    renderRoutes(routes, ['/VehicleManage']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Manage Vehicles' })).toBeTruthy();
    expect(screen.getByPlaceholderText('Search...')).toBeTruthy();
    // The office's quick actions show once the roles say who the user is (decision 018).
    expect(await screen.findByRole('button', { name: 'Quick actions' })).toBeTruthy();
  });

  it('signed in, the user, roles and companies are asked beside the session check and the screen waits for them', async () => {
    const asked: string[] = [];
    let answerCheck: () => void = () => undefined;
    const checkAnswered = new Promise<void>((resolve) => (answerCheck = resolve));
    const answer = fakeFetch(signedIn);
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const path = new URL(String(input instanceof Request ? input.url : input), 'http://localhost').pathname;
      asked.push(path);
      if (path === '/api/v1/me/check') await checkAnswered;
      return answer(input);
    });
    updatePersisted({ currentCompanySlug: 'demo-shipper' });
    renderRoutes(routes, ['/CompanyDashboard']);
    await waitFor(() =>
      expect(asked).toEqual(expect.arrayContaining(['/api/v1/me/role', '/api/v1/me/company'])),
    );
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    answerCheck();
    expect(await screen.findByRole('heading', { level: 1, name: 'Company Dashboard' })).toBeTruthy();
    // Drawn with the roles: an admin never sees the card meant for those who are not (decision 047).
    expect(screen.getByText('Add a vehicle')).toBeTruthy();
    expect(screen.queryByText(/shown to company admins here/)).toBeNull();
  });

  it('/DeliveryAdd shows the full form in the default layout, without the quick-action button', async () => {
    vi.stubGlobal('fetch', fakeFetch(signedIn));
    updatePersisted({ isLoggedIn: true });
    const { container } = renderRoutes(routes, ['/DeliveryAdd']);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Add Delivery with Vehicle and Driver' }),
    ).toBeTruthy();
    expect(container.querySelector('[data-layout]')?.getAttribute('data-layout')).toBe('default');
    expect(screen.queryByRole('button', { name: 'Quick actions' })).toBeNull();
  });

  it.each(['/BIdDetail', '/BidDetail'])('%s resolves to the bid detail screen', async (path) => {
    vi.stubGlobal('fetch', fakeFetch(signedIn));
    const { router } = renderRoutes(routes, [path]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Bid Detail' })).toBeTruthy();
    expect(router.state.matches.at(-1)?.route.path).toBe(path);
  });

  it('any other path shows the not-found page', async () => {
    vi.stubGlobal('fetch', fakeFetch({}));
    renderRoutes(routes, ['/no/such/page']);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('with no session, the lock screen is the sign-in screen, in its place in the history (issue 33)', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({ '/api/v1/me/lock': { status: 401, body: { message: 'Unauthenticated.' } } }),
    );
    const { router } = renderRoutes(routes, [
      '/CompanyDashboard',
      '/auth/boxed-lockscreen?from=%2FNotifications',
    ]);
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeTruthy();
    expect(screen.queryByText(/no signed-in session/)).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirectTo=%2FNotifications');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('the lock screen that cannot reach the server says so and offers to try again', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({ '/api/v1/me/lock': { status: 500, body: { message: 'Server Error' } } }),
    );
    const { router } = renderRoutes(routes, ['/auth/boxed-lockscreen']);
    expect(await screen.findByText('The session could not be checked.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/boxed-lockscreen');
  });

  it('keeps the document title in step with the screen', async () => {
    vi.stubGlobal('fetch', fakeFetch({}));
    renderRoutes(routes, ['/Pricing']);
    await waitFor(() => expect(document.title).toBe('Pricing | Courier'));
  });
});
