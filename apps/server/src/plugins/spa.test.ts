import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../test/agent.js';
import { createCompany, createUser, TEST_PASSWORD } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

const INDEX = `<!doctype html><html><head><title>Courier</title></head><body>${'<div></div>'.repeat(200)}</body></html>`;
// The build's copy of index.html for one route, naming its files (decision 051).
const DASHBOARD = INDEX.replace(
  '</head>',
  '<link rel="modulepreload" crossorigin href="/assets/dashboard-x.js"></head>',
);
const DETAIL = INDEX.replace(
  '</head>',
  '<link rel="modulepreload" crossorigin href="/assets/detail-x.js"></head>',
);
const ROUTES_JSON = JSON.stringify([
  {
    id: 'companyDashboard',
    path: '/CompanyDashboard',
    caseSensitive: false,
    file: 'routes/companyDashboard.html',
    guarded: true,
  },
  {
    id: 'deliveryDetail',
    path: '/DeliveryDetail/:uuid',
    caseSensitive: false,
    file: 'routes/deliveryDetail.html',
    guarded: true,
  },
  { id: 'login', path: '/login', caseSensitive: false, file: 'routes/login.html', guarded: false },
  // Listed but missing from the build: never sent.
  {
    id: 'calendar',
    path: '/DeliveryCalendar',
    caseSensitive: false,
    file: 'routes/calendar.html',
    guarded: true,
  },
]);
const SCRIPT = `export const words = ${JSON.stringify('delivery '.repeat(500))};`;

let dir: string;
let t: TestApp;
beforeAll(async () => {
  // A build as vite.config.mts leaves it: each text file with its .br and .gz beside it.
  dir = mkdtempSync(join(tmpdir(), 'courier-spa-'));
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, 'routes'));
  writeFileSync(join(dir, 'routes/routes.json'), ROUTES_JSON);
  for (const [path, text] of [
    ['index.html', INDEX],
    ['routes/companyDashboard.html', DASHBOARD],
    ['routes/deliveryDetail.html', DETAIL],
    ['routes/login.html', INDEX],
    ['assets/app-abc123.js', SCRIPT],
  ] as const) {
    writeFileSync(join(dir, path), text);
    writeFileSync(join(dir, `${path}.br`), brotliCompressSync(text));
    writeFileSync(join(dir, `${path}.gz`), gzipSync(text));
  }
  t = await createTestApp({}, { webDistDir: dir });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('the web app as the server sends it', () => {
  it('sends the Brotli copy of an asset to a browser that accepts it, cached for good', async () => {
    const res = await get('/assets/app-abc123.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
    // A script keeps nosniff and CORP, not the document-only headers (the CSP and the like).
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-frame-options']).toBeUndefined();
  });

  it('sends gzip to a browser without Brotli, and the file itself to one that accepts neither', async () => {
    const gz = await get('/assets/app-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('answers a route with the copy of index.html that names its files, as the router matches paths', async () => {
    const html = async (url: string) => brotliDecompressSync((await get(url, 'br')).rawPayload).toString();
    expect(await html('/CompanyDashboard')).toBe(DASHBOARD);
    expect(await html('/companydashboard/?tab=1')).toBe(DASHBOARD);
    expect(await html('/DeliveryDetail/0b8e4f5c-1a2b-4c3d-8e9f-0a1b2c3d4e5f')).toBe(DETAIL);
    expect(await html('/DeliveryDetail')).toBe(INDEX);
    expect(await html('/DeliveryDetail/a/b')).toBe(INDEX);
    expect(await html('/DeliveryCalendar')).toBe(INDEX);
    expect(await html('/no/such/screen')).toBe(INDEX);
    const res = await get('/CompanyDashboard', 'br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });

  it('answers a client route with the compressed index.html, always revalidated', async () => {
    const res = await get('/Unknown/some-uuid', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX);
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(res.headers['x-frame-options']).toBeDefined();
    // An unknown API path is still a JSON 404.
    const api = await get('/api/v1/no-such-thing', 'br');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ message: expect.stringContaining('does not exist') });
  });

  describe("a signed-in screen's HTML (decision 051)", () => {
    /** The state element of a page, parsed; null without one. */
    const stateOf = (html: string) => {
      const match = /<script type="application\/json" id="session-state">(.*?)<\/script>/s.exec(html);
      return match ? (JSON.parse(match[1]!) as Record<string, unknown>) : null;
    };

    it("carries the caller's user, roles and companies as their calls answer them, for them only", async () => {
      const db = t.database.db;
      const company = await createCompany(db, { name: 'Crates </script><b>Ltd</b>' });
      const user = await createUser(db, {
        company,
        roles: ['company-admin'],
        firstname: '</script><script>x()',
      });
      const agent = new Agent(t.app);
      await agent.login(user.email, TEST_PASSWORD);
      const page = await agent.get('/CompanyDashboard', { headers: { 'accept-encoding': 'br' } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.headers.vary).toMatch(/cookie/i);
      const html = brotliDecompressSync(page.rawPayload).toString();
      expect(html.startsWith(DASHBOARD.slice(0, DASHBOARD.indexOf('</head>')))).toBe(true);
      // Nothing in the data closes the element or opens another: only the one script element, ended where it ends.
      expect(html.match(/<script/g)).toHaveLength(1);
      expect(html.match(/<\/script>/g)).toHaveLength(1);
      const state = stateOf(html);
      const [me, roles, companies] = await Promise.all(
        ['/api/v1/me', '/api/v1/me/role', '/api/v1/me/company'].map(
          async (url) => (await agent.get(url)).json<{ data: unknown }>().data,
        ),
      );
      expect(state).toEqual({ user: me, roles, companies });
      expect(JSON.stringify(state)).toContain('</script><b>Ltd</b>');
      // A screen that is not signed in, a visitor, a locked session: the plain copies.
      expect(stateOf((await agent.get('/login')).body)).toBeNull();
      expect(stateOf((await t.app.inject({ method: 'GET', url: '/CompanyDashboard' })).body)).toBeNull();
      expect((await agent.post('/api/v1/me/lock')).statusCode).toBeLessThan(300);
      const locked = await agent.get('/CompanyDashboard');
      expect(locked.body).toBe(DASHBOARD);
      expect(locked.headers['cache-control']).toBe('no-cache');
    });
  });
});
