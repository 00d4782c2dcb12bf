import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/env.js';
import { openPostgres, type Database } from '../db/client.js';
import { rateLimits } from '../db/schema/index.js';
import { createCompany, createUser, TEST_PASSWORD } from '../test/factories.js';
import { reachable } from '../test/server-process.js';
import { openTestDatabase } from '../test/test-app.js';
import { purgeRateLimitsJob } from './rate-limit.jobs.js';
import { rateLimitPlugin } from './rate-limit.plugin.js';

// Every rate limit counts across the server processes (decision 058): two apps on one database (on PostgreSQL, each
// with its own pool, as two processes have), or both on Redis (REDIS_URL; skipped when nothing answers on
// 127.0.0.1:6379). The security limits are exact; the API's general limit is merged once an interval.

const redisUp = await reachable('127.0.0.1', 6379);
/** The general limit's merge interval here (1 s in production): short, so the test waits little. */
const MERGE_MS = 150;
const merged = () => new Promise((r) => setTimeout(r, 3 * MERGE_MS));

const stores = [
  { store: 'the database', env: {} as Record<string, string>, skip: false },
  { store: 'Redis', env: { REDIS_URL: 'redis://127.0.0.1:6379' }, skip: !redisUp },
];

/** An address of its own for each test: counters outlive a test (on Redis, a test run too). */
const newAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const newEmail = () => `rate-${randomBytes(5).toString('hex')}@example.com`;

describe.each(stores)('rate limits shared by two apps through $store', ({ env, skip }) => {
  let database: Database;
  let other: Database;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let dataDir = '';
  let csrf: { cookies: Record<string, string>; token: string };

  beforeAll(async () => {
    if (skip) return;
    database = await openTestDatabase();
    // On PostgreSQL the second app has its own pool, as a second process has; PGlite belongs to one process.
    other = database.kind === 'postgres' && database.url ? openPostgres(database.url, 3) : database;
    dataDir = mkdtempSync(join(tmpdir(), 'courier-rate-limit-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      RATE_LIMIT_MAX: '30',
      LOGIN_RATE_LIMIT_MAX: '5',
      LOGIN_ACCOUNT_RATE_LIMIT_MAX: '8',
      LOGIN_ADDRESS_RATE_LIMIT_MAX: '1000',
      PASSWORD_RESET_RATE_LIMIT_MAX: '3',
      CONTACT_RATE_LIMIT_MAX: '3',
      ...env,
    });
    const build = (db: Database) =>
      buildApp({ config, database: db, logger: false, rateLimits: { mergeIntervalMs: MERGE_MS } });
    a = await build(database);
    b = await build(other);
    await Promise.all([a.ready(), b.ready()]);
    const res = await a.inject({ method: 'GET', url: '/sanctum/csrf-cookie', remoteAddress: newAddress() });
    const cookies = Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));
    csrf = { cookies, token: cookies['XSRF-TOKEN'] ?? '' };
  });

  afterAll(async () => {
    if (skip) return;
    await a.close();
    await b.close();
    if (other !== database) await other.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (
    app: FastifyInstance,
    url: string,
    payload: object,
    from: string,
    cookies: Record<string, string> = {},
  ) =>
    app
      .inject({
        method: 'POST',
        url: `/api/v1${url}`,
        remoteAddress: from,
        cookies: { ...csrf.cookies, ...cookies },
        headers: { 'x-requested-with': 'XMLHttpRequest', 'x-xsrf-token': csrf.token },
        payload,
      })
      .then((res) => res.statusCode);

  /** `count` calls alternating between the two apps, one after the other: their statuses. */
  async function alternate(count: number, call: (app: FastifyInstance, i: number) => Promise<number>) {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) statuses.push(await call(i % 2 === 0 ? a : b, i));
    return statuses;
  }

  it.skipIf(skip)('counts sign-in attempts per address and e-mail through both apps as one', async () => {
    const from = newAddress();
    const email = newEmail();
    const attempt = (app: FastifyInstance) =>
      post(app, '/login', { email, password: 'wrong-password' }, from);
    // Three through A and two through B: five, the limit.
    const statuses = [
      await attempt(a),
      await attempt(a),
      await attempt(a),
      await attempt(b),
      await attempt(b),
    ];
    expect(statuses).toEqual([422, 422, 422, 422, 422]);
    expect(await attempt(b)).toBe(429);
    expect(await attempt(a)).toBe(429);
    // Another e-mail from the same address is counted apart.
    expect(await post(b, '/login', { email: newEmail(), password: 'x' }, from)).toBe(422);
  });

  it.skipIf(skip)("counts one account's sign-ins from every address through both apps as one", async () => {
    const email = newEmail();
    const statuses = await alternate(9, (app) =>
      post(app, '/login', { email, password: 'wrong-password' }, newAddress()),
    );
    expect(statuses.slice(0, 8)).not.toContain(429);
    expect(statuses[8]).toBe(429);
  });

  it.skipIf(skip)('lets exactly the limit through when both apps take attempts at once', async () => {
    const from = newAddress();
    const email = newEmail();
    const statuses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        post(i % 2 === 0 ? a : b, '/login', { email, password: 'wrong-password' }, from),
      ),
    );
    expect(statuses.filter((s) => s !== 429)).toHaveLength(5);
  });

  it.skipIf(skip)(
    'counts password resets, sign-ups and contact messages through both apps as one',
    async () => {
      const from = newAddress();
      const forgot = await alternate(4, (app) => post(app, '/password/forgot', { email: newEmail() }, from));
      expect(forgot).toEqual([200, 200, 200, 429]);
      // Refused by validation, still counted: the limit runs before it.
      const signUps = await alternate(4, (app) => post(app, '/signup', {}, from));
      expect(signUps.slice(0, 3)).not.toContain(429);
      expect(signUps[3]).toBe(429);
      const contact = await alternate(4, (app) => post(app, '/contact', {}, from));
      expect(contact.slice(0, 3)).not.toContain(429);
      expect(contact[3]).toBe(429);
    },
  );

  it.skipIf(skip)("counts an account's password checks through both apps as one", async () => {
    const company = await createCompany(database.db);
    const user = await createUser(database.db, { company });
    const from = newAddress();
    const login = await a.inject({
      method: 'POST',
      url: '/api/v1/login',
      remoteAddress: from,
      cookies: csrf.cookies,
      headers: { 'x-requested-with': 'XMLHttpRequest', 'x-xsrf-token': csrf.token },
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const session = Object.fromEntries(login.cookies.map((c) => [c.name, c.value]));
    const change = {
      currentPassword: 'wrong-password',
      password: 'another-password-1',
      passwordConfirmation: 'another-password-1',
    };
    const statuses = await alternate(6, (app) => post(app, '/me/password', change, newAddress(), session));
    expect(statuses.slice(0, 5)).not.toContain(429);
    expect(statuses[5]).toBe(429);
  });

  it.skipIf(skip)(
    "counts the API's general limit per address through both apps, each learning the other's count within a merge",
    async () => {
      const from = newAddress();
      const hit = (app: FastifyInstance) =>
        app
          .inject({ method: 'GET', url: '/api/v1/health/live', remoteAddress: from })
          .then((r) => r.statusCode);
      for (let i = 0; i < 20; i++) expect(await hit(a)).toBe(200);
      await merged();
      // B's first request is decided before B has merged (the documented error): let it merge, then B knows 21.
      expect(await hit(b)).toBe(200);
      await merged();
      const rest = [];
      for (let i = 0; i < 10; i++) rest.push(await hit(b));
      expect(rest).toEqual([...Array<number>(9).fill(200), 429]);
      // Once B merged those, A decides from the 20 it merged until its own next merge (the documented error): from
      // that merge on, it refuses too.
      await merged();
      expect(await hit(a)).toBe(200);
      await merged();
      expect(await hit(a)).toBe(429);
    },
  );

  it.skipIf(skip)(
    'keeps the counters where configured; the purge deletes those past their window',
    async () => {
      const keys = async () =>
        (await database.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
      if (env.REDIS_URL) {
        expect(await keys()).toEqual([]);
        return;
      }
      expect(await keys()).toContainEqual(expect.stringMatching(/^POST \/api\/v1\/login\|login:10\./));
      await database.db.insert(rateLimits).values([
        { key: 'test|past', count: 3, resetAt: sql`now() - interval '1 second'` },
        { key: 'test|open', count: 3, resetAt: sql`now() + interval '1 minute'` },
      ]);
      await purgeRateLimitsJob(database.db).handle(
        {},
        { id: '', retryCount: 0, signal: new AbortController().signal },
      );
      const left = await keys();
      expect(left).toContain('test|open');
      expect(left).not.toContain('test|past');
    },
  );

  it.skipIf(skip || env.REDIS_URL)(
    "counts a route's own limit exactly, or in memory when it asks for merged counting",
    async () => {
      const app = Fastify();
      app.decorate('config', loadConfig({ RATE_LIMIT_MAX: '1000', DATA_DIR: dataDir }));
      app.decorate('database', database);
      await app.register(rateLimitPlugin, { mergeIntervalMs: MERGE_MS });
      const limit = { rateLimit: { max: 3, timeWindow: '1 minute', hook: 'preValidation' as const } };
      app.get('/exact', { config: limit }, () => 'ok');
      app.get('/merged', { config: { ...limit, rateLimitCounting: 'merged' } }, () => 'ok');
      await app.ready();
      try {
        const from = newAddress();
        const count = async (route: string) => {
          const [row] = await database.db
            .select({ count: rateLimits.count })
            .from(rateLimits)
            .where(eq(rateLimits.key, `GET ${route}|ip:${from}`));
          return row?.count;
        };
        const hit = (url: string) => app.inject({ method: 'GET', url, remoteAddress: from });
        for (const url of ['/exact', '/merged']) for (let i = 0; i < 2; i++) await hit(url);
        expect(await count('/exact')).toBe(2);
        expect(await count('/merged')).toBeUndefined();
        await merged();
        expect(await count('/merged')).toBe(2);
        expect((await hit('/merged')).statusCode).toBe(200);
        expect((await hit('/merged')).statusCode).toBe(429);
      } finally {
        await app.close();
      }
    },
  );
});
