import { RECIPIENT_OPT_OUT_PATH, recipientMessageCalls, type OptOut } from '@courier/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { urlOf } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { renderRoutes } from '../../../testing/render-app';
import StopMessagesPage from './stop-messages-page';

vi.mock('@mantine/notifications', () => ({
  notifications: { show: vi.fn(), hide: vi.fn() },
  Notifications: () => null,
}));

const TOKEN = 'tok.en_123';
const OPT_OUT_PATH = urlOf(recipientMessageCalls.getRecipientOptOut, { token: TOKEN });
const ANSWER: OptOut = { companyName: 'Acme Couriers', address: 'j•••@example.com', optedOut: false };

/** The two public calls; anything but the known token is a 404, as the server answers a wrong link. */
function server({ get }: { get?: { status: number; body: unknown } } = {}) {
  const sent: { method: string; path: string }[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = init?.method ?? 'GET';
    sent.push({ method, path: url.pathname });
    const json = (status: number, payload: unknown) =>
      Promise.resolve(
        new Response(JSON.stringify(payload), { status, headers: { 'Content-Type': 'application/json' } }),
      );
    if (url.pathname === '/sanctum/csrf-cookie') return Promise.resolve(new Response(null, { status: 204 }));
    if (url.pathname !== OPT_OUT_PATH) return json(404, { message: 'This link is not valid.' });
    if (method === 'POST') return json(200, { data: { ...ANSWER, optedOut: true } });
    return get ? json(get.status, get.body) : json(200, { data: ANSWER });
  });
  return sent;
}

const show = (search: string) =>
  renderRoutes(
    [{ path: RECIPIENT_OPT_OUT_PATH, element: <StopMessagesPage /> }],
    [`${RECIPIENT_OPT_OUT_PATH}${search}`],
  );

describe('/stop-messages: the stop link of the e-mails to a recipient (issue 36)', () => {
  beforeEach(() => queryClient.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it('asks first (opening the link changes nothing), then stops on the press and says so', async () => {
    const sent = server();
    const user = userEvent.setup();
    show(`?t=${encodeURIComponent(TOKEN)}`);
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Stop messages from Acme Couriers to j•••@example.com?',
      }),
    ).toBeTruthy();
    expect(sent.filter((s) => s.method === 'POST')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Stop messages' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages stopped' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(
      'Acme Couriers will send no more messages about deliveries to j•••@example.com.',
    );
    expect(sent.filter((s) => s.method === 'POST')).toEqual([{ method: 'POST', path: OPT_OUT_PATH }]);
  });

  it('says at once when the address has already stopped them', async () => {
    server({ get: { status: 200, body: { data: { ...ANSWER, optedOut: true } } } });
    show(`?t=${encodeURIComponent(TOKEN)}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages stopped' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Stop messages' })).toBeNull();
  });

  it.each([
    ['a wrong token', '?t=not-a-real-token'],
    ['no token', ''],
  ])('tells plainly that the link is not valid, for %s', async (_, search) => {
    server();
    show(search);
    expect(await screen.findByRole('heading', { name: 'This link is not valid' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Stop messages' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Stop messages' })).toBeNull();
  });

  it('offers to try again when the server cannot answer', async () => {
    server({ get: { status: 503, body: { message: 'Service Unavailable' } } });
    show(`?t=${encodeURIComponent(TOKEN)}`);
    await waitFor(() => expect(screen.getByText('Could not open this link')).toBeTruthy(), {
      timeout: 8_000,
    });
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
