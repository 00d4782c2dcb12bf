import type { ApiKey, CreatedApiKey } from '@courier/contract';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModalsSlot } from '../../../components/dialogs/modals';
import { updatePersisted } from '../../../lib/persist-store';
import { queryClient } from '../../../lib/query-client';
import { renderRoutes } from '../../../testing/render-app';
import IntegrationsPage from './integrations-page';

vi.mock('@mantine/notifications', () => ({
  notifications: { show: vi.fn(), hide: vi.fn() },
  Notifications: () => null,
}));

const SLUG = 'acme';
const KEYS_PATH = `/api/v1/c/${SLUG}/admin/api-key`;
const WEBHOOKS_PATH = `/api/v1/c/${SLUG}/admin/webhook`;
const SECRET = 'ck_live_Ab3xQ9rT2mVw8pLk4sYz1nB6cD0eF5gH7jK';
const DAY = 86_400_000;
const iso = (offset: number) => new Date(Date.now() + offset).toISOString();

const key = (uuid: string, name: string, extra: Partial<ApiKey> = {}): ApiKey => ({
  uuid,
  name,
  prefix: 'ck_live_Zz9y',
  scopes: ['deliveries:read', 'deliveries:write'],
  ratePerSecond: 20,
  expiresAt: null,
  lastUsedAt: null,
  lastUsedAddress: null,
  revokedAt: null,
  createdAt: iso(-10 * DAY),
  createdByFirstName: 'Ada',
  ...extra,
});
const SHOP = key('11111111-1111-4111-8111-111111111111', 'Web shop', {
  prefix: 'ck_live_Ab3x',
  lastUsedAt: iso(-DAY),
  lastUsedAddress: '203.0.113.9',
});
const OLD = key('22222222-2222-4222-8222-222222222222', 'Old feed', {
  scopes: ['positions:read'],
  expiresAt: iso(-2 * DAY),
});
const GONE = key('33333333-3333-4333-8333-333333333333', 'Gone', { revokedAt: iso(-3 * DAY) });

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

/**
 * The API keys' calls as the server answers them: the list (unrevoked first), a create answering `createAnswer`
 * and a revoke; every call is kept in `sent`.
 */
function server({
  roles = ['company-admin'],
  keys = [SHOP, OLD, GONE],
  createAnswer,
  listFailures = 0,
}: {
  roles?: string[];
  keys?: ApiKey[];
  createAnswer?: { status: number; body: unknown };
  listFailures?: number;
} = {}) {
  const sent: Sent[] = [];
  let list = [...keys];
  let failures = listFailures;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = new URL(url, 'http://localhost').pathname;
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    sent.push({ method, path, body });
    const json = (status: number, payload: unknown) =>
      Promise.resolve(
        new Response(JSON.stringify(payload), { status, headers: { 'Content-Type': 'application/json' } }),
      );
    if (path === '/sanctum/csrf-cookie') return Promise.resolve(new Response(null, { status: 204 }));
    if (path === '/api/v1/me/role')
      return json(200, {
        data: roles.map((slug, i) => ({ uuid: `5d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4${i}`, slug, name: slug })),
      });
    // The webhooks card below the keys (integrations-webhooks.test.tsx): none.
    if (path === WEBHOOKS_PATH && method === 'GET') return json(200, { data: [] });
    if (path === KEYS_PATH && method === 'GET') {
      if (failures > 0) {
        failures -= 1;
        return json(500, { message: 'The database is away.' });
      }
      return json(200, { data: list });
    }
    if (path === KEYS_PATH && method === 'POST') {
      const answer = createAnswer ?? { status: 201, body: { data: created(body) } };
      if (answer.status === 201) {
        const { secret: _secret, ...shown } = (answer.body as { data: CreatedApiKey }).data;
        list = [shown, ...list];
      }
      return json(answer.status, answer.body);
    }
    const revoked = list.find((k) => path === `${KEYS_PATH}/${k.uuid}`);
    if (revoked && method === 'DELETE') {
      const now = new Date().toISOString();
      list = list.map((k) => (k === revoked ? { ...k, revokedAt: now } : k));
      return json(200, { data: { ...revoked, revokedAt: now } });
    }
    return json(404, { message: 'Not Found' });
  });
  return sent;
}

function created(body: unknown): CreatedApiKey {
  const { name, scopes, ratePerSecond } = body as Pick<ApiKey, 'name' | 'scopes' | 'ratePerSecond'>;
  return {
    ...key('44444444-4444-4444-8444-444444444444', name, { scopes, ratePerSecond, createdAt: iso(0) }),
    prefix: SECRET.slice(0, 12),
    secret: SECRET,
  };
}

const show = () =>
  renderRoutes(
    [
      {
        path: '/AccountPages/Integrations',
        element: (
          <>
            <IntegrationsPage />
            <ModalsSlot />
          </>
        ),
      },
      { path: '*', element: null },
    ],
    ['/AccountPages/Integrations'],
  );
const keyTable = () => screen.findByRole('table', { name: 'API keys' });
const rowOf = (table: HTMLElement, name: string) => within(table).getByText(name).closest('tr')!;
const listCalls = (sent: Sent[]) => sent.filter((s) => s.path === KEYS_PATH && s.method === 'GET').length;

describe('/AccountPages/Integrations: the company API keys (decision 065)', () => {
  beforeEach(() => {
    queryClient.clear();
    updatePersisted({ currentCompanySlug: SLUG });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
    updatePersisted({ currentCompanySlug: null });
  });

  it('lists the keys with their prefix, scopes, rate, use and standing, in the order the server gives', async () => {
    server();
    show();
    const table = await keyTable();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByText(/Web shop|Old feed|Gone/).textContent)).toEqual([
      'Web shop',
      'Old feed',
      'Gone',
    ]);

    const shop = rowOf(table, 'Web shop');
    expect(within(shop).getByText('ck_live_Ab3x…')).toBeTruthy();
    expect(within(shop).getByText('Read deliveries')).toBeTruthy();
    expect(within(shop).getByText('Create and change deliveries')).toBeTruthy();
    expect(within(shop).getByText('20/s')).toBeTruthy();
    expect(within(shop).getByText(/by Ada$/)).toBeTruthy();
    expect(within(shop).getByText('203.0.113.9')).toBeTruthy();
    expect(within(shop).getByText('Never')).toBeTruthy();
    expect(within(shop).getByText('Active')).toBeTruthy();
    expect(within(shop).getByRole('button', { name: 'Revoke the API key Web shop' })).toBeTruthy();

    const old = rowOf(table, 'Old feed');
    expect(within(old).getByText('Read positions')).toBeTruthy();
    expect(within(old).getByText('Never used')).toBeTruthy();
    expect(within(old).getByText('Expired')).toBeTruthy();

    const gone = rowOf(table, 'Gone');
    expect(within(gone).getByText('Revoked')).toBeTruthy();
    expect(within(gone).queryByRole('button', { name: /Revoke/ })).toBeNull();

    // On a phone the same keys are blocks (CSS shows one or the other).
    const cards = screen.getByRole('list', { name: 'API keys' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(3);
  });

  it('without keys explains what they are for and offers to create one', async () => {
    server({ keys: [] });
    show();
    expect(await screen.findByText('No API keys yet')).toBeTruthy();
    expect(screen.getByText(/create deliveries for your company and follow them/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Create API key' }));
    expect(await screen.findByRole('dialog', { name: 'Create API key' })).toBeTruthy();
  });

  it('says when the keys could not be loaded, and loads them again on Try again', async () => {
    server({ listFailures: 1 });
    show();
    expect(await screen.findByText('Could not load the API keys')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await keyTable()).toBeTruthy();
  });

  it('creates a key with the default scopes and shows its secret once, with a copy button and a call to try', async () => {
    const sent = server();
    const user = userEvent.setup();
    show();
    await keyTable();
    await user.click(screen.getByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    expect(within(dialog).getByRole<HTMLInputElement>('checkbox', { name: 'Read deliveries' }).checked).toBe(
      true,
    );
    expect(
      within(dialog).getByRole<HTMLInputElement>('checkbox', { name: 'Create and change deliveries' })
        .checked,
    ).toBe(true);
    expect(within(dialog).getByRole<HTMLInputElement>('checkbox', { name: 'Read positions' }).checked).toBe(
      false,
    );
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: /Requests per second/ }).value).toBe(
      '20',
    );

    await user.click(within(dialog).getByRole('textbox', { name: /^Name/ }));
    await user.paste('Web shop 2');
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));

    const secretView = await screen.findByRole('dialog', { name: 'Copy your key now' });
    expect(sent.find((s) => s.method === 'POST')?.body).toEqual({
      name: 'Web shop 2',
      scopes: ['deliveries:read', 'deliveries:write'],
      ratePerSecond: 20,
      expiresAt: null,
    });
    expect(within(secretView).getByRole<HTMLInputElement>('textbox', { name: /^Secret of/ }).value).toBe(
      SECRET,
    );
    expect(within(secretView).getByText('It will not be shown again')).toBeTruthy();
    expect(within(secretView).getByTestId('api-key-curl').textContent).toBe(
      `curl -H "Authorization: Bearer ${SECRET}" ${window.location.origin}/api/v1/c/${SLUG}/admin/delivery`,
    );
    await user.click(within(secretView).getByRole('button', { name: 'Copy' }));
    expect(await within(secretView).findByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(SECRET);

    await user.click(within(secretView).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The list was read again, with the new key in it; its secret is nowhere on the page any more.
    expect(within(await keyTable()).getByText('Web shop 2')).toBeTruthy();
    expect(listCalls(sent)).toBeGreaterThanOrEqual(2);
    expect(screen.queryByDisplayValue(SECRET)).toBeNull();
  });

  it("checks the form before sending, and puts a 422's error on its field", async () => {
    const sent = server({
      createAnswer: {
        status: 422,
        body: { message: 'The given data was invalid.', errors: { name: ['A key already has this name.'] } },
      },
    });
    const user = userEvent.setup();
    show();
    await keyTable();
    await user.click(screen.getByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });

    // No name and no scope: said on the fields, nothing sent.
    await user.click(within(dialog).getByRole('checkbox', { name: 'Read deliveries' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Create and change deliveries' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText(/Name the key after what will use it/)).toBeTruthy();
    expect(within(dialog).getByText('Choose at least one scope.')).toBeTruthy();
    expect(sent.some((s) => s.method === 'POST')).toBe(false);

    await user.click(within(dialog).getByRole('textbox', { name: /^Name/ }));
    await user.paste('Web shop');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Read positions' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Expires/ }), '2099-01-01 10:00');
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText('A key already has this name.')).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: /^Name/ }).getAttribute('aria-invalid')).toBe('true');
    expect(sent.find((s) => s.method === 'POST')?.body).toEqual({
      name: 'Web shop',
      scopes: ['positions:read'],
      ratePerSecond: 20,
      expiresAt: new Date(2099, 0, 1, 10, 0).toISOString(),
    });
  });

  it('revokes a key only once the admin confirms, then reads the list again', async () => {
    const sent = server();
    const user = userEvent.setup();
    show();
    const table = await keyTable();
    await user.click(
      within(rowOf(table, 'Web shop')).getByRole('button', { name: 'Revoke the API key Web shop' }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Revoke “Web shop”?' });
    expect(within(confirm).getByText(/Calls with this key will be refused at once/)).toBeTruthy();
    expect(sent.some((s) => s.method === 'DELETE')).toBe(false);

    await user.click(within(confirm).getByRole('button', { name: 'Revoke key' }));
    await waitFor(() =>
      expect(sent.filter((s) => s.method === 'DELETE').map((s) => s.path)).toEqual([
        `${KEYS_PATH}/${SHOP.uuid}`,
      ]),
    );
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ title: 'API Key Revoked' })),
    );
    await waitFor(() => expect(within(rowOf(table, 'Web shop')).getByText('Revoked')).toBeTruthy());
    expect(within(rowOf(table, 'Web shop')).queryByRole('button', { name: /Revoke/ })).toBeNull();
  });

  it('tells a member who is not an admin that only admins manage the keys, and asks nothing of them', async () => {
    const sent = server({ roles: ['driver'] });
    show();
    expect(await screen.findByText('Only company admins')).toBeTruthy();
    expect(screen.getByText(/Only company admins can manage the company's API keys/)).toBeTruthy();
    expect(sent.some((s) => s.path === KEYS_PATH)).toBe(false);
  });
});
