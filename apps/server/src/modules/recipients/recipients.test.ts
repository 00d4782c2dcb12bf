import {
  DEFAULT_RECIPIENT_TEMPLATES,
  RECIPIENT_MESSAGE_KINDS,
  TWILIO_INBOUND_PATH,
  TWILIO_STATUS_PATH,
} from '@courier/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  contacts,
  deliveries,
  mailOutbox,
  recipientMessages,
  recipientOptOuts,
} from '../../db/schema/index.js';
import { testDropoff, testPickup } from '../../test/delivery-fixture.js';
import { FakeTwilio, twilioSignature } from '../../test/fake-twilio.js';
import { pointAt, positionsWorld } from '../../test/positions-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

// Messages to recipients (issue 36, decision 071) through the tests' own Twilio (test/fake-twilio.ts), which speaks
// Twilio's Messages API to the real `twilio` library: written from the delivery's moves by the events' consumer, sent
// by jobs, retried, never twice, held in quiet hours, stopped by STOP or the e-mail's link.

let t: TestApp;
let w: Awaited<ReturnType<typeof positionsWorld>>;
const twilio = new FakeTwilio();
const APP_URL = 'https://courier.example.com';

interface Message {
  uuid: string;
  kind: string;
  channel: string;
  to: string;
  subject: string | null;
  body: string;
  status: string;
  provider: string | null;
  error: string | null;
  attempts: number;
  sendAfter: string | null;
}

const recipient = {
  firstname: 'Jo',
  lastname: 'Reader',
  phoneNumber: '07700 900123',
  email: 'Jo@Example.com',
};

/** The company's settings: the defaults (sent at night too, so a test runs at any hour), changed by `body`. */
async function settings(body: Record<string, unknown> = {}) {
  const res = await w.shipperAdmin.agent.put(`${w.shipperBase}/recipient-messages`, {
    arrivingSoonMinutes: 10,
    quietFrom: '21:00',
    quietUntil: '08:00',
    sendAtNight: true,
    templates: RECIPIENT_MESSAGE_KINDS.map((kind) => ({ kind, ...DEFAULT_RECIPIENT_TEMPLATES[kind] })),
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

const log = async (deliveryUuid: string, base = w.shipperBase, agent = w.shipperAdmin.agent) => {
  const res = await agent.get(`${base}/delivery/${deliveryUuid}/recipient-message`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Message[] }>().data;
};

async function deliveryFor(contacts = [recipient], driver = w.driver) {
  return w.carried(driver.id, { steps: [testPickup, { ...testDropoff, contacts }] });
}

beforeAll(async () => {
  await twilio.start();
  t = await createTestApp({
    APP_URL,
    TWILIO_ACCOUNT_SID: twilio.accountSid,
    TWILIO_AUTH_TOKEN: twilio.authToken,
    TWILIO_FROM: '+15005550006',
    TWILIO_API_URL: twilio.url,
  });
  w = await positionsWorld(t);
});
afterAll(async () => {
  await t.close();
  await twilio.stop();
});
beforeEach(async () => {
  twilio.failNext = 0;
  twilio.failing = false;
  await settings();
});

describe('messages to recipients', () => {
  it('text "on the way" with the tracking link when the driver sets off to the dropoff, once', async () => {
    const d = await deliveryFor();
    await w.moveTo(w.driver.agent, d.uuid, 'picked-up');
    await t.app.jobs.settle();
    expect(twilio.to('+447700900123')).toHaveLength(0);
    await w.moveTo(w.driver.agent, d.uuid, 'en-route-to-dropoff');
    await t.app.jobs.settle();
    const sent = twilio.to('+447700900123');
    expect(sent).toHaveLength(1);
    const [token] = await t.database.db
      .select({ token: deliveries.trackingToken })
      .from(deliveries)
      .where(eq(deliveries.id, d.uuid));
    expect(sent[0]!.body).toBe(
      `Hi Jo, your delivery from Bloom Flowers is on its way. Follow it live: ${APP_URL}/track/${token!.token}`,
    );
    expect(sent[0]!.from).toBe('+15005550006');
    expect(sent[0]!.statusCallback).toBe(`${APP_URL}/api/v1${TWILIO_STATUS_PATH}`);
    // Logged on the delivery, for the owner and the carrier; the default sends no e-mail.
    const mine = await log(d.uuid);
    expect(mine).toMatchObject([
      {
        kind: 'on-the-way',
        channel: 'sms',
        to: '+447700900123',
        status: 'sent',
        provider: 'twilio',
        attempts: 1,
      },
    ]);
    expect(await log(d.uuid, w.courierBase, w.courierAdmin.agent)).toHaveLength(1);
    expect(
      (await w.strangerAdmin.agent.get(`${w.strangerBase}/delivery/${d.uuid}/recipient-message`)).statusCode,
    ).toBe(404);
    // The same moment again (a retried job, a second process) sends nothing more.
    await t.app.jobs.send(t.database.db, 'recipients.send', { messageId: mine[0]!.uuid });
    await t.app.jobs.settle();
    expect(twilio.to('+447700900123')).toHaveLength(1);
  });

  it("follow the company's channels and words, by text and e-mail, with the proof when delivered", async () => {
    await settings({
      templates: RECIPIENT_MESSAGE_KINDS.map((kind) => ({
        kind,
        ...DEFAULT_RECIPIENT_TEMPLATES[kind],
        channels: kind === 'delivered' ? 'both' : 'none',
        ...(kind === 'delivered' ? { smsBody: '{recipient_name}: delivered by {company}, {proof}.' } : {}),
      })),
    });
    const d = await deliveryFor([{ ...recipient, phoneNumber: '+44 7700 900124' }]);
    await w.moveTo(w.driver.agent, d.uuid, 'at-dropoff');
    const task = d.deliverySteps[1]!.deliveryStepTasks.find((x) => x.deliveryStepTaskTypeSlug === 'dropoff')!;
    const pin = (await w.shipperAdmin.agent.get(`${w.shipperBase}/delivery/${d.uuid}`)).json<{
      data: { handoverPin: string };
    }>().data.handoverPin;
    const handed = await w.driver.agent.post(`/api/v1/driver/delivery/${d.uuid}/doc/step/task/pin`, {
      deliveryStepTaskUuid: task.deliveryStepTaskUuid,
      pin,
    });
    expect(handed.statusCode, handed.body).toBe(201);
    await w.moveTo(w.driver.agent, d.uuid, 'delivered');
    await t.app.jobs.settle();
    expect(twilio.to('+447700900124').map((m) => m.body)).toEqual([
      'Jo: delivered by Bloom Flowers, handed over with your code.',
    ]);
    const messages = await log(d.uuid);
    expect(messages.map((m) => `${m.kind} ${m.channel} ${m.to} ${m.status}`).sort()).toEqual([
      'delivered email jo@example.com sent',
      'delivered sms +447700900124 sent',
    ]);
    // No SMTP server here: the e-mail is in the outbox, with the company's words and the link that stops them.
    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'jo@example.com'));
    expect(mail!.subject).toBe('Your delivery from Bloom Flowers was delivered');
    expect(mail!.text).toContain('was delivered: handed over with your code.');
    expect(mail!.text).toMatch(new RegExp(`To stop them: ${APP_URL}/stop-messages\\?t=[\\w-]{32}`));
  });

  it('try again when Twilio fails, and fail for good on a number that is not one', async () => {
    twilio.failNext = 2;
    const d = await deliveryFor([
      { ...recipient, phoneNumber: '+447700900128', email: '' },
      { ...recipient, firstname: 'Al', phoneNumber: '+447700900130', email: '' },
    ]);
    // A number kept before numbers were checked when written (issue 36): still refused when a message is written.
    await t.database.db
      .update(contacts)
      .set({ phoneNumber: '12' })
      .where(eq(contacts.phoneNumber, '+447700900130'));
    await w.moveTo(w.driver.agent, d.uuid, 'en-route-to-dropoff');
    await t.app.jobs.settle();
    const messages = await log(d.uuid);
    const good = messages.find((m) => m.to === '+447700900128')!;
    expect(good).toMatchObject({ status: 'sent', attempts: 3 });
    expect(twilio.to('+447700900128')).toHaveLength(1);
    expect(messages.find((m) => m.to === '12')).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('Not a valid phone number') as string,
      attempts: 0,
    });
  });

  it('text "arriving soon" once per leg, timed by the same arrival the tracking page shows', async () => {
    // A driver with nothing else on: their stops ahead are this delivery's (the one ETA goes through a driver's
    // other stops first, decision 073).
    const d = await deliveryFor([{ ...recipient, phoneNumber: '+447700900129', email: '' }], w.otherDriver);
    await w.moveTo(w.otherDriver.agent, d.uuid, 'en-route-to-dropoff');
    await t.app.jobs.settle();
    const arrivingSoon = async () => {
      // The minute's ETA job, then the minute's "arriving soon" (decision 073: it reads the stored ETA).
      await t.app.jobs.send(t.database.db, 'positions.etas', {});
      await t.app.jobs.settle();
      await t.app.jobs.send(t.database.db, 'recipients.arriving-soon', {});
      await t.app.jobs.settle();
    };
    // Far away (about 10 km at the estimator's speed): not yet.
    await w.otherDriver.agent.post('/api/v1/driver/location', { points: [pointAt(-1, 51.46, -0.1)] });
    await arrivingSoon();
    expect(twilio.to('+447700900129').map((m) => m.body)).toHaveLength(1);
    // Round the corner: the notice, with the arrival the recipient's page shows.
    await w.otherDriver.agent.post('/api/v1/driver/location', { points: [pointAt(-2, 51.545, -0.056)] });
    await arrivingSoon();
    const texts = twilio.to('+447700900129').map((m) => m.body);
    expect(texts).toHaveLength(2);
    const [token] = await t.database.db
      .select({ token: deliveries.trackingToken })
      .from(deliveries)
      .where(eq(deliveries.id, d.uuid));
    const page = (await t.app.inject({ method: 'GET', url: `/api/v1/track/${token!.token}` })).json<{
      data: { eta: { arriveAt: string } };
    }>().data;
    const clock = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const shown = new Date(page.eta.arriveAt).getTime();
    // The one stored ETA: the text says the very time the page shows.
    expect(/arrives at about (\d\d:\d\d)/.exec(texts[1]!)?.[1]).toBe(clock.format(shown));
    // Once a leg: the next minute's look sends nothing more.
    await arrivingSoon();
    expect(twilio.to('+447700900129')).toHaveLength(2);
    expect((await log(d.uuid)).map((m) => `${m.kind} ${m.status}`)).toEqual([
      'arriving-soon sent',
      'on-the-way sent',
    ]);
  });

  it('hold messages in quiet hours until they end', async () => {
    const now = new Date();
    const hhmm = (d: Date) =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/London',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(d);
    await settings({
      sendAtNight: false,
      quietFrom: hhmm(new Date(now.getTime() - 3_600_000)),
      quietUntil: hhmm(new Date(now.getTime() + 3_600_000)),
    });
    const d = await deliveryFor([{ ...recipient, phoneNumber: '+447700900125' }]);
    await w.moveTo(w.driver.agent, d.uuid, 'en-route-to-dropoff');
    await t.app.jobs.settle();
    const [held] = await log(d.uuid);
    expect(held).toMatchObject({ status: 'held', attempts: 0 });
    const until = new Date(held!.sendAfter!).getTime();
    expect(until).toBeGreaterThan(now.getTime() + 3_500_000);
    expect(until).toBeLessThan(now.getTime() + 3_700_000);
    expect(twilio.to('+447700900125')).toHaveLength(0);
  });

  it('stop at STOP, for the company that texted, and start again at START', async () => {
    const d = await deliveryFor([{ ...recipient, phoneNumber: '+447700900126', email: '' }]);
    await w.moveTo(w.driver.agent, d.uuid, 'en-route-to-dropoff');
    await t.app.jobs.settle();
    expect(twilio.to('+447700900126')).toHaveLength(1);
    const inbound = async (body: string, signed = true) => {
      const url = `${APP_URL}/api/v1${TWILIO_INBOUND_PATH}`;
      const params = { AccountSid: twilio.accountSid, From: '+447700900126', To: '+15005550006', Body: body };
      return t.app.inject({
        method: 'POST',
        url: `/api/v1${TWILIO_INBOUND_PATH}`,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': signed ? twilioSignature(twilio.authToken, url, params) : 'forged',
        },
        payload: new URLSearchParams(params).toString(),
      });
    };
    // A forged post is nobody's.
    expect((await inbound('STOP', false)).statusCode).toBe(404);
    const stop = await inbound(' stop ');
    expect(stop.statusCode).toBe(204);
    const outs = await t.database.db
      .select()
      .from(recipientOptOuts)
      .where(eq(recipientOptOuts.address, '+447700900126'));
    expect(outs).toMatchObject([{ companyId: w.shipper.id, channel: 'sms', source: 'sms-stop' }]);

    await w.moveTo(w.driver.agent, d.uuid, 'delivered');
    await t.app.jobs.settle();
    expect(twilio.to('+447700900126')).toHaveLength(1);
    expect((await log(d.uuid)).find((m) => m.kind === 'delivered')).toMatchObject({ status: 'opted-out' });

    await inbound('START');
    expect(
      await t.database.db
        .select()
        .from(recipientOptOuts)
        .where(eq(recipientOptOuts.address, '+447700900126')),
    ).toEqual([]);
  });

  it("take Twilio's signed status callbacks, never going back from delivered", async () => {
    const d = await deliveryFor([{ ...recipient, phoneNumber: '+447700900127', email: '' }]);
    await w.moveTo(w.driver.agent, d.uuid, 'en-route-to-dropoff');
    await t.app.jobs.settle();
    const [sms] = twilio.to('+447700900127');
    const report = (status: string, signed = true) => {
      const url = `${APP_URL}/api/v1${TWILIO_STATUS_PATH}`;
      const params = { AccountSid: twilio.accountSid, MessageSid: sms!.sid, MessageStatus: status };
      return t.app.inject({
        method: 'POST',
        url: `/api/v1${TWILIO_STATUS_PATH}`,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': signed ? twilioSignature(twilio.authToken, url, params) : 'forged',
        },
        payload: new URLSearchParams(params).toString(),
      });
    };
    expect((await report('delivered', false)).statusCode).toBe(404);
    expect((await report('delivered')).statusCode).toBe(204);
    expect((await report('sent')).statusCode).toBe(204);
    const [row] = await t.database.db
      .select({ status: recipientMessages.status })
      .from(recipientMessages)
      .where(and(eq(recipientMessages.deliveryId, d.uuid), eq(recipientMessages.channel, 'sms')));
    expect(row!.status).toBe('delivered');
  });

  it("stop e-mails through the e-mail's link, for that company only", async () => {
    await settings({
      templates: RECIPIENT_MESSAGE_KINDS.map((kind) => ({
        kind,
        ...DEFAULT_RECIPIENT_TEMPLATES[kind],
        channels: 'email',
      })),
    });
    const d = await deliveryFor([{ ...recipient, email: 'sam@example.com', phoneNumber: '' }]);
    await w.moveTo(w.driver.agent, d.uuid, 'en-route-to-dropoff');
    await t.app.jobs.settle();
    const [row] = await t.database.db
      .select({ token: recipientMessages.optOutToken })
      .from(recipientMessages)
      .where(eq(recipientMessages.deliveryId, d.uuid));
    const shown = await t.app.inject({
      method: 'GET',
      url: `/api/v1/recipient-messages/opt-out/${row!.token}`,
    });
    expect(shown.json()).toEqual({
      data: {
        companyName: 'Bloom Flowers',
        address: expect.stringMatching(/^s.*@example\.com$/) as string,
        optedOut: false,
      },
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/recipient-messages/opt-out/not-a-token' }))
        .statusCode,
    ).toBe(404);
    // A mail client's one-click unsubscribe (RFC 8058): a form post, no session, no CSRF token.
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `/api/v1/recipient-messages/opt-out/${row!.token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(oneClick.json()).toMatchObject({ data: { optedOut: true } });
    await w.moveTo(w.driver.agent, d.uuid, 'delivered');
    await t.app.jobs.settle();
    expect((await log(d.uuid)).map((m) => `${m.kind} ${m.status}`).sort()).toEqual([
      'delivered opted-out',
      'on-the-way sent',
    ]);
  });
});

describe('the settings', () => {
  it('answer the defaults, keep what the company writes, and refuse unknown placeholders with field errors', async () => {
    const res = await w.shipperAdmin.agent.get(`${w.shipperBase}/recipient-messages`);
    const data = res.json<{
      data: {
        templates: { kind: string; isDefault: boolean; smsBody: string }[];
        smsProvider: string;
        emailTransport: string;
      };
    }>().data;
    expect(data.templates.map((x) => x.kind)).toEqual([...RECIPIENT_MESSAGE_KINDS]);
    expect(data).toMatchObject({ smsProvider: 'twilio', emailTransport: 'outbox' });
    const templates = RECIPIENT_MESSAGE_KINDS.map((kind) => ({ kind, ...DEFAULT_RECIPIENT_TEMPLATES[kind] }));
    templates[0] = { ...templates[0]!, smsBody: 'Hello {name}, see {tracking_link}' };
    templates[1] = { ...templates[1]!, channels: 'email', emailSubject: '' };
    const bad = await w.shipperAdmin.agent.put(`${w.shipperBase}/recipient-messages`, {
      arrivingSoonMinutes: 1,
      quietFrom: '25:00',
      quietUntil: '08:00',
      sendAtNight: false,
      templates,
    });
    expect(bad.statusCode).toBe(422);
    const errors = bad.json<{ errors: Record<string, string[]> }>().errors;
    expect(Object.keys(errors).sort()).toEqual([
      'arrivingSoonMinutes',
      'quietFrom',
      'templates.0.smsBody',
      'templates.1.emailSubject',
    ]);
    expect(errors['templates.0.smsBody']?.[0]).toContain('Unknown placeholder {name}');
    templates[0] = { ...templates[0], smsBody: 'Hello {recipient_name}, see {tracking_link}' };
    templates[1] = { ...templates[1], channels: 'none' };
    const ok = await w.shipperAdmin.agent.put(`${w.shipperBase}/recipient-messages`, {
      arrivingSoonMinutes: 15,
      quietFrom: '22:00',
      quietUntil: '07:30',
      sendAtNight: false,
      templates,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const saved = ok.json<{
      data: { arrivingSoonMinutes: number; templates: { isDefault: boolean; smsBody: string }[] };
    }>().data;
    expect(saved.arrivingSoonMinutes).toBe(15);
    expect(saved.templates.map((x) => x.isDefault)).toEqual([false, false, true, true, true]);
    expect(saved.templates[0]!.smsBody).toBe('Hello {recipient_name}, see {tracking_link}');
    // A driver, and another company's admin, do not reach them.
    expect((await w.driver.agent.get(`${w.shipperBase}/recipient-messages`)).statusCode).toBe(404);
    expect((await w.strangerAdmin.agent.get(`${w.shipperBase}/recipient-messages`)).statusCode).toBe(404);
  });
});
