import { WEBHOOK, WEBHOOK_PAYLOAD_SCHEMAS, WEBHOOK_TEST_EVENT } from '@courier/contract';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { driverInfos, notifications } from '../../db/schema/index.js';
import { twoCompanies } from '../../test/company-fixture.js';
import { createTestDelivery } from '../../test/delivery-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

// Webhooks (issue 34, decision 066) against a receiver this test starts on loopback (allowed here by the operator's
// setting): signed as Standard Webhooks says (checked by this file's own verifier), in order per delivery, retried,
// turned off when they keep failing.

/** A received message: its headers, body and whether this receiver answered 2xx. */
interface Received {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  json: { id: string; type: string; timestamp: string; data: Record<string, unknown> };
  answered: number;
}

class Receiver {
  server!: Server;
  received: Received[] = [];
  /** Answers these statuses in turn, then 204. */
  script: number[] = [];
  url = '';

  async start() {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        const answered = this.script.shift() ?? 204;
        this.received.push({
          id: String(req.headers['webhook-id']),
          timestamp: String(req.headers['webhook-timestamp']),
          signature: String(req.headers['webhook-signature']),
          body,
          json: JSON.parse(body) as Received['json'],
          answered,
        });
        res
          .writeHead(answered, { 'content-type': 'text/plain' })
          .end(answered < 300 ? 'thanks' : 'try later');
      });
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
  }

  delivered() {
    return this.received.filter((r) => r.answered < 300);
  }

  async until(check: () => boolean, what: string) {
    const deadline = Date.now() + 60_000;
    while (!check()) {
      if (Date.now() > deadline)
        throw new Error(`Waited a minute for ${what}; received ${this.received.length}.`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }
}

/**
 * The Standard Webhooks verification, written from the specification (not the server's code): the signed content
 * is `id.timestamp.body`, the key the base64 after `whsec_`, each signature `v1,<base64 HMAC-SHA256>`, space-separated;
 * one match is enough, compared in constant time; the timestamp within five minutes.
 */
function verify(secret: string, msg: Received): boolean {
  const key = Buffer.from(secret.split('_')[1]!, 'base64');
  const expected = createHmac('sha256', key).update(`${msg.id}.${msg.timestamp}.${msg.body}`).digest();
  if (Math.abs(Date.now() / 1000 - Number(msg.timestamp)) > 300) return false;
  return msg.signature.split(' ').some((part) => {
    const [version, value] = part.split(',');
    const given = Buffer.from(value ?? '', 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}

let t: TestApp;
let f: Awaited<ReturnType<typeof twoCompanies>>;
let receiver: Receiver;

beforeAll(async () => {
  t = await createTestApp({ WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' });
  f = await twoCompanies(t);
  receiver = new Receiver();
  await receiver.start();
});
afterAll(async () => {
  receiver.server.close();
  await t.close();
});
beforeEach(() => {
  receiver.received = [];
  receiver.script = [];
});

interface Endpoint {
  uuid: string;
  secret: string;
  isEnabled: boolean;
  disabledReason: string | null;
  pending: number;
}

async function addEndpoint(events: string[], url = receiver.url) {
  const res = await f.adminA.post(`${f.base}/webhook`, { url, events, description: 'Shop' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Endpoint }>().data;
}
const removeEndpoint = (uuid: string) => f.adminA.request('DELETE', `${f.base}/webhook/${uuid}`);

describe('webhooks', () => {
  it('are registered by admins with a secret shown once, and refuse bad input', async () => {
    const e = await addEndpoint(['delivery.created']);
    expect(e.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const list = (await f.adminA.get(`${f.base}/webhook`)).json<{ data: Record<string, unknown>[] }>().data;
    expect(list.find((x) => x.uuid === e.uuid)).not.toHaveProperty('secret');
    const bad = await f.adminA.post(`${f.base}/webhook`, { url: 'ftp://example.com', events: [] });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json<{ errors: object }>().errors).sort()).toEqual(['events', 'url']);
    expect((await f.adminB.get(`${f.baseB}/webhook`)).json<{ data: unknown[] }>().data).toEqual([]);
    expect((await f.adminB.request('DELETE', `${f.baseB}/webhook/${e.uuid}`)).statusCode).toBe(404);
    expect((await removeEndpoint(e.uuid)).statusCode).toBe(200);
  });

  it("tell a delivery's moves in order, signed, with the delivery as the API presents it", async () => {
    const e = await addEndpoint(['delivery.created', 'delivery.status_changed']);
    const d = await createTestDelivery(f.adminA, f.base);
    for (const statusSlug of ['cancelled'])
      expect(
        (await f.adminA.post(`${f.base}/delivery/${d.uuid}/status`, { statusSlug, cancelTypeSlug: 'other' }))
          .statusCode,
      ).toBe(200);
    await receiver.until(() => receiver.delivered().length >= 2, 'two messages');
    const [created, status] = receiver.received;
    expect(created!.json).toMatchObject({ type: 'delivery.created', data: { delivery: { uuid: d.uuid } } });
    expect(status!.json).toMatchObject({
      type: 'delivery.status_changed',
      data: { status: 'cancelled', delivery: { uuid: d.uuid, deliveryLiveStatusTypeSlug: 'cancelled' } },
    });
    for (const r of receiver.received) {
      // The body is what the OpenAPI document's `webhooks` say it is.
      WEBHOOK_PAYLOAD_SCHEMAS[r.json.type as keyof typeof WEBHOOK_PAYLOAD_SCHEMAS].parse(r.json);
      expect(verify(e.secret, r)).toBe(true);
      expect(r.json.id).toBe(r.id);
      // Another secret does not verify it.
      expect(verify(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, r)).toBe(false);
    }
    await removeEndpoint(e.uuid);
  });

  it('retries an endpoint that fails, delivering each message once and in order', async () => {
    const e = await addEndpoint(['delivery.created', 'delivery.status_changed']);
    receiver.script = [500, 503, 502];
    const d = await createTestDelivery(f.adminA, f.base);
    await f.adminA.post(`${f.base}/delivery/${d.uuid}/status`, {
      statusSlug: 'cancelled',
      cancelTypeSlug: 'other',
    });
    await receiver.until(() => receiver.delivered().length >= 2, 'both messages delivered');
    // The first message was tried four times; the second waited for it, then went at its first try.
    const types = receiver.received.map((r) => `${r.json.type}:${r.answered}`);
    expect(types).toEqual([
      'delivery.created:500',
      'delivery.created:503',
      'delivery.created:502',
      'delivery.created:204',
      'delivery.status_changed:204',
    ]);
    expect(new Set(receiver.delivered().map((r) => r.id)).size).toBe(2);
    // The log shows each try, newest first, with its answer.
    const log = (await f.adminA.get(`${f.base}/webhook/${e.uuid}/attempts`)).json<{
      data: {
        attempt: number;
        statusCode: number;
        ok: boolean;
        responseExcerpt: string;
        messageStatus: string;
      }[];
    }>().data;
    expect(log.map((a) => [a.attempt, a.statusCode])).toEqual([
      [1, 204],
      [4, 204],
      [3, 502],
      [2, 503],
      [1, 500],
    ]);
    expect(log[4]).toMatchObject({ ok: false, responseExcerpt: 'try later', messageStatus: 'delivered' });
    await removeEndpoint(e.uuid);
  });

  it('turn an endpoint off when a message keeps failing, and tell its admins', async () => {
    const e = await addEndpoint(['delivery.created']);
    receiver.script = Array.from({ length: 5 }, () => 500);
    await createTestDelivery(f.adminA, f.base);
    await receiver.until(() => receiver.received.length >= 5, 'five tries');
    // The fifth failure turns it off in the transaction that records it: wait for that commit.
    let seen: Endpoint | undefined;
    const deadline = Date.now() + 60_000;
    for (;;) {
      const list = (await f.adminA.get(`${f.base}/webhook`)).json<{ data: Endpoint[] }>().data;
      seen = list.find((x) => x.uuid === e.uuid);
      if (!seen?.isEnabled) break;
      if (Date.now() > deadline) throw new Error('The endpoint is still on a minute later.');
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(seen!.disabledReason).toContain('The endpoint answered 500.');
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, f.adminAUser.id), eq(notifications.kind, 'integration')));
    expect(told).toHaveLength(1);
    expect(told[0]!.link).toBe('/AccountPages/Integrations');
    // Nothing more is sent while it is off; the next delivery's message waits for it to be turned on again.
    await createTestDelivery(f.adminA, f.base);
    await t.app.jobs.settle();
    expect(receiver.received).toHaveLength(5);
    const on = await f.adminA.request('PATCH', `${f.base}/webhook/${e.uuid}`, { isEnabled: true });
    expect(on.json<{ data: Endpoint }>().data).toMatchObject({ isEnabled: true, disabledReason: null });
    await receiver.until(() => receiver.delivered().length >= 1, 'the waiting message');
    await removeEndpoint(e.uuid);
  });

  it('send a test event and a message again, signed with both secrets during a rotation', async () => {
    const e = await addEndpoint(['delivery.created']);
    const test = await f.adminA.post(`${f.base}/webhook/${e.uuid}/test`);
    expect(test.statusCode).toBe(201);
    await receiver.until(() => receiver.received.length >= 1, 'the test event');
    expect(receiver.received[0]!.json.type).toBe(WEBHOOK_TEST_EVENT);
    const rotated = await f.adminA.post(`${f.base}/webhook/${e.uuid}/rotate-secret`);
    const newSecret = rotated.json<{ data: { secret: string; previousSecretExpiresAt: string } }>().data;
    expect(newSecret.secret).not.toBe(e.secret);
    expect(Date.parse(newSecret.previousSecretExpiresAt)).toBeGreaterThan(
      Date.now() + (WEBHOOK.previousSecretHours - 1) * 3_600_000,
    );
    const again = await f.adminA.post(
      `${f.base}/webhook/${e.uuid}/messages/${test.json<{ data: { uuid: string } }>().data.uuid}/resend`,
    );
    expect(again.statusCode).toBe(201);
    await receiver.until(() => receiver.received.length >= 2, 'the message sent again');
    const resent = receiver.received[1]!;
    expect(resent.id).toBe(receiver.received[0]!.id);
    expect(resent.signature.split(' ')).toHaveLength(2);
    expect(verify(e.secret, resent)).toBe(true);
    expect(verify(newSecret.secret, resent)).toBe(true);
    await removeEndpoint(e.uuid);
  });

  it("send a delivery's positions to an endpoint that opted in, at most one per interval, and its parcel scans", async () => {
    const e = await addEndpoint(['delivery.position', 'delivery.parcel_scanned']);
    await t.database.db.update(driverInfos).set({ statusSlug: 'available' });
    const van = (await f.adminA.post(`${f.base}/vehicle`, { name: 'Van', registrationNumber: 'WH1' })).json<{
      data: { uuid: string };
    }>().data.uuid;
    const d = await createTestDelivery(f.adminA, f.base, { parcels: [{ name: 'Shoebox' }] });
    await f.adminA.post(`${f.base}/delivery/${d.uuid}/vehicle/driver`, {
      vehicleUuid: van,
      driverUserUuids: [f.driverAUser.id],
    });
    const me = `/api/v1/driver/delivery/${d.uuid}`;
    expect((await f.driverA.post(`${me}/status`, { statusSlug: 'en-route-to-pickup' })).statusCode).toBe(200);
    // Points taken after the start, when the delivery is under way.
    const at = async () => {
      await new Promise((r) => setTimeout(r, 5));
      return new Date().toISOString();
    };
    const batch = (points: { lat: number; recordedAt: string }[]) =>
      f.driverA.post('/api/v1/driver/location', { points: points.map((p) => ({ ...p, lng: -0.1 })) });
    expect((await batch([{ lat: 51.5001, recordedAt: await at() }])).json()).toMatchObject({
      data: { stored: 1 },
    });
    await receiver.until(() => receiver.delivered().length >= 1, 'the first position');
    // Within the interval: stored and streamed, but not sent to the endpoint.
    expect((await batch([{ lat: 51.5002, recordedAt: await at() }])).json()).toMatchObject({
      data: { stored: 1 },
    });
    await t.app.jobs.settle();
    const positions = receiver.received.filter((r) => r.json.type === 'delivery.position');
    expect(positions).toHaveLength(1);
    expect(positions[0]!.json.data).toMatchObject({ deliveryUuid: d.uuid, lat: 51.5001, lng: -0.1 });
    WEBHOOK_PAYLOAD_SCHEMAS['delivery.position'].parse(positions[0]!.json);

    const parcel = (await f.adminA.get(`${f.base}/delivery/parcel?deliveryUuid=${d.uuid}`)).json<{
      data: { trackingCode: string }[];
    }>().data[0]!;
    const pickup = d.deliverySteps[0]!.deliveryStepUuid;
    expect(
      (await f.driverA.post(`${me}/scan`, { deliveryStepUuid: pickup, code: parcel.trackingCode }))
        .statusCode,
    ).toBe(201);
    await receiver.until(
      () => receiver.received.some((r) => r.json.type === 'delivery.parcel_scanned'),
      'the scan',
    );
    const scanned = receiver.received.find((r) => r.json.type === 'delivery.parcel_scanned')!;
    expect(scanned.json.data).toMatchObject({
      trackingCode: parcel.trackingCode,
      deliveryStepUuid: pickup,
      kind: 'pickup',
      delivery: { uuid: d.uuid },
    });
    WEBHOOK_PAYLOAD_SCHEMAS['delivery.parcel_scanned'].parse(scanned.json);
    expect(verify(e.secret, scanned)).toBe(true);
    await removeEndpoint(e.uuid);
  });

  it('are reached by an API key with webhooks:manage only', async () => {
    const key = async (scopes: string[]) =>
      (await f.adminA.post(`${f.base}/api-key`, { name: 'Hooks', scopes })).json<{
        data: { secret: string };
      }>().data.secret;
    const asKey = (secret: string) =>
      t.app.inject({
        method: 'GET',
        url: `${f.base}/webhook`,
        headers: { authorization: `Bearer ${secret}` },
      });
    expect((await asKey(await key(['webhooks:manage']))).statusCode).toBe(200);
    expect((await asKey(await key(['deliveries:read']))).statusCode).toBe(403);
  });
});
