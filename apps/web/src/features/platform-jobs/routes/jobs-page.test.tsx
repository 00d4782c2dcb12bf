import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { renderRoutes } from '../../../testing/render-app';
import JobsPage from './jobs-page';

vi.mock('@mantine/notifications', () => ({
  notifications: { show: vi.fn(), hide: vi.fn() },
  Notifications: () => null,
}));

const DEAD_UUID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const queue = (
  name: string,
  counts: Partial<Record<'waiting' | 'running' | 'retrying' | 'dead', number>> = {},
) => ({
  queue: name,
  waiting: 0,
  running: 0,
  retrying: 0,
  dead: 0,
  oldestWaitingSeconds: null,
  ...counts,
});
const role = (slug: string) => ({ uuid: '5d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d', slug, name: slug });

/** The platform calls as a server answers them; a retry empties the dead list. */
function platformServer(roles: string[]) {
  const posted: string[] = [];
  let dead = [
    {
      uuid: DEAD_UUID,
      queue: 'mail.send',
      tries: 11,
      error: 'connect ECONNREFUSED 127.0.0.1:25',
      createdAt: '2026-11-28T09:00:00.000Z',
      failedAt: '2026-11-28T21:00:00.000Z',
    },
  ];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = new URL(url, 'http://localhost').pathname;
    const json = (status: number, body: unknown) =>
      Promise.resolve(
        new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
      );
    if (path === '/sanctum/csrf-cookie') return Promise.resolve(new Response(null, { status: 204 }));
    if (path === '/api/v1/me/role') return json(200, { data: roles.map(role) });
    if (path === '/api/v1/platform/jobs')
      return json(200, {
        data: [queue('mail.send', { retrying: 1, dead: dead.length }), queue('notifications.sweep')],
      });
    if (path === '/api/v1/platform/jobs/dead') return json(200, { data: dead });
    if (init?.method === 'POST' && path === `/api/v1/platform/jobs/mail.send/${DEAD_UUID}/retry`) {
      posted.push(path);
      dead = [];
      return json(200, { data: { uuid: DEAD_UUID }, message: 'The job runs again.' });
    }
    return json(404, { message: 'Not Found' });
  });
  return posted;
}

describe('/platform/jobs (decision 055)', () => {
  beforeEach(() => queryClient.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the queues and a dead job with its error, and retries it', async () => {
    const posted = platformServer(['platform-admin']);
    renderRoutes([{ path: '/platform/jobs', element: <JobsPage /> }], ['/platform/jobs']);
    const table = await screen.findByRole('table', { name: 'Job queues' });
    const mail = within(table).getByText('mail.send').closest('tr')!;
    expect(within(mail).getByText('E-mail, one message a job')).toBeTruthy();
    expect(within(mail).getByRole('button', { name: 'Show the 1 dead jobs of mail.send' })).toBeTruthy();

    const dead = await screen.findByRole('list', { name: 'Dead jobs' });
    expect(within(dead).getByText('connect ECONNREFUSED 127.0.0.1:25')).toBeTruthy();
    expect(within(dead).getByText(/11 tries/)).toBeTruthy();
    await userEvent.click(within(dead).getByRole('button', { name: /Retry the mail.send job/ }));
    await waitFor(() => expect(posted).toEqual([`/api/v1/platform/jobs/mail.send/${DEAD_UUID}/retry`]));
    expect(await screen.findByText('No dead jobs')).toBeTruthy();
  });

  it('tells anyone but a platform admin that it is not for them', async () => {
    platformServer(['company-admin']);
    renderRoutes([{ path: '/platform/jobs', element: <JobsPage /> }], ['/platform/jobs']);
    expect(await screen.findByText('Only platform admins')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Job queues' })).toBeNull();
  });
});
