import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEXTS,
  type WebhookAttempt,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
} from '@courier/contract';
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
const HOOKS = `/api/v1/c/${SLUG}/admin/webhook`;
const SECRET = 'whsec_Ab3xQ9rT2mVw8pLk4sYz1nB6cD0eF5gH7jKlMnOpQrS=';
const NEW_SECRET = 'whsec_Zz9yXw8vUt7sRq6pOn5mLk4jIh3gFe2dCb1aZy0xWvU=';
const HOUR = 3_600_000;
const iso = (offset: number) => new Date(Date.now() + offset).toISOString();

const endpoint = (uuid: string, url: string, extra: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  uuid,
  url,
  description: '',
  events: ['delivery.created', 'delivery.status_changed'],
  isEnabled: true,
  disabledReason: null,
  secretPrefix: 'whsec_Qq1q',
  previousSecretExpiresAt: null,
  pending: 0,
  lastAttempt: null,
  createdAt: iso(-48 * HOUR),
  ...extra,
});
const SHOP = endpoint('11111111-1111-4111-8111-111111111111', 'https://shop.example.com/hooks/courier', {
  description: 'Web shop order updates',
  secretPrefix: 'whsec_Ab3x',
  lastAttempt: { at: iso(-HOUR), statusCode: 204, ok: true },
});
const PAUSED = endpoint('22222222-2222-4222-8222-222222222222', 'https://erp.example.com/in', {
  isEnabled: false,
  events: [...WEBHOOK_EVENT_TYPES],
});
const BROKEN = endpoint('33333333-3333-4333-8333-333333333333', 'https://old.example.com/webhook', {
  isEnabled: false,
  disabledReason: 'its tries failed for a day (the last answered 500)',
  pending: 4,
  lastAttempt: { at: iso(-2 * HOUR), statusCode: 500, ok: false },
});

const attempt = (uuid: string, extra: Partial<WebhookAttempt> = {}): WebhookAttempt => ({
  uuid,
  messageUuid: '99999999-9999-4999-8999-999999999991',
  eventType: 'delivery.created',
  attempt: 1,
  at: iso(-HOUR),
  statusCode: 204,
  durationMs: 87,
  ok: true,
  error: null,
  responseExcerpt: '',
  body: '{"id":"m1","type":"delivery.created","data":{"delivery":{"name":"Flowers"}}}',
  messageStatus: 'delivered',
  ...extra,
});
const ATTEMPTS = [
  attempt('aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa2', {
    messageUuid: '99999999-9999-4999-8999-999999999992',
    eventType: 'delivery.status_changed',
    attempt: 2,
    statusCode: 500,
    ok: false,
    error: 'The endpoint answered 500.',
    responseExcerpt: 'Internal Server Error',
    durationMs: 312,
    messageStatus: 'failed',
  }),
  attempt('aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa1'),
];

interface Sent {
  method: string;
  path: string;
  search: string;
  body: unknown;
}

/**
 * The webhooks' calls as the server answers them (the API keys' list is empty); `createAnswer` and `testAnswer`
 * replace the usual answers. Every call is kept in `sent`.
 */
function server({
  endpoints = [SHOP, PAUSED, BROKEN],
  attempts = ATTEMPTS,
  createAnswer,
  testAnswer,
}: {
  endpoints?: WebhookEndpoint[];
  attempts?: WebhookAttempt[];
  createAnswer?: { status: number; body: unknown };
  testAnswer?: { status: number; body: unknown };
} = {}) {
  const sent: Sent[] = [];
  let list = [...endpoints];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const path = url.pathname;
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    sent.push({ method, path, search: url.search, body });
    const json = (status: number, payload: unknown) =>
      Promise.resolve(
        new Response(JSON.stringify(payload), { status, headers: { 'Content-Type': 'application/json' } }),
      );
    if (path === '/sanctum/csrf-cookie') return Promise.resolve(new Response(null, { status: 204 }));
    if (path === '/api/v1/me/role')
      return json(200, {
        data: [{ uuid: '5d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c40', slug: 'company-admin', name: 'Admin' }],
      });
    if (path === `/api/v1/c/${SLUG}/admin/api-key`) return json(200, { data: [] });
    if (path === HOOKS && method === 'GET') return json(200, { data: list });
    if (path === HOOKS && method === 'POST') {
      const answer = createAnswer ?? { status: 201, body: { data: created(body) } };
      if (answer.status === 201) {
        const { secret: _secret, ...shown } = (answer.body as { data: WebhookEndpointWithSecret }).data;
        list = [...list, shown];
      }
      return json(answer.status, answer.body);
    }
    const [, uuid, rest] = /^\/api\/v1\/c\/acme\/admin\/webhook\/([^/]+)(\/.*)?$/.exec(path) ?? [];
    const found = list.find((e) => e.uuid === uuid);
    if (!found) return json(404, { message: 'Webhook endpoint not found.' });
    if (!rest && method === 'PATCH') {
      const saved = { ...found, ...(body as Partial<WebhookEndpoint>), disabledReason: null };
      list = list.map((e) => (e === found ? saved : e));
      return json(200, { data: saved });
    }
    if (!rest && method === 'DELETE') {
      list = list.filter((e) => e !== found);
      return json(200, { data: { uuid } });
    }
    if (rest === '/rotate-secret' && method === 'POST')
      return json(200, {
        data: {
          ...found,
          secretPrefix: NEW_SECRET.slice(0, 10),
          previousSecretExpiresAt: iso(24 * HOUR),
          secret: NEW_SECRET,
        },
      });
    if (rest === '/test' && method === 'POST')
      return json(testAnswer?.status ?? 201, testAnswer?.body ?? { data: message('webhook.test') });
    if (rest === '/attempts' && method === 'GET')
      return json(200, {
        data: attempts,
        meta: { current_page: 1, last_page: 1, per_page: 25, total: attempts.length },
      });
    if (rest?.endsWith('/resend') && method === 'POST')
      return json(201, { data: message('delivery.created') });
    return json(404, { message: 'Not Found' });
  });
  return sent;
}

const message = (eventType: string) => ({
  uuid: '88888888-8888-4888-8888-888888888888',
  eventType,
  createdAt: iso(0),
});

function created(body: unknown): WebhookEndpointWithSecret {
  const { url, description, events } = body as Pick<WebhookEndpoint, 'url' | 'description' | 'events'>;
  return {
    ...endpoint('44444444-4444-4444-8444-444444444444', url, { description, events, createdAt: iso(0) }),
    secretPrefix: SECRET.slice(0, 10),
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
const hookTable = () => screen.findByRole('table', { name: 'Webhook endpoints' });
const rowOf = (table: HTMLElement, url: string) => within(table).getByText(url).closest('tr')!;
const calls = (sent: Sent[], method: string, path: string) =>
  sent.filter((s) => s.method === method && s.path === path);

/** Opens an endpoint's menu in the table and chooses `action`. */
async function choose(user: ReturnType<typeof userEvent.setup>, url: string, action: string) {
  const row = rowOf(await hookTable(), url);
  await user.click(within(row).getByRole('button', { name: `Actions for the endpoint ${url}` }));
  await user.click(await screen.findByRole('menuitem', { name: action }));
}

describe('/AccountPages/Integrations: the company webhooks (decision 066)', () => {
  beforeEach(() => {
    queryClient.clear();
    updatePersisted({ currentCompanySlug: SLUG });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
    updatePersisted({ currentCompanySlug: null });
  });

  it('lists the endpoints with their events, standing (a turned-off one with its reason), waiting messages and last try', async () => {
    server();
    show();
    const table = await hookTable();

    const shop = rowOf(table, SHOP.url);
    expect(within(shop).getByText('Web shop order updates')).toBeTruthy();
    expect(within(shop).getByText('whsec_Ab3x…')).toBeTruthy();
    expect(within(shop).getByText('delivery.created')).toBeTruthy();
    expect(within(shop).getByText('delivery.status_changed')).toBeTruthy();
    expect(within(shop).getByText('On')).toBeTruthy();
    expect(within(shop).getByText('None waiting')).toBeTruthy();
    expect(within(shop).getByText('204')).toBeTruthy();

    const paused = rowOf(table, PAUSED.url);
    expect(within(paused).getByText('Off')).toBeTruthy();
    expect(
      within(paused).getByRole('button', { name: `All ${WEBHOOK_EVENT_TYPES.length} events` }),
    ).toBeTruthy();
    expect(within(paused).getByText('Never tried')).toBeTruthy();

    const broken = rowOf(table, BROKEN.url);
    expect(
      within(broken).getByText(WEBHOOK_TEXTS.disabled('its tries failed for a day (the last answered 500)')),
    ).toBeTruthy();
    expect(within(broken).getByText('4 waiting')).toBeTruthy();
    expect(within(broken).getByText('500')).toBeTruthy();

    // On a phone the same endpoints are blocks (CSS shows one or the other).
    const cards = screen.getByRole('list', { name: 'Webhook endpoints' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(3);
  });

  it('without endpoints explains what webhooks do and offers to add one', async () => {
    server({ endpoints: [] });
    show();
    expect(await screen.findByText('No webhooks yet')).toBeTruthy();
    expect(screen.getByText(/when its deliveries move: .* as a signed POST/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByRole('dialog', { name: 'Add endpoint' })).toBeTruthy();
  });

  it('adds an endpoint and shows its signing secret once, with how to verify a message', async () => {
    const sent = server();
    const user = userEvent.setup();
    show();
    await hookTable();
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add endpoint' });

    await user.click(within(dialog).getByRole('textbox', { name: /^URL/ }));
    await user.paste('https://wms.example.com/hooks');
    await user.click(within(dialog).getByRole('textbox', { name: /^Description/ }));
    await user.paste('Warehouse');
    await user.click(within(dialog).getByRole('checkbox', { name: 'All delivery events' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'A delivery fails' }));
    expect(
      within(dialog).getByRole<HTMLInputElement>('checkbox', { name: 'All delivery events' }).indeterminate,
    ).toBe(true);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Our bid wins a delivery' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));

    const secretView = await screen.findByRole('dialog', { name: 'Copy your signing secret now' });
    expect(calls(sent, 'POST', HOOKS)[0]?.body).toEqual({
      url: 'https://wms.example.com/hooks',
      description: 'Warehouse',
      events: [
        ...WEBHOOK_EVENT_TYPES.filter((t) => t.startsWith('delivery.') && t !== 'delivery.failed'),
        'auction.awarded',
      ],
    });
    expect(within(secretView).getByRole<HTMLInputElement>('textbox', { name: 'Signing secret' }).value).toBe(
      SECRET,
    );
    expect(within(secretView).getByText('It will not be shown again')).toBeTruthy();
    for (const header of ['webhook-id', 'webhook-timestamp', 'webhook-signature'])
      expect(within(secretView).getByText(header)).toBeTruthy();
    await user.click(within(secretView).getByRole('button', { name: 'Copy' }));
    expect(await within(secretView).findByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(SECRET);

    await user.click(within(secretView).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(await hookTable()).getByText('https://wms.example.com/hooks')).toBeTruthy();
    expect(calls(sent, 'GET', HOOKS).length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByDisplayValue(SECRET)).toBeNull();
  });

  it("checks the form before sending, and puts a 422's error on the address", async () => {
    const sent = server({
      createAnswer: {
        status: 422,
        body: { message: 'The given data was invalid.', errors: { url: [WEBHOOK_TEXTS.privateTarget] } },
      },
    });
    const user = userEvent.setup();
    show();
    await hookTable();
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add endpoint' });
    // A new endpoint starts with new deliveries and their moves chosen; with none, the form says so.
    const created = within(dialog).getByRole<HTMLInputElement>('checkbox', { name: 'A delivery is created' });
    const moved = within(dialog).getByRole<HTMLInputElement>('checkbox', {
      name: /A delivery's status changes/,
    });
    expect([created.checked, moved.checked]).toEqual([true, true]);
    await user.click(created);
    await user.click(moved);

    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByText('Choose at least one event.')).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: /^URL/ }).getAttribute('aria-invalid')).toBe('true');
    expect(calls(sent, 'POST', HOOKS)).toHaveLength(0);

    await user.click(within(dialog).getByRole('textbox', { name: /^URL/ }));
    await user.paste('http://192.168.1.20/hook');
    await user.click(within(dialog).getByRole('checkbox', { name: 'A delivery is created' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByText(WEBHOOK_TEXTS.privateTarget)).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: /^URL/ }).getAttribute('aria-invalid')).toBe('true');
    expect(calls(sent, 'POST', HOOKS)[0]?.body).toEqual({
      url: 'http://192.168.1.20/hook',
      description: '',
      events: ['delivery.created'],
    });
  });

  it('edits an endpoint in the same form, prefilled, and sends only what changed', async () => {
    const sent = server();
    const user = userEvent.setup();
    show();
    await choose(user, SHOP.url, 'Edit');
    const dialog = await screen.findByRole('dialog', { name: 'Edit endpoint' });
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: /^URL/ }).value).toBe(SHOP.url);
    expect(
      within(dialog).getByRole<HTMLInputElement>('checkbox', { name: 'A delivery is created' }).checked,
    ).toBe(true);
    const description = within(dialog).getByRole('textbox', { name: /^Description/ });
    await user.clear(description);
    await user.click(description);
    await user.paste('Shop orders');
    await user.click(within(dialog).getByRole('checkbox', { name: 'A delivery is completed' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls(sent, 'PATCH', `${HOOKS}/${SHOP.uuid}`).map((s) => s.body)).toEqual([
      {
        description: 'Shop orders',
        events: ['delivery.created', 'delivery.status_changed', 'delivery.completed'],
      },
    ]);
    expect(within(await hookTable()).getByText('Shop orders')).toBeTruthy();
  });

  it('rotates the secret only once the admin confirms, then shows the new one once', async () => {
    const sent = server();
    const user = userEvent.setup();
    show();
    await choose(user, SHOP.url, 'Rotate secret');
    const confirm = await screen.findByRole('dialog', { name: 'Make a new signing secret?' });
    expect(within(confirm).getByText(/The previous one keeps signing, beside it, for 24 hours/)).toBeTruthy();
    expect(calls(sent, 'POST', `${HOOKS}/${SHOP.uuid}/rotate-secret`)).toHaveLength(0);

    await user.click(within(confirm).getByRole('button', { name: 'Rotate secret' }));
    const secretView = await screen.findByRole('dialog', { name: 'Copy the new signing secret now' });
    expect(calls(sent, 'POST', `${HOOKS}/${SHOP.uuid}/rotate-secret`)).toHaveLength(1);
    expect(within(secretView).getByRole<HTMLInputElement>('textbox', { name: 'Signing secret' }).value).toBe(
      NEW_SECRET,
    );
    expect(within(secretView).getByText(/The previous secret also signs each message until/)).toBeTruthy();
  });

  it('deletes an endpoint only once the admin confirms, warning that its waiting messages and log go too', async () => {
    const sent = server();
    const user = userEvent.setup();
    show();
    await choose(user, BROKEN.url, 'Delete');
    const confirm = await screen.findByRole('dialog', { name: 'Delete this endpoint?' });
    expect(within(confirm).getByText(/Its waiting messages and its log are deleted with it/)).toBeTruthy();
    expect(calls(sent, 'DELETE', `${HOOKS}/${BROKEN.uuid}`)).toHaveLength(0);

    await user.click(within(confirm).getByRole('button', { name: 'Delete endpoint' }));
    await waitFor(() => expect(calls(sent, 'DELETE', `${HOOKS}/${BROKEN.uuid}`)).toHaveLength(1));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Webhook Endpoint Deleted' }),
      ),
    );
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Webhook endpoints' })).queryByText(BROKEN.url),
      ).toBeNull(),
    );
  });

  it('turns an endpoint back on and says its waiting messages are sent now', async () => {
    const sent = server();
    const user = userEvent.setup();
    show();
    await choose(user, BROKEN.url, 'Turn on');
    await waitFor(() =>
      expect(calls(sent, 'PATCH', `${HOOKS}/${BROKEN.uuid}`).map((s) => s.body)).toEqual([
        { isEnabled: true },
      ]),
    );
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'The 4 messages waiting for it are sent now.' }),
      ),
    );
  });

  it("sends a test event, and shows the server's words when it refuses (409)", async () => {
    const refusal = 'This endpoint is turned off: turn it on to send it a test event.';
    const sent = server({ testAnswer: { status: 409, body: { message: refusal } } });
    const user = userEvent.setup();
    show();
    await choose(user, PAUSED.url, 'Send test event');
    await waitFor(() => expect(calls(sent, 'POST', `${HOOKS}/${PAUSED.uuid}/test`)).toHaveLength(1));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Error 409', message: refusal }),
      ),
    );
  });

  it('opens the log: the tries newest first, a row opened shows the body sent, and "Send again" resends', async () => {
    const sent = server();
    const user = userEvent.setup();
    show();
    await choose(user, SHOP.url, 'View log');
    const log = await screen.findByRole('dialog', { name: 'Webhook log' });
    const attemptsPath = `${HOOKS}/${SHOP.uuid}/attempts`;
    await within(log).findByText('delivery.status_changed');
    expect(calls(sent, 'GET', attemptsPath)[0]?.search).toBe('?page=1&per_page=25');

    const controls = within(log).getAllByRole('button', { expanded: false });
    expect(controls.map((c) => c.textContent)).toEqual([
      expect.stringMatching(/^delivery\.status_changedtry 2Failed.*500312 ms$/),
      expect.stringMatching(/^delivery\.createdtry 1Delivered.*20487 ms$/),
    ]);

    await user.click(controls[1]!);
    // The opened row's region (a closed one is kept, hidden).
    const opened = await within(log).findByRole('region');
    const body = within(opened).getByTestId('webhook-attempt-body');
    expect(body.textContent).toBe(
      JSON.stringify(
        { id: 'm1', type: 'delivery.created', data: { delivery: { name: 'Flowers' } } },
        null,
        2,
      ),
    );

    const before = calls(sent, 'GET', attemptsPath).length;
    expect(within(opened).getByTestId('webhook-attempt-answer').textContent).toBe('(empty)');
    await user.click(within(log).getByRole('button', { name: /^Send again the delivery\.created message/ }));
    await waitFor(() =>
      expect(
        calls(sent, 'POST', `${HOOKS}/${SHOP.uuid}/messages/${ATTEMPTS[1]!.messageUuid}/resend`),
      ).toHaveLength(1),
    );
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Message Queued' })),
    );
    await waitFor(() => expect(calls(sent, 'GET', attemptsPath).length).toBeGreaterThan(before));
  });

  it('says so when an endpoint has no tries yet', async () => {
    server({ attempts: [] });
    const user = userEvent.setup();
    show();
    await choose(user, SHOP.url, 'View log');
    const log = await screen.findByRole('dialog', { name: 'Webhook log' });
    expect(await within(log).findByText('Nothing sent yet')).toBeTruthy();
  });
});
