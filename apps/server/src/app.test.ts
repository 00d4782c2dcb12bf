import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config/env.js';
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock.js';
import { seedDemo } from './seed/demo.seed.js';
import { companies, users } from './db/schema/index.js';
import { Agent } from './test/agent.js';
import { createUser, TEST_PASSWORD } from './test/factories.js';
import { createTestApp, type TestApp } from './test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the API surface', () => {
  it('answers the health check with the database kind', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { status: 'ok', database: t.database.kind } });
  });

  it('answers unknown /api paths with 404 JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/no/such/thing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ message: 'The route GET /api/v1/no/such/thing does not exist.' });
  });

  it('serves the OpenAPI document and its reference UI at /api/docs', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json<{ paths: object }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/v1/login', '/api/v1/me', '/api/v1/c/{companySlug}/admin/user']),
    );
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('<html');
  });

  it('answers malformed JSON with 400 and never shows a stack trace', async () => {
    const agent = new Agent(t.app);
    const res = await agent.request('POST', '/api/v1/login', undefined, {
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.body).not.toMatch(/at .*\.(js|ts):\d+/);
  });
});

describe('compressed answers', () => {
  it('sends a JSON answer of 1 KB or more compressed as the client accepts it, a smaller one as it is', async () => {
    const user = await createUser(t.database.db);
    const agent = new Agent(t.app);
    await agent.login(user.email, TEST_PASSWORD);
    const big = '/api/v1/type/vehicle/make';
    const plain = await agent.get(big);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThanOrEqual(1024);
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const res = await agent.get(big, { headers: { 'accept-encoding': accept } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(decode(res.rawPayload).toString('utf8'))).toEqual(plain.json());
    }
    const refused = await agent.get(big, { headers: { 'accept-encoding': 'br;q=0, identity' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toEqual(plain.json());
    const small = await agent.get('/api/v1/me', { headers: { 'accept-encoding': 'br' } });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

describe('security headers and the API reference', () => {
  it('allows scripts only from our own files, and keeps API answers out of every cache', async () => {
    const agent = new Agent(t.app);
    const res = await agent.get('/api/v1/health');
    const csp = res.headers['content-security-policy'] as string;
    const scriptSrc = csp.split(';').find((d) => d.startsWith('script-src '));
    expect(scriptSrc).toBe("script-src 'self'");
    expect(res.headers['cache-control']).toBe('no-store');
    // A route that chose its own caching keeps it (lookup lists change with migrations only).
    const user = await createUser(t.database.db);
    await agent.login(user.email, TEST_PASSWORD);
    expect((await agent.get('/api/v1/me')).headers['cache-control']).toBe('no-store');
    const lookups = await agent.get('/api/v1/type/vehicle');
    expect(lookups.headers['cache-control']).toBe('private, max-age=300');
  });

  it('sends HSTS only to a request that came over https', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const tls = await proxied.app.inject({
        method: 'GET',
        url: '/api/v1/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await proxied.close();
    }
  });

  it('serves /api/docs only where configured: off by default in production, or when API_DOCS=false', async () => {
    expect(loadConfig({ NODE_ENV: 'production' }).apiDocs).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).apiDocs).toBe(true);
    const off = await createTestApp({ API_DOCS: 'false' });
    try {
      expect((await off.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(404);
      expect((await off.app.inject({ method: 'GET', url: '/api/docs/' })).statusCode).toBe(404);
      // The document is still generated for the process itself.
      expect(Object.keys(off.app.swagger().paths ?? {}).length).toBeGreaterThan(50);
    } finally {
      await off.close();
    }
  });
});

describe('server errors', () => {
  it('answers 500 with a generic message and no internals', async () => {
    const app = await buildApp({ config: t.config, database: t.database, logger: false });
    app.get('/api/v1/boom', { config: { public: true, access: 'public' } }, () => {
      throw new Error('secret connection string postgres://user:pw@db');
    });
    await app.ready();
    const res = await app.inject({ method: 'GET', url: '/api/v1/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Server Error.' });
    await app.close();
  });
});

describe('the built web app', () => {
  let dist: string;
  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('answers every non-API path with the SPA, and API paths with JSON', async () => {
    const app = await buildApp({ config: t.config, database: t.database, webDistDir: dist, logger: false });
    await app.ready();
    for (const path of ['/', '/CompanyDashboard', '/DeliveryDetail/123', '/definitely/not/a/route']) {
      const res = await app.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(200);
      expect(res.body).toContain('<div id="root">');
    }
    const api = await app.inject({ method: 'GET', url: '/api/v1/nothing' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toHaveProperty('message');
    await app.close();
  });
});

describe('configuration', () => {
  it('refuses a bad value naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });

  it('defaults to PGlite under ./data and to PostgreSQL when DATABASE_URL is set', () => {
    expect(loadConfig({}).database).toMatchObject({ kind: 'pglite' });
    expect(loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/x' }).database).toMatchObject({
      kind: 'postgres',
    });
  });
});

describe('the data directory lock', () => {
  it('refuses a second holder with a clear message', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lock-'));
    const release = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toThrow(DataDirLockedError);
    await expect(lockDataDir(dir)).rejects.toThrow(/already in use by another server process/);
    await release();
    const again = await lockDataDir(dir);
    await again();
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('the demo seed', () => {
  it('seeds demo companies once; a second run adds nothing', async () => {
    expect(await seedDemo(t.database.db)).toBe(true);
    const [before] = await t.database.db.select({ n: count() }).from(users);
    expect(await seedDemo(t.database.db)).toBe(false);
    const [after] = await t.database.db.select({ n: count() }).from(users);
    expect(after?.n).toBe(before?.n);
    const slugs = (
      await t.database.db.select({ slug: companies.slug, type: companies.companyTypeSlug }).from(companies)
    ).map((c) => `${c.slug}:${c.type}`);
    expect(slugs).toEqual(expect.arrayContaining(['demo-shipper:shipper', 'demo-courier:courier']));
    const agent = new Agent(t.app);
    await agent.login('admin@shipper.test', 'demo-password');
    expect((await agent.get('/api/v1/c/demo-shipper/admin/user')).statusCode).toBe(200);
    const vehicles = await agent.get('/api/v1/c/demo-shipper/admin/vehicle?per_page=100');
    expect(vehicles.json<{ meta: { total: number } }>().meta.total).toBe(8);
    const fleets = (await agent.get('/api/v1/c/demo-shipper/admin/fleet')).json<{
      data: { name: string }[];
    }>().data;
    expect(fleets.map((f) => f.name)).toEqual(['Bikes', 'Vans']);
    const drivers = (await agent.get('/api/v1/c/demo-shipper/admin/driver/info')).json<{ data: object }>()
      .data;
    expect(Object.keys(drivers)).toHaveLength(2);
  });

  it("gives every demo driver today's work: one delivery to start and one under way", async () => {
    for (const email of [
      'driver@shipper.test',
      'driver2@shipper.test',
      'driver@courier.test',
      'driver2@courier.test',
    ]) {
      const agent = new Agent(t.app);
      await agent.login(email, 'demo-password');
      const mine = (await agent.get('/api/v1/driver/delivery')).json<{
        data: { deliveryLiveStatusTypeSlug: string; deliveryScheduleWindows: { endAt: string }[] }[];
      }>().data;
      const statuses = mine.map((d) => d.deliveryLiveStatusTypeSlug);
      expect(statuses, email).toContain('assigned');
      expect(
        statuses.some((s) => ['en-route-to-pickup', 'picked-up', 'en-route-to-dropoff'].includes(s)),
        email,
      ).toBe(true);
      const open = mine.filter((d) => d.deliveryLiveStatusTypeSlug !== 'completed');
      for (const d of open)
        for (const w of d.deliveryScheduleWindows)
          expect(Math.abs(Date.parse(w.endAt) - Date.now()), email).toBeLessThan(6 * 3_600_000);
      const status = (await agent.get('/api/v1/driver/status')).json<{
        data: { driverStatusSlug: string }[];
      }>().data;
      expect(
        status.map((s) => s.driverStatusSlug),
        email,
      ).toEqual(['on-delivery']);
    }
  });
});
