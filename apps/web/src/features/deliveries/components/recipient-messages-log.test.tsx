import { RECIPIENT_MESSAGES_PATH, recipientMessageCalls, type RecipientMessage } from '@courier/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { urlOf } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { fakeFetch, renderRoutes } from '../../../testing/render-app';
import { messageStatusView, RecipientMessagesLog } from './recipient-messages-log';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn(), hide: vi.fn() } }));

const SLUG = 'acme';
const DELIVERY = '00000000-0000-4000-8000-000000000001';
const LOG_PATH = urlOf(recipientMessageCalls.listDeliveryRecipientMessages, {
  companySlug: SLUG,
  deliveryUuid: DELIVERY,
});
const NOW = new Date(2026, 10, 30, 22, 30);
const local = (day: number, h: number, m = 0) => new Date(2026, 10, day, h, m).toISOString();

const message = (over: Partial<RecipientMessage>): RecipientMessage => ({
  uuid: '00000000-0000-4000-8000-0000000000a1',
  kind: 'on-the-way',
  channel: 'sms',
  to: '+447700900123',
  subject: null,
  body: 'Hi Sam, your delivery from Acme is on its way. Follow it live: https://x.test/track/abc',
  status: 'sent',
  provider: 'twilio',
  error: null,
  attempts: 1,
  sendAfter: null,
  sentAt: local(30, 18, 54),
  createdAt: local(30, 18, 54),
  updatedAt: local(30, 18, 54),
  ...over,
});

describe('a message’s status on the delivery’s log (issue 36)', () => {
  it('reads each status plainly, with why when it is not simply on its way', () => {
    const view = (over: Partial<RecipientMessage>) => messageStatusView(message(over), NOW);
    expect(view({ status: 'queued', sentAt: null, attempts: 0 })).toMatchObject({
      label: 'Queued',
      detail: null,
    });
    expect(view({ status: 'queued', attempts: 2, error: 'Twilio answered 503.' })).toMatchObject({
      label: 'Retrying',
      detail: 'After 2 tries: Twilio answered 503.',
    });
    // Quiet hours: the hour alone today, the date too on another day.
    expect(view({ status: 'held', sendAfter: local(30, 23, 45) }).label).toBe('Held until 23:45');
    expect(view({ status: 'held', sendAfter: new Date(2026, 11, 1, 8).toISOString() }).label).toBe(
      'Held until 1 Dec 2026, 08:00',
    );
    expect(view({ status: 'sent' })).toMatchObject({ label: 'Sent', detail: null });
    expect(view({ status: 'sent', provider: 'outbox' }).detail).toMatch(/^Kept in the platform's outbox/);
    expect(view({ status: 'delivered' })).toMatchObject({ label: 'Delivered', failed: false });
    expect(view({ status: 'failed', error: 'Not a mobile number.', attempts: 8 })).toMatchObject({
      label: 'Failed',
      detail: 'Not a mobile number. (after 8 tries)',
      failed: true,
    });
    expect(view({ status: 'undelivered', error: 'Unreachable handset.' })).toMatchObject({
      label: 'Undelivered',
      detail: 'Unreachable handset.',
      failed: true,
    });
    expect(view({ status: 'opted-out' })).toMatchObject({ label: 'Opted out' });
  });
});

describe('the delivery’s messages to its recipient', () => {
  beforeEach(() => queryClient.clear());
  afterEach(() => vi.unstubAllGlobals());

  const show = (settingsLink = true) =>
    renderRoutes(
      [
        {
          path: '/DeliveryDetail/:uuid',
          element: <RecipientMessagesLog slug={SLUG} deliveryUuid={DELIVERY} settingsLink={settingsLink} />,
        },
      ],
      [`/DeliveryDetail/${DELIVERY}`],
    );

  it('lists each message: what, how, to whom, its status, and its words a press away', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        [LOG_PATH]: {
          body: {
            data: [
              message({
                uuid: '00000000-0000-4000-8000-0000000000a2',
                kind: 'delivered',
                channel: 'email',
                to: 'sam@example.com',
                subject: 'Your delivery from Acme was delivered',
                body: 'Hi Sam,\n\nDelivered: signed by J. Smith.',
                status: 'failed',
                error: 'The mail server refused the address.',
              }),
              message({}),
            ],
          },
        },
      }),
    );
    const user = userEvent.setup();
    show();
    const list = await screen.findByRole('list', { name: 'Messages to recipient' });
    const [mail, sms] = within(list).getAllByRole('listitem');
    expect(within(mail!).getByText('Delivered')).toBeTruthy();
    expect(within(mail!).getByText('E-mail to sam@example.com')).toBeTruthy();
    expect(within(mail!).getByText('Failed')).toBeTruthy();
    expect(within(mail!).getByText('The mail server refused the address.')).toBeTruthy();
    expect(within(sms!).getByText('Text message to +447700900123')).toBeTruthy();
    expect(within(sms!).getByText('Sent')).toBeTruthy();
    expect(within(sms!).getByText('Sent 30 Nov 2026, 18:54').getAttribute('datetime')).toBe(
      local(30, 18, 54),
    );

    const toggle = within(mail!).getByRole('button', { name: 'Show the message' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(mail!).queryByText('Your delivery from Acme was delivered')).toBeNull();
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(within(mail!).getByText('Your delivery from Acme was delivered')).toBeTruthy();
    expect(within(mail!).getByText(/Delivered: signed by J\. Smith\./)).toBeTruthy();
    await user.click(within(mail!).getByRole('button', { name: 'Hide the message' }));
    expect(within(mail!).queryByText('Your delivery from Acme was delivered')).toBeNull();
  });

  it('says when nothing was sent yet, and where the messages are chosen', async () => {
    vi.stubGlobal('fetch', fakeFetch({ [LOG_PATH]: { body: { data: [] } } }));
    show();
    expect(
      await screen.findByText(/^No messages yet: the recipient is told when the delivery sets off/),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choose which messages go out' }).getAttribute('href')).toBe(
      RECIPIENT_MESSAGES_PATH,
    );
  });

  it('shows a failed load with a way to try again', async () => {
    vi.stubGlobal('fetch', fakeFetch({ [LOG_PATH]: { status: 500, body: { message: 'Server Error' } } }));
    show(false);
    expect(await screen.findByText('Could not load the messages to the recipient')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
