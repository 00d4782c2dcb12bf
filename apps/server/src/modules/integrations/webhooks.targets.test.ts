import { WEBHOOK_TEXTS } from '@courier/contract';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoCompanies } from '../../test/company-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { postMessage } from './webhooks.sender.js';
import { checkTarget, isPublicAddress } from './webhooks.targets.js';

// Webhooks never call inside the server's own network unless the operator allows it (decision 066): refused when an
// endpoint is saved, and again at the connection itself (a name that resolves to an inner address when sent).

describe('webhook targets', () => {
  it('tells public addresses from inner ones', () => {
    for (const inner of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fd12:3456::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'not an address',
    ])
      expect(isPublicAddress(inner), inner).toBe(false);
    for (const outer of ['8.8.8.8', '1.1.1.1', '2001:4860:4860::8888', '::ffff:8.8.8.8'])
      expect(isPublicAddress(outer), outer).toBe(true);
  });

  it('refuses an inner address or a name that resolves to one, unless allowed', async () => {
    for (const url of [
      'http://127.0.0.1:9/hook',
      'http://[::1]/hook',
      'http://localhost/hook',
      'http://10.0.0.5/',
    ])
      await expect(checkTarget(url, false), url).rejects.toThrow(WEBHOOK_TEXTS.privateTarget);
    await expect(checkTarget('http://localhost/hook', true)).resolves.toBeUndefined();
    await expect(checkTarget('http://no-such-host.invalid/', false)).rejects.toThrow(
      WEBHOOK_TEXTS.unresolvable,
    );
  });

  it('refuses at the connection a name that resolves to an inner address when sent', async () => {
    let reached = 0;
    const server = createServer((_req, res) => {
      reached += 1;
      res.writeHead(204).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    const message = {
      id: '00000000-0000-4000-8000-000000000001',
      endpointId: '00000000-0000-4000-8000-000000000002',
      companyId: '00000000-0000-4000-8000-000000000003',
      eventType: 'webhook.test',
      body: '{}',
      attempts: 0,
      secret: `whsec_${Buffer.alloc(32, 7).toString('base64')}`,
      previousSecret: null,
      previousSecretExpiresAt: null,
      createdAt: new Date(),
    };
    try {
      for (const host of ['localhost', '127.0.0.1']) {
        const refused = await postMessage(
          { ...message, url: `http://${host}:${port}/` },
          { allowPrivateTargets: false },
        );
        expect(refused).toMatchObject({ ok: false, statusCode: null, error: WEBHOOK_TEXTS.privateTarget });
      }
      expect(reached).toBe(0);
      const allowed = await postMessage(
        { ...message, url: `http://localhost:${port}/` },
        { allowPrivateTargets: true },
      );
      expect(allowed).toMatchObject({ ok: true, statusCode: 204 });
      expect(reached).toBe(1);
    } finally {
      server.close();
    }
  });
});

describe('webhook endpoints on a default install', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof twoCompanies>>;
  beforeAll(async () => {
    t = await createTestApp();
    f = await twoCompanies(t);
  });
  afterAll(() => t.close());

  it('refuse an inner address with the reason, on creation and on change', async () => {
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'http://localhost/hook',
      'http://169.254.169.254/latest',
    ]) {
      const res = await f.adminA.post(`${f.base}/webhook`, { url, events: ['delivery.created'] });
      expect(res.statusCode, url).toBe(422);
      expect(res.json<{ errors: { url: string[] } }>().errors.url).toEqual([WEBHOOK_TEXTS.privateTarget]);
    }
    // A public address (written as one: nothing to resolve here) is taken, and cannot be changed to an inner one.
    const made = await f.adminA.post(`${f.base}/webhook`, {
      url: 'http://203.0.113.10/hook',
      events: ['delivery.created'],
    });
    expect(made.statusCode, made.body).toBe(201);
    const uuid = made.json<{ data: { uuid: string } }>().data.uuid;
    const changed = await f.adminA.request('PATCH', `${f.base}/webhook/${uuid}`, {
      url: 'http://10.0.0.8/hook',
    });
    expect(changed.statusCode).toBe(422);
  });
});
