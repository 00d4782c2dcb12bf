import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { testDropoff, testPickup } from '../../test/delivery-fixture.js';
import { databaseUrlWithName } from '../../test/pg-names.js';
import { startServer, stopServer, type ServerProcess as Server } from '../../test/server-process.js';

// Two real server processes (node running src/server.ts through tsx, as `npm run dev:server` does) on one
// PostgreSQL database: a session made on one is served by the other, writes on one are read on the other, and
// signing out on one ends the session on both. PGlite belongs to one process, so the PGlite run skips this file.

const testDb = inject('testDb');
const SKIP_REASON =
  'DATABASE_URL is unset: this run is on PGlite, which one process owns; two processes need PostgreSQL';
const SLUG = 'demo-shipper';

/** A browser's cookie jar over fetch, sending the CSRF token on writes the way the web app does. */
class Browser {
  readonly cookies = new Map<string, string>();

  async request(server: Server, method: string, path: string, body?: unknown, cookies = this.cookies) {
    const headers: Record<string, string> = {
      'x-requested-with': 'XMLHttpRequest',
      cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    };
    if (method !== 'GET') headers['x-xsrf-token'] = decodeURIComponent(cookies.get('XSRF-TOKEN') ?? '');
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const [name, value] = [pair.slice(0, eq).trim(), pair.slice(eq + 1).trim()];
      const gone = value === '' || attrs.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (gone) cookies.delete(name);
      else cookies.set(name, value);
    }
    const text = await res.text();
    return { status: res.status, json: (text ? JSON.parse(text) : null) as Record<string, unknown> };
  }
}

const title = `two server processes on one PostgreSQL database${testDb.kind === 'postgres' ? '' : ` (skipped: ${SKIP_REASON})`}`;

describe.skipIf(testDb.kind !== 'postgres')(title, () => {
  const adminUrl = testDb.kind === 'postgres' ? testDb.url : '';
  const dbName = `courier_two_proc_${randomBytes(5).toString('hex')}`;
  let dataDir = '';
  let a: Server;
  let b: Server;

  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'courier-two-proc-'));
    await admin(`CREATE DATABASE ${dbName}`);
    const env = (name: string) => ({
      DATABASE_URL: databaseUrlWithName(adminUrl, dbName),
      DATABASE_POOL_SIZE: '3',
      DATA_DIR: join(dataDir, name),
      // A folder without index.html: the API only.
      WEB_DIST_DIR: dataDir,
    });
    // Both start at once on an empty database: migrations take turns (advisory lock); A seeds the demo data.
    [a, b] = await Promise.all([
      startServer('A', { ...env('a'), SEED_DEMO: 'true' }),
      startServer('B', { ...env('b'), SEED_DEMO: 'false' }),
    ]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a, b].map(stopServer));
    await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('signs in on A, is served by B, writes on B are read on A, and signing out on B ends it on A', async () => {
    expect(a.child.pid).not.toBe(b.child.pid);
    const browser = new Browser();
    expect((await browser.request(a, 'GET', '/sanctum/csrf-cookie')).status).toBe(204);
    const login = await browser.request(a, 'POST', '/api/v1/login', {
      email: 'admin@shipper.test',
      password: 'demo-password',
    });
    expect(login.status, JSON.stringify(login.json)).toBe(200);
    const session = browser.cookies.get('courier_session');
    expect(session).toBeTruthy();

    // The session made by A is served by B.
    const me = await browser.request(b, 'GET', '/api/v1/me');
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ data: { email: 'admin@shipper.test' } });

    // A has a page of deliveries cached; B creates one (the CSRF token A issued is good on B); A lists it.
    const base = `/api/v1/c/${SLUG}/admin`;
    const before = await browser.request(a, 'GET', `${base}/delivery?per_page=100`);
    expect(before.status).toBe(200);
    const name = `Made on B ${dbName}`;
    const created = await browser.request(b, 'POST', `${base}/delivery/create-delivery`, {
      name,
      steps: [testPickup, testDropoff],
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const uuid = (created.json.data as { uuid: string }).uuid;
    const after = await browser.request(a, 'GET', `${base}/delivery?per_page=100`);
    const names = (after.json.data as { name: string }[]).map((d) => d.name);
    expect(names).toContain(name);
    expect((after.json.meta as { total: number }).total).toBe(
      (before.json.meta as { total: number }).total + 1,
    );
    expect((await browser.request(a, 'GET', `${base}/delivery/${uuid}`)).json).toMatchObject({
      data: { uuid, name },
    });

    // Signing out on B ends the session everywhere: A refuses the same cookie.
    const out = await browser.request(b, 'POST', '/api/v1/logout');
    expect(out.status).toBe(200);
    const stale = new Map([['courier_session', session!]]);
    expect((await browser.request(a, 'GET', '/api/v1/me', undefined, stale)).status).toBe(401);
    expect((await browser.request(b, 'GET', '/api/v1/me', undefined, stale)).status).toBe(401);
  });
});
