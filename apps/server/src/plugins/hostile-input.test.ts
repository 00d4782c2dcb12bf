import { LIMITS } from '@courier/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { users } from '../db/schema/index.js';
import { Agent } from '../test/agent.js';
import { twoCompanies } from '../test/company-fixture.js';
import { createTestDelivery, testDropoff, testPickup, type TestDelivery } from '../test/delivery-fixture.js';
import { multipart, PNG } from '../test/multipart.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
let c: Awaited<ReturnType<typeof twoCompanies>>;
let delivery: TestDelivery;

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t);
  delivery = await createTestDelivery(c.adminA, c.base);
});
afterAll(() => t.close());

type ErrorAnswer = { message: string; errors?: Record<string, string[]> };

/** A refusal: a 4xx with a message (and the field's message when one is named), never a 500. */
function expectRefused(res: LightMyRequestResponse, status = 422, field?: string): ErrorAnswer {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json<ErrorAnswer>();
  expect(body.message).toEqual(expect.any(String));
  if (field) expect(body.errors?.[field]?.[0], JSON.stringify(body)).toEqual(expect.any(String));
  return body;
}

/** Sends a raw JSON text, for values JSON.stringify cannot write (1e309) or keys it would drop. */
function rawPost(url: string, json: string) {
  return c.adminA.request('POST', url, json, { headers: { 'content-type': 'application/json' } });
}

const createDelivery = (body: Record<string, unknown>) =>
  c.adminA.post(`${c.base}/delivery/create-delivery`, {
    name: 'Run',
    steps: [testPickup, testDropoff],
    ...body,
  });

describe('numbers the columns cannot hold are refused with 422', () => {
  it('parcel value, quantity, weight and volume of a new delivery', async () => {
    const big = 2 ** 31;
    for (const [field, value] of [
      ['valueMinor', big],
      ['quantity', big],
      ['volumeCm3', big],
      ['weightKg', 1e300],
    ] as const) {
      const res = await createDelivery({ parcels: [{ name: 'Box', [field]: value }] });
      expectRefused(res, 422, `parcels.0.${field}`);
    }
    const overflow = await rawPost(
      `${c.base}/delivery/create-delivery`,
      `{"name":"Run","steps":${JSON.stringify([testPickup, testDropoff])},"parcels":[{"name":"Box","weightKg":1e309}]}`,
    );
    expect(expectRefused(overflow, 422, 'parcels.0.weightKg').errors?.['parcels.0.weightKg']).toEqual([
      'Must be a finite number.',
    ]);
    const crate = { name: 'Crate', volumeCm3: 50_000_000, quantity: 30 };
    expectRefused(await createDelivery({ parcels: [crate, crate] }), 422, 'parcels');
  });

  it('a quote price past the contract limit', async () => {
    const res = await c.adminA.post(`${c.base}/delivery/${delivery.uuid}/quote`, {
      priceMinor: LIMITS.moneyMinorMax + 1,
      validUntil: '2030-01-01T00:00:00.000Z',
    });
    expect(expectRefused(res, 422, 'priceMinor').errors?.priceMinor).toEqual([
      `Must be at most ${LIMITS.moneyMinorMax}.`,
    ]);
  });

  it('a CSV import chunk numbered past the last row number', async () => {
    const res = await c.adminA.post(`${c.base}/address/import`, {
      firstRowNumber: Number.MAX_SAFE_INTEGER,
      rows: [{ line1: '' }, { line1: '' }],
    });
    expectRefused(res, 422, 'firstRowNumber');
  });

  it('a load grown past its integer column by parcels added one by one', async () => {
    const d = await createTestDelivery(c.adminA, c.base);
    const task = d.deliverySteps[0]!.deliveryStepTasks[0]!.deliveryStepTaskUuid;
    const add = () =>
      c.adminA.post(`${c.base}/delivery/${d.uuid}/add-parcel-to-step-task`, {
        deliveryStepTaskUuid: task,
        parcel: { name: 'Crate', volumeCm3: 50_000_000, quantity: 30 },
      });
    expect((await add()).statusCode).toBe(201);
    expectRefused(await add(), 422);
  });
});

describe('dates PostgreSQL cannot store are refused with 422', () => {
  it('year 0 in a body or a query', async () => {
    const window = { startAt: '0000-01-01T00:00:00Z', endAt: '0000-01-02T00:00:00Z' };
    expectRefused(await createDelivery({ scheduleWindows: [window] }), 422, 'scheduleWindows.0.startAt');
    const event = {
      title: 'Launch',
      startDate: '0001-01-01T00:30:00+01:00',
      endDate: '2030-01-01T00:00:00Z',
    };
    expectRefused(await c.adminA.post(`${c.base}/calendar/events`, event), 422, 'startDate');
    expectRefused(await c.adminA.get(`${c.base}/delivery?from=0000-01-01`), 422, 'from');
  });
});

describe('control characters and lone surrogates (decision 014)', () => {
  const NUL = '\u0000';

  it('in a body answer 422 naming the field, on every kind of write', async () => {
    const writes: [string, string, Record<string, unknown>, string][] = [
      ['POST', `${c.base}/delivery/create-delivery`, { name: `Run${NUL}` }, 'name'],
      [
        'POST',
        `${c.base}/delivery/create-delivery`,
        {
          name: 'Run',
          steps: [testPickup, { ...testDropoff, address: { ...testDropoff.address, city: `Le${NUL}eds` } }],
        },
        'steps.1.address.city',
      ],
      ['POST', `${c.base}/vehicle`, { name: `Van${NUL}`, registrationNumber: 'NUL1' }, 'name'],
      ['POST', `${c.base}/client`, { companyName: `Acme${NUL}` }, 'companyName'],
      ['POST', `${c.base}/client`, { companyName: 'Acme \uD800' }, 'companyName'],
      [
        'POST',
        `${c.base}/notes`,
        { noteableType: 'deliveries', noteableUuid: delivery.uuid, message: `hi${NUL}` },
        'message',
      ],
      ['POST', '/api/v1/me/name', { firstname: `Ada${NUL}`, lastname: 'Lovelace' }, 'firstname'],
      ['POST', '/api/v1/login', { email: 'someone@example.com', password: `pass${NUL}word` }, 'password'],
    ];
    for (const [method, url, extra, field] of writes) {
      const body = url.endsWith('create-delivery') ? { steps: [testPickup, testDropoff], ...extra } : extra;
      const res = await c.adminA.request(method as 'POST', url, body);
      expectRefused(res, 422, field);
    }
  });

  it('in a search query answer 422; in a company slug, tracking code or uuid 404', async () => {
    expectRefused(await c.adminA.get(`${c.base}/delivery?search=a%00b`), 422, 'search');
    expectRefused(await c.adminA.get(`${c.base}/vehicle?search=%1B%5B31m`), 422, 'search');
    expect(expectRefused(await c.adminA.get('/api/v1/c/co%00x/admin/vehicle'), 404).message).toBe(
      'Company not found.',
    );
    expectRefused(await c.adminA.get(`${c.base}/parcel/track/ab%00cd`), 404);
    expectRefused(await c.adminA.get(`${c.base}/vehicle/${delivery.uuid.slice(0, -1)}%00`), 404);
    // An anonymous caller is asked to sign in first, as for any other request.
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/c/co%00x/admin/vehicle' })).statusCode).toBe(
      401,
    );
  });

  it('deep nesting, wrong types and a bad key answer 422', async () => {
    const deep = `{"companyName":"x","contacts":${'['.repeat(50_000)}${']'.repeat(50_000)}}`;
    expectRefused(await rawPost(`${c.base}/client`, deep), 422);
    const typed = await createDelivery({ name: 5 });
    expect(expectRefused(typed, 422, 'name').errors?.name).toEqual(['Must be text.']);
    expectRefused(await rawPost(`${c.base}/client`, '{"companyName":"x","a\\u0000":1}'), 422, '_');
  });

  it('in an upload file name answer 422', async () => {
    const up = multipart({}, { name: `logo${NUL}.png`, type: 'image/png', bytes: PNG });
    const res = await c.adminA.request('POST', `${c.base}/company/logo`, up.body, { headers: up.headers });
    expectRefused(res, 422, 'file');
  });
});

describe('__proto__ and constructor keys (decision 014)', () => {
  it('are removed from a JSON body, and the request goes on', async () => {
    const res = await rawPost(
      `${c.base}/client`,
      '{"companyName":"Proto Ltd","__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}}}',
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ data: { companyName: string } }>().data.companyName).toBe('Proto Ltd');
    expect(({} as { isAdmin?: boolean }).isAdmin).toBeUndefined();
  });
});

describe('the log of a 500', () => {
  it('holds method, path and request id, never the query string, body or SQL parameters', async () => {
    const lines: string[] = [];
    const app = await buildApp({
      config: { ...t.config, LOG_LEVEL: 'info' },
      database: t.database,
      logStream: { write: (line) => void lines.push(line) },
    });
    // A write that fails in the database with the caller's personal data in its parameters: a taken e-mail.
    app.post('/api/v1/boom', { config: { public: true, access: 'public' } }, async (request) => {
      const body = request.body as { firstname: string; lastname: string };
      await t.database.db.insert(users).values({
        email: c.adminAUser.email,
        passwordHash: 'not-a-hash',
        firstname: body.firstname,
        lastname: body.lastname,
      });
      return {};
    });
    await app.ready();
    const res = await new Agent(app).post('/api/v1/boom?search=Grace+Hopper', {
      firstname: 'Ada',
      lastname: 'Lovelace-Byron',
    });
    await app.close();
    expect(res.json()).toEqual({ message: 'Server Error.' });

    const log = lines.join('');
    for (const secret of [c.adminAUser.email, 'Lovelace-Byron', 'Grace', 'search=', '127.0.0.1'])
      expect(log, secret).not.toContain(secret);
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const failure = entries.find((e) => e.msg === 'unhandled error');
    expect(failure?.err).toMatchObject({ code: '23505', message: expect.stringMatching(/duplicate key/) });
    // One line per request (issue 39), written when it is answered.
    const lines500 = entries.filter(
      (e) => e.msg === 'request completed' && (e.req as { method?: string }).method === 'POST',
    );
    expect(lines500).toHaveLength(1);
    expect(lines500[0]?.req).toEqual({ id: expect.any(String), method: 'POST', url: '/api/v1/boom' });
    expect(lines500[0]?.res).toEqual({ statusCode: 500 });
    expect(entries.filter((e) => e.msg === 'incoming request')).toEqual([]);
  });
});
