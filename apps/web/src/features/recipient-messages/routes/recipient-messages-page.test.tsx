import {
  DEFAULT_RECIPIENT_TEMPLATES,
  RECIPIENT_MESSAGE_KINDS,
  RECIPIENT_MESSAGES_PATH,
  RECIPIENT_OPT_OUT_PATH,
  recipientMessageCalls,
  type RecipientMessageSettings,
} from '@courier/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROUTES } from '../../../app/route-table';
import { ModalsSlot } from '../../../components/dialogs/modals';
import { urlOf } from '../../../lib/api-client';
import { updatePersisted } from '../../../lib/persist-store';
import { queryClient } from '../../../lib/query-client';
import { renderRoutes } from '../../../testing/render-app';
import RecipientMessagesPage from './recipient-messages-page';

vi.mock('@mantine/notifications', () => ({
  notifications: { show: vi.fn(), hide: vi.fn() },
  Notifications: () => null,
}));

const SLUG = 'acme';
const SETTINGS_PATH = urlOf(recipientMessageCalls.getRecipientMessageSettings, { companySlug: SLUG });
const at = '2026-11-30T09:00:00.000Z';

const SETTINGS: RecipientMessageSettings = {
  arrivingSoonMinutes: 10,
  quietFrom: '21:00',
  quietUntil: '08:00',
  sendAtNight: false,
  templates: RECIPIENT_MESSAGE_KINDS.map((kind) => ({
    kind,
    ...DEFAULT_RECIPIENT_TEMPLATES[kind],
    isDefault: true,
  })),
  smsProvider: 'outbox',
  emailTransport: 'smtp',
  defaultCountry: 'GB',
};

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

/** The calls of the screen as the server answers them; `putAnswer` replaces the PUT's answer. */
function server({
  settings = SETTINGS,
  getAnswer,
  putAnswer,
}: {
  settings?: RecipientMessageSettings;
  getAnswer?: { status: number; body: unknown };
  putAnswer?: { status: number; body: unknown };
} = {}) {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    sent.push({ method, path: url.pathname, body });
    const json = (status: number, payload: unknown) =>
      Promise.resolve(
        new Response(JSON.stringify(payload), { status, headers: { 'Content-Type': 'application/json' } }),
      );
    if (url.pathname === '/sanctum/csrf-cookie') return Promise.resolve(new Response(null, { status: 204 }));
    if (url.pathname === '/api/v1/me/role')
      return json(200, {
        data: [{ uuid: '5d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c40', slug: 'company-admin', name: 'Admin' }],
      });
    if (url.pathname === '/api/v1/me/company')
      return json(200, {
        data: [
          {
            uuid: '5d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c41',
            slug: SLUG,
            name: 'Acme Couriers',
            description: '',
            logoUrl: null,
            companyTypeSlug: 'shipper',
            countryCode: 'GB',
            isActive: true,
            createdAt: at,
            updatedAt: at,
          },
        ],
      });
    if (url.pathname === SETTINGS_PATH && method === 'GET')
      return getAnswer ? json(getAnswer.status, getAnswer.body) : json(200, { data: settings });
    if (url.pathname === SETTINGS_PATH && method === 'PUT') {
      if (putAnswer) return json(putAnswer.status, putAnswer.body);
      const saved = body as RecipientMessageSettings;
      return json(200, {
        data: {
          ...settings,
          ...saved,
          templates: saved.templates.map((t) => ({ ...t, isDefault: false })),
        },
      });
    }
    return json(404, { message: 'Not Found' });
  });
  return sent;
}

const show = () =>
  renderRoutes(
    [
      {
        path: RECIPIENT_MESSAGES_PATH,
        element: (
          <>
            <RecipientMessagesPage />
            <ModalsSlot />
          </>
        ),
      },
      { path: '*', element: null },
    ],
    [RECIPIENT_MESSAGES_PATH],
  );
const card = async (name: string) => screen.findByRole('region', { name });
const puts = (sent: Sent[]) => sent.filter((s) => s.method === 'PUT');

describe('/AccountPages/RecipientMessages: the messages to recipients (issue 36)', () => {
  beforeEach(() => {
    queryClient.clear();
    updatePersisted({ currentCompanySlug: SLUG });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
    updatePersisted({ currentCompanySlug: null });
  });

  it('is a route of the app at the contract’s paths, the stop link’s page too', () => {
    expect(ROUTES.map((r) => r.path)).toEqual(
      expect.arrayContaining([RECIPIENT_MESSAGES_PATH, RECIPIENT_OPT_OUT_PATH]),
    );
  });

  it('shows how messages leave this server, the timing, and each kind with its words, counter and preview', async () => {
    server();
    show();
    const onTheWay = await card('On the way');
    expect(screen.getByTestId('sending-notice').textContent).toContain(
      "No SMS provider is configured: text messages are kept in the platform's outbox",
    );
    expect(screen.getByTestId('sending-notice').textContent).toContain("through this server's mail server");
    expect(screen.getByRole('textbox', { name: /“Arriving soon” is sent/ })).toHaveProperty('value', '10');
    expect(screen.getByLabelText('From')).toHaveProperty('value', '21:00');
    expect(screen.getByText(/apply in the recipient's local time/)).toBeTruthy();
    for (const kind of ['On the way', 'Arriving soon', 'Delivered', 'Delivery failed', 'Rescheduled'])
      expect(await card(kind)).toBeTruthy();
    expect(within(onTheWay).getByText('Default words')).toBeTruthy();
    // Text message only: no e-mail fields.
    expect(within(onTheWay).getByRole('radio', { name: 'Text message' })).toHaveProperty('checked', true);
    expect(within(onTheWay).queryByRole('textbox', { name: 'E-mail subject' })).toBeNull();
    const preview = await within(onTheWay).findByTestId('sms-preview');
    expect(preview.textContent).toContain('Hi Sam, your delivery from Acme Couriers is on its way.');
    expect(preview.textContent).toMatch(/Follow it live: http:\/\/[^ ]+\/track\/[\w-]{43}/);
    expect(within(onTheWay).getByTestId('sms-counter').textContent).toMatch(/^\d+ characters · 1 message$/);
  });

  it('follows the typing: the preview, the counter, a placeholder written where the caret is', async () => {
    server();
    const user = userEvent.setup();
    show();
    const onTheWay = await card('On the way');
    const sms = within(onTheWay).getByRole('textbox', { name: 'Text message' });
    await user.clear(sms);
    await user.type(sms, 'Hello , à bientôt');
    expect(within(onTheWay).getByTestId('sms-counter').textContent).toBe(
      // Counted as sent: "Hello, à bientôt" (the space before a comma goes, as the server's rendering does).
      '16 characters · 1 message · Unicode: 70 characters per message (because of “ô”)',
    );
    (sms as HTMLTextAreaElement).setSelectionRange(6, 6);
    await user.click(within(onTheWay).getByRole('button', { name: /^Insert \{recipient_name\}/ }));
    expect(sms).toHaveProperty('value', 'Hello {recipient_name}, à bientôt');
    await waitFor(() => expect(document.activeElement).toBe(sms));
    expect(within(onTheWay).getByTestId('sms-preview').textContent).toContain('Hello Sam, à bientôt');
    expect(within(onTheWay).queryByText('Default words')).toBeNull();

    await user.click(within(onTheWay).getByRole('button', { name: 'Reset to default: On the way' }));
    expect(sms).toHaveProperty('value', DEFAULT_RECIPIENT_TEMPLATES['on-the-way'].smsBody);
    expect(within(onTheWay).getByText('Default words')).toBeTruthy();
  });

  it('shows the fields the channel uses: e-mail, both, none', async () => {
    server();
    const user = userEvent.setup();
    show();
    const delivered = await card('Delivered');
    await user.click(within(delivered).getByRole('radio', { name: 'E-mail' }));
    expect(within(delivered).queryByRole('textbox', { name: 'Text message' })).toBeNull();
    expect(within(delivered).getByRole('textbox', { name: 'E-mail subject' })).toBeTruthy();
    expect(within(delivered).getByTestId('email-preview').textContent).toContain(
      'Your delivery from Acme Couriers was delivered',
    );
    // A delivered message may name its proof.
    expect(within(delivered).getAllByRole('button', { name: /^Insert \{proof\}/ })).toHaveLength(2);
    await user.click(within(delivered).getByRole('radio', { name: 'Both' }));
    expect(within(delivered).getByRole('textbox', { name: 'Text message' })).toBeTruthy();
    expect(within(delivered).getByTestId('sms-preview')).toBeTruthy();
    await user.click(within(delivered).getByRole('radio', { name: 'None' }));
    expect(within(delivered).queryAllByRole('textbox')).toHaveLength(0);
    expect(within(delivered).getByText(/Not sent\./)).toBeTruthy();
  });

  it('saves the whole form once, with the words as written and the minutes as a number', async () => {
    const sent = server();
    const user = userEvent.setup();
    show();
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(save).toHaveProperty('disabled', true);
    const minutes = screen.getByRole('textbox', { name: /“Arriving soon” is sent/ });
    await user.clear(minutes);
    await user.type(minutes, '15');
    // A quiet hour typed loosely is tidied when the field is left.
    const until = screen.getByRole('textbox', { name: 'Until' });
    await user.clear(until);
    await user.type(until, '7:30');
    await user.tab();
    expect(until).toHaveProperty('value', '07:30');
    await user.click(screen.getByRole('switch', { name: /Send at night too/ }));
    expect(screen.getByLabelText('From')).toHaveProperty('disabled', true);
    await user.click(within(await card('Rescheduled')).getByRole('radio', { name: 'None' }));
    expect(screen.getByText('You have unsaved changes.')).toBeTruthy();
    await user.click(save);
    await waitFor(() => expect(puts(sent)).toHaveLength(1));
    const body = puts(sent)[0]!.body as RecipientMessageSettings;
    expect(body).toMatchObject({
      arrivingSoonMinutes: 15,
      sendAtNight: true,
      quietFrom: '21:00',
      quietUntil: '07:30',
    });
    expect(body.templates.map((t) => [t.kind, t.channels])).toEqual([
      ['on-the-way', 'sms'],
      ['arriving-soon', 'sms'],
      ['delivered', 'sms'],
      ['failed', 'sms'],
      ['rescheduled', 'none'],
    ]);
    expect(body.templates[0]).not.toHaveProperty('isDefault');
    expect(await screen.findByText('Everything is saved.')).toBeTruthy();
  });

  it('stops a form the server would refuse, on its fields, before sending it', async () => {
    const sent = server();
    const user = userEvent.setup();
    show();
    const arriving = await card('Arriving soon');
    const sms = within(arriving).getByRole('textbox', { name: 'Text message' });
    await user.clear(sms);
    await user.type(sms, 'Soon at {{time}');
    const minutes = screen.getByRole('textbox', { name: /“Arriving soon” is sent/ });
    await user.clear(minutes);
    await user.type(minutes, '1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(arriving).findByText(/^Unknown placeholder \{time\}: use/)).toBeTruthy();
    expect(screen.getByText('At least 2 minutes.')).toBeTruthy();
    expect(sms.getAttribute('aria-invalid')).toBe('true');
    expect(puts(sent)).toHaveLength(0);
  });

  it('puts a 422’s field errors on their fields, and hidden words’ errors on their channel', async () => {
    server({
      putAnswer: {
        status: 422,
        body: {
          message: 'The given data was invalid.',
          errors: {
            'templates.3.smsBody': ['The text message is too long for the provider.'],
            'templates.3.emailBody': ['Unknown placeholder {why}.'],
          },
        },
      },
    });
    const user = userEvent.setup();
    show();
    const failed = await card('Delivery failed');
    await user.type(within(failed).getByRole('textbox', { name: 'Text message' }), ' Sorry.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(failed).findByText('The text message is too long for the provider.')).toBeTruthy();
    expect(
      within(failed).getByText(
        'The e-mail (not sent now): Unknown placeholder {why}. Choose its channel to change it, or reset to default.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('You have unsaved changes.')).toBeTruthy();
  });

  it('says so above the Save when the server refuses for another reason', async () => {
    server({ putAnswer: { status: 500, body: { message: 'Server Error' } } });
    const user = userEvent.setup();
    show();
    const failed = await card('Delivery failed');
    await user.type(within(failed).getByRole('textbox', { name: 'Text message' }), '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Not saved')).toBeTruthy();
  });

  it('asks before leaving with unsaved changes, and not once they are saved', async () => {
    server();
    const user = userEvent.setup();
    const { router } = show();
    await user.type(within(await card('On the way')).getByRole('textbox', { name: 'Text message' }), '!');
    void router.navigate('/CompanyDashboard');
    const leave = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(leave).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe(RECIPIENT_MESSAGES_PATH);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Everything is saved.')).toBeTruthy();
    await router.navigate('/CompanyDashboard');
    expect(router.state.location.pathname).toBe('/CompanyDashboard');
  });

  it('shows a failed load with a way to try again', async () => {
    server({ getAnswer: { status: 500, body: { message: 'Server Error' } } });
    show();
    expect(await screen.findByText('Could not load the messages to recipients')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
