import { API_KEY, API_KEY_REFUSALS } from '@courier/contract';
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openPostgres, type Database } from '../../db/client.js';
import { apiKeys, deliveries } from '../../db/schema/index.js';
import { Agent } from '../../test/agent.js';
import { twoCompanies } from '../../test/company-fixture.js';
import { testDropoff, testPickup } from '../../test/delivery-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

// A company's API keys (issue 34, decision 065): created by its admins, shown once, kept hashed; a key acts as its
// company through the policy, bounded by its scopes, never reaching accounts or settings; revoked at once on every
// process; limited per key across processes.

let t: TestApp;
let f: Awaited<ReturnType<typeof twoCompanies>>;
/** A second app on the same database: on PostgreSQL with its own pool, as a second process has. */
let other: FastifyInstance;
let otherDb: Database;

beforeAll(async () => {
  t = await createTestApp();
  f = await twoCompanies(t);
  otherDb = t.database.kind === 'postgres' && t.database.url ? openPostgres(t.database.url, 3) : t.database;
  other = await buildApp({ config: t.config, database: otherDb, logger: false });
  await other.ready();
});
afterAll(async () => {
  await other.close();
  if (otherDb !== t.database) await otherDb.close();
  await t.close();
});

interface Created {
  uuid: string;
  secret: string;
  prefix: string;
  scopes: string[];
  ratePerSecond: number;
  lastUsedAt: string | null;
  lastUsedAddress: string | null;
  revokedAt: string | null;
}

async function createKey(body: Record<string, unknown>) {
  const res = await f.adminA.post(`${f.base}/api-key`, { name: 'Web shop', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Created }>().data;
}

/** A client system's call: the key as Bearer, no cookie, no CSRF token. */
function call(
  secret: string,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  body?: object,
  app: FastifyInstance = t.app,
) {
  return app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });
}

const newDelivery = { name: 'From the shop', steps: [testPickup, testDropoff] };

describe('API keys', () => {
  it('are created by an admin with the secret shown once and kept only as its hash', async () => {
    const key = await createKey({ scopes: ['deliveries:read'] });
    expect(key.secret).toMatch(/^ck_live_[A-Za-z0-9_-]{43}$/);
    expect(key.prefix).toBe(key.secret.slice(0, API_KEY.shownChars));
    expect(key.ratePerSecond).toBe(API_KEY.defaultRatePerSecond);
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.uuid));
    expect(row!.tokenHash).toBe(createHash('sha256').update(key.secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(key.secret);
    const list = (await f.adminA.get(`${f.base}/api-key`)).json<{ data: Record<string, unknown>[] }>().data;
    const listed = list.find((k) => k.uuid === key.uuid)!;
    expect(listed).toMatchObject({ name: 'Web shop', prefix: key.prefix, scopes: ['deliveries:read'] });
    expect(listed).not.toHaveProperty('secret');
    // Another company's admin neither sees nor revokes it.
    const theirs = (await f.adminB.get(`${f.baseB}/api-key`)).json<{ data: { uuid: string }[] }>().data;
    expect(theirs.map((k) => k.uuid)).not.toContain(key.uuid);
    expect((await f.adminB.request('DELETE', `${f.baseB}/api-key/${key.uuid}`)).statusCode).toBe(404);
    // A driver of the company is no admin.
    expect((await f.driverA.get(`${f.base}/api-key`)).statusCode).toBe(403);
  });

  it('refuses a bad key with the field and the reason', async () => {
    const bad = async (body: Record<string, unknown>) => {
      const res = await f.adminA.post(`${f.base}/api-key`, body);
      expect(res.statusCode, res.body).toBe(422);
      return Object.keys(res.json<{ errors: Record<string, string[]> }>().errors);
    };
    expect(await bad({ name: ' ', scopes: ['deliveries:read'] })).toEqual(['name']);
    expect(await bad({ name: 'Shop', scopes: [] })).toEqual(['scopes']);
    expect(await bad({ name: 'Shop', scopes: ['members:write'] })).toEqual(['scopes.0']);
    expect(await bad({ name: 'Shop', scopes: ['deliveries:read'], ratePerSecond: 0 })).toEqual([
      'ratePerSecond',
    ]);
    const past = new Date(Date.now() - 60_000).toISOString();
    expect(await bad({ name: 'Shop', scopes: ['deliveries:read'], expiresAt: past })).toEqual(['expiresAt']);
  });

  it('act as their company: a write is recorded as made by the key, without a session or CSRF token', async () => {
    const key = await createKey({ name: 'Order system', scopes: ['deliveries:read', 'deliveries:write'] });
    const res = await call(key.secret, 'POST', `${f.base}/delivery/create-delivery`, newDelivery);
    expect(res.statusCode, res.body).toBe(201);
    const uuid = res.json<{ data: { uuid: string } }>().data.uuid;
    const [row] = await t.database.db.select().from(deliveries).where(eq(deliveries.id, uuid));
    expect(row).toMatchObject({ createdByApiKeyId: key.uuid, createdByUserId: null });
    const moved = await call(key.secret, 'POST', `${f.base}/delivery/${uuid}/status`, {
      statusSlug: 'cancelled',
      cancelTypeSlug: 'other',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // The delivery's history, as the company's admin reads it, names the key.
    const history = (await f.adminA.get(`${f.base}/delivery/status?deliveryUuid=${uuid}`)).json<{
      data: { statusSlug: string; createdByApiKeyName?: string; createdByUserUuid?: string }[];
    }>().data;
    for (const slug of ['created', 'cancelled']) {
      const record = history.find((r) => r.statusSlug === slug)!;
      expect(record.createdByApiKeyName).toBe('Order system');
      expect(record.createdByUserUuid).toBeUndefined();
    }
    // The key reads it back.
    expect((await call(key.secret, 'GET', `${f.base}/delivery/${uuid}`)).statusCode).toBe(200);
    // Its last use is recorded, with the address it came from.
    const listed = (await f.adminA.get(`${f.base}/api-key`)).json<{ data: Created[] }>().data;
    const mine = listed.find((k) => k.uuid === key.uuid)!;
    expect(mine.lastUsedAt).not.toBeNull();
    expect(mine.lastUsedAddress).toBe('127.0.0.1');
  });

  it('reach only the calls their scopes open, and nothing of accounts, members or settings', async () => {
    const reader = await createKey({ scopes: ['deliveries:read'] });
    const d = await call(reader.secret, 'GET', `${f.base}/delivery?page=1`);
    expect(d.statusCode, d.body).toBe(200);
    const write = await call(reader.secret, 'POST', `${f.base}/delivery/create-delivery`, newDelivery);
    expect(write.statusCode).toBe(403);
    expect(write.json<{ message: string }>().message).toBe(API_KEY_REFUSALS.scope('deliveries:write'));
    const webhooksOnly = await createKey({ scopes: ['webhooks:manage'] });
    expect((await call(webhooksOnly.secret, 'GET', `${f.base}/delivery?page=1`)).statusCode).toBe(403);
    const everything = await createKey({
      scopes: ['deliveries:read', 'deliveries:write', 'positions:read', 'webhooks:manage'],
    });
    for (const [method, url] of [
      ['GET', `${f.base}/api-key`],
      ['POST', `${f.base}/api-key`],
      ['GET', `${f.base}/user`],
      ['GET', `${f.base}/company`],
      ['GET', '/api/v1/me'],
      ['GET', '/api/v1/me/notifications/summary'],
      ['GET', `${f.base}/vehicle`],
    ] as const) {
      const res = await call(everything.secret, method, url, method === 'POST' ? { name: 'x' } : undefined);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
      expect(res.json<{ message: string }>().message).toBe(API_KEY_REFUSALS.call);
    }
    // Another company's records do not exist for it.
    expect((await call(everything.secret, 'GET', `${f.baseB}/delivery?page=1`)).statusCode).toBe(404);
    // A public call ignores the key.
    expect((await call(everything.secret, 'GET', '/api/v1/health')).statusCode).toBe(200);
  });

  it('stop working at once when revoked or expired, on every process', async () => {
    const key = await createKey({ scopes: ['deliveries:read'] });
    const list = `${f.base}/delivery?page=1`;
    expect((await call(key.secret, 'GET', list, undefined, other)).statusCode).toBe(200);
    const revoked = await f.adminA.request('DELETE', `${f.base}/api-key/${key.uuid}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json<{ data: Created }>().data.revokedAt).not.toBeNull();
    for (const app of [t.app, other]) {
      const res = await call(key.secret, 'GET', list, undefined, app);
      expect(res.statusCode).toBe(401);
      expect(res.json<{ message: string }>().message).toBe(API_KEY_REFUSALS.invalid);
    }
    const soon = await createKey({
      scopes: ['deliveries:read'],
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect((await call(soon.secret, 'GET', list)).statusCode).toBe(200);
    await t.database.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(apiKeys.id, soon.uuid));
    expect((await call(soon.secret, 'GET', list, undefined, other)).statusCode).toBe(401);
    // A secret never issued, with the prefix, is refused the same way.
    expect((await call(`${API_KEY.prefix}${'x'.repeat(43)}`, 'GET', list)).statusCode).toBe(401);
  });

  it('are limited per key, counted across processes, with Retry-After and RateLimit headers', async () => {
    const key = await createKey({ scopes: ['deliveries:read'], ratePerSecond: 2 });
    const url = `${f.base}/delivery?page=1`;
    const started = Date.now();
    // Sent at once through both apps: each window (a second) lets two through in all.
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) => call(key.secret, 'GET', url, undefined, i % 2 ? other : t.app)),
    );
    const windows = Math.ceil((Date.now() - started) / 1_000) + 1;
    const ok = answers.filter((r) => r.statusCode === 200);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(ok.length + refused.length).toBe(answers.length);
    expect(ok.length).toBeLessThanOrEqual(2 * windows);
    expect(refused.length).toBeGreaterThan(0);
    expect(ok[0]!.headers['ratelimit-limit']).toBe('2');
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThanOrEqual(0);
    expect(refused[0]!.headers['ratelimit-remaining']).toBe('0');
    // Another key has its own count.
    const second = await createKey({ scopes: ['deliveries:read'], ratePerSecond: 2 });
    expect((await call(second.secret, 'GET', url)).statusCode).toBe(200);
  });

  it('a person signed in with a session is not limited as a key', async () => {
    const agent = new Agent(t.app);
    expect((await agent.get(`${f.base}/api-key`)).statusCode).toBe(401);
    expect((await f.adminA.get(`${f.base}/api-key`)).headers['ratelimit-limit']).toBe('100000');
  });
});
