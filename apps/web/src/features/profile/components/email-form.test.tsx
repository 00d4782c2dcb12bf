import { MantineProvider } from '@mantine/core';
import type { User } from '@courier/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mantineTheme } from '../../../lib/mantine-theme';
import { queryClient } from '../../../lib/query-client';
import { EmailForm } from './email-form';

const USER: User = {
  uuid: '11111111-1111-4111-8111-111111111111',
  firstname: 'Ada',
  lastname: 'Lovelace',
  email: 'ada@example.com',
  emailVerifiedAt: null,
  imgUrl: null,
  imgThumbUrl: null,
  defaultCompanySlug: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const PENDING = {
  email: 'nadia@example.com',
  requestedAt: '2026-01-02T10:00:00.000Z',
  expiresAt: '2026-01-03T10:00:00.000Z',
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

type Answer = (body: unknown) => Response;

/** The server: the pending change's calls and the change itself; the CSRF cookie call answers 204. */
function serve(answers: { get?: () => Response; post?: Answer; remove?: () => Response }) {
  const sent: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = new URL(url, 'http://localhost').pathname;
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
    sent.push({ method, path, body });
    if (path === '/api/v1/me/email/change' && method === 'GET')
      return Promise.resolve((answers.get ?? (() => json(200, { data: { pending: null } })))());
    if (path === '/api/v1/me/email/change' && method === 'DELETE')
      return Promise.resolve(answers.remove?.() ?? json(200, { data: { message: 'Cancelled.' } }));
    if (path === '/api/v1/me/email' && answers.post) return Promise.resolve(answers.post(body));
    return Promise.resolve(new Response(null, { status: 204 }));
  });
  return sent;
}

function renderForm() {
  render(
    <MantineProvider theme={mantineTheme}>
      <QueryClientProvider client={queryClient}>
        <EmailForm user={USER} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return screen.getByRole('region', { name: 'E-mail' });
}

describe('the sign-in e-mail form', () => {
  afterEach(() => {
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it('asks for the current password before it sends anything', async () => {
    const sent = serve({ post: () => json(200, { data: USER, message: 'ok' }) });
    const section = renderForm();
    await userEvent.type(within(section).getByLabelText(/^New e-mail/), 'nadia@example.com');
    await userEvent.click(within(section).getByRole('button', { name: 'Change e-mail' }));
    expect(await within(section).findByText('Current password is required')).toBeTruthy();
    expect(sent.filter((r) => r.path === '/api/v1/me/email')).toEqual([]);
  });

  it('sends the new address with the password, and shows a wrong password on its field', async () => {
    const sent = serve({
      post: () =>
        json(422, {
          message: 'The current password is incorrect.',
          errors: { currentPassword: ['The current password is incorrect.'] },
        }),
    });
    const section = renderForm();
    await userEvent.type(within(section).getByLabelText(/^New e-mail/), 'Nadia@Example.com');
    await userEvent.type(within(section).getByLabelText(/^Current password/), 'not-it');
    await userEvent.click(within(section).getByRole('button', { name: 'Change e-mail' }));
    expect(await within(section).findByText('The current password is incorrect.')).toBeTruthy();
    expect(sent.find((r) => r.path === '/api/v1/me/email')?.body).toEqual({
      email: 'nadia@example.com',
      currentPassword: 'not-it',
    });
  });

  it('shows the change waiting for confirmation, and cancels it', async () => {
    let pending: typeof PENDING | null = PENDING;
    const sent = serve({
      get: () => json(200, { data: { pending } }),
      remove: () => {
        pending = null;
        return json(200, { data: { message: 'The change was cancelled.' } });
      },
    });
    const section = renderForm();
    const status = await within(section).findByRole('status');
    expect(status.textContent).toContain('Waiting for confirmation at nadia@example.com');
    expect(status.textContent).toContain('Until then you sign in with ada@example.com');
    await userEvent.click(within(status).getByRole('button', { name: 'Cancel the change' }));
    await waitFor(() => expect(within(section).queryByRole('status')).toBeNull());
    expect(sent.some((r) => r.method === 'DELETE' && r.path === '/api/v1/me/email/change')).toBe(true);
  });
});
