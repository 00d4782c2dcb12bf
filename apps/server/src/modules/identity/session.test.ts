import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { authSessions, companyMembers, users } from '../../db/schema/index.js';
import { newSecret } from '../../lib/secure-token.js';
import { Agent } from '../../test/agent.js';
import { createCompany, createUser, TEST_PASSWORD } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { findCaller } from '../../access/caller.queries.js';
import { insertSession } from './sessions.queries.js';

let t: TestApp;
let email: string;

beforeAll(async () => {
  t = await createTestApp();
  const company = await createCompany(t.database.db);
  email = (await createUser(t.database.db, { company })).email;
});
afterAll(() => t.close());

describe('sign-in', () => {
  it('signs in, sets an httpOnly SameSite=Lax session cookie and answers the user', async () => {
    const agent = new Agent(t.app);
    const res = await agent.post('/api/v1/login', { email: email.toUpperCase(), password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ data: { user: { email: string; defaultCompanySlug: string } } }>();
    expect(body.data.user.email).toBe(email);
    expect(body.data.user.defaultCompanySlug).toMatch(/^co-/);
    const cookie = res.cookies.find((c) => c.name === 'courier_session');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect((await agent.get('/api/v1/me/check')).statusCode).toBe(200);
  });

  it('stores only a hash of the password', async () => {
    const [row] = await t.database.db
      .select({ h: users.passwordHash })
      .from(users)
      .where(eq(users.email, email));
    expect(row?.h).toMatch(/^scrypt\$/);
    expect(row?.h).not.toContain(TEST_PASSWORD);
  });

  it('rotates the session id at sign-in and ends the old one', async () => {
    const agent = new Agent(t.app);
    await agent.login(email, TEST_PASSWORD);
    const first = agent.cookie('courier_session');
    await agent.login(email, TEST_PASSWORD);
    const second = agent.cookie('courier_session');
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me/check',
      cookies: { courier_session: first ?? '' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers 422 with a field error for a wrong password, and for a malformed body', async () => {
    const agent = new Agent(t.app);
    const wrong = await agent.post('/api/v1/login', { email, password: 'nope' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({
      message: 'These credentials do not match our records.',
      errors: { email: ['These credentials do not match our records.'] },
    });
    const unknown = await agent.post('/api/v1/login', { email: 'nobody@example.com', password: 'nope' });
    expect(unknown.json()).toEqual(wrong.json());
    const bad = await agent.post('/api/v1/login', { email: 'not-an-email', password: '' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json<{ errors: object }>().errors).sort()).toEqual(['email', 'password']);
  });

  it('issues a Bearer token that works without cookies or CSRF', async () => {
    const agent = new Agent(t.app);
    const res = await agent.post('/api/v1/login', {
      email,
      password: TEST_PASSWORD,
      issueToken: true,
      deviceName: 'test',
    });
    const token = res.json<{ data: { token: string } }>().data.token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const api = new Agent(t.app);
    api.bearer = token;
    expect((await api.get('/api/v1/me')).statusCode).toBe(200);
    const write = await api.post(
      '/api/v1/me/name',
      { firstname: 'Token', lastname: 'Client' },
      { csrf: false },
    );
    expect(write.statusCode).toBe(200);
  });

  it('does not take a browser session id as a Bearer token', async () => {
    const agent = new Agent(t.app);
    await agent.login(email, TEST_PASSWORD);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${agent.cookie('courier_session')}` },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('CSRF', () => {
  it('answers 419 to a write without the X-XSRF-TOKEN header, and with a wrong one', async () => {
    const agent = new Agent(t.app);
    const missing = await agent.post('/api/v1/login', { email, password: TEST_PASSWORD }, { csrf: false });
    expect(missing.statusCode).toBe(419);
    expect(missing.json()).toEqual({ message: 'CSRF token mismatch.' });
    await agent.get('/sanctum/csrf-cookie');
    const wrong = await agent.post(
      '/api/v1/login',
      { email, password: TEST_PASSWORD },
      { csrf: false, headers: { 'x-xsrf-token': 'forged' } },
    );
    expect(wrong.statusCode).toBe(419);
  });

  it('sets a readable XSRF-TOKEN cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
    expect(res.statusCode).toBe(204);
    const xsrf = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(xsrf?.value).toBeTruthy();
    expect(xsrf?.httpOnly).toBeFalsy();
  });
});

describe('sign-out and session check', () => {
  it('ends the session: the check answers 401 afterwards', async () => {
    const agent = new Agent(t.app);
    await agent.login(email, TEST_PASSWORD);
    const out = await agent.post('/api/v1/logout');
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ data: { message: 'Signed out.' } });
    expect((await agent.get('/api/v1/me/check')).statusCode).toBe(401);
    expect((await agent.get('/api/v1/me')).json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('answers 401 to an expired session', async () => {
    const agent = new Agent(t.app);
    await agent.login(email, TEST_PASSWORD);
    await t.database.db.update(authSessions).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await agent.get('/api/v1/me/check')).statusCode).toBe(401);
  });

  // Two app instances in one process, on every database; two-processes.test.ts runs real processes on PostgreSQL.
  it('serves one session from two app instances sharing the database', async () => {
    const other = await buildApp({ config: t.config, database: t.database, logger: false });
    try {
      const agent = new Agent(t.app);
      await agent.login(email, TEST_PASSWORD);
      const res = await other.inject({
        method: 'GET',
        url: '/api/v1/me',
        cookies: { courier_session: agent.cookie('courier_session') ?? '' },
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe('the caller and their membership, read in one statement', () => {
  async function sessionOf(userId: string, expiresAt = new Date(Date.now() + 60_000)) {
    const secret = newSecret();
    await insertSession(t.database.db, { secret, kind: 'session', userId, expiresAt });
    return secret;
  }

  it("answers the session with the caller's active roles in the route's company", async () => {
    const db = t.database.db;
    const company = await createCompany(db);
    const user = await createUser(db, { company, roles: ['company-admin', 'driver'] });
    await db
      .update(companyMembers)
      .set({ status: 'inactive' })
      .where(and(eq(companyMembers.userId, user.id), eq(companyMembers.roleSlug, 'driver')));
    const caller = await findCaller(db, await sessionOf(user.id), company.slug);
    expect(caller?.session).toMatchObject({ userId: user.id, kind: 'session', isPlatformAdmin: false });
    expect(caller?.membership).toMatchObject({
      companyId: company.id,
      companySlug: company.slug,
      companyTypeSlug: 'shipper',
      isActive: true,
      roles: ['company-admin'],
    });
    expect(typeof caller?.membership?.deliveriesVersion).toBe('number');
  });

  it('answers no membership for a company the caller is not in, an unknown slug, or a route without a company', async () => {
    const db = t.database.db;
    const [mine, theirs] = [await createCompany(db), await createCompany(db)];
    const user = await createUser(db, { company: mine });
    await createUser(db, { company: theirs });
    const secret = await sessionOf(user.id);
    for (const slug of [theirs.slug, 'no-such-company', undefined]) {
      const caller = await findCaller(db, secret, slug);
      expect(caller?.session.userId).toBe(user.id);
      expect(caller?.membership).toBeUndefined();
    }
  });

  it('answers nothing for an unknown or expired secret', async () => {
    const db = t.database.db;
    const company = await createCompany(db);
    const user = await createUser(db, { company });
    expect(await findCaller(db, newSecret(), company.slug)).toBeUndefined();
    const expired = await sessionOf(user.id, new Date(Date.now() - 1000));
    expect(await findCaller(db, expired, company.slug)).toBeUndefined();
  });

  it('reads the membership with the session on a company route, and the tenancy hook takes it from there', async () => {
    const db = t.database.db;
    const company = await createCompany(db);
    const user = await createUser(db, { company });
    const app = await buildApp({ config: t.config, database: t.database, logger: false });
    const seen: unknown[] = [];
    app.addHook('onResponse', (request, _reply, done) => {
      seen.push({ prefetched: request.callerMembership, tenant: request.tenant?.companyId });
      done();
    });
    try {
      const cookies = { courier_session: await sessionOf(user.id) };
      const path = `/api/v1/c/${company.slug}/admin/delivery`;
      expect((await app.inject({ method: 'GET', url: path, cookies })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/v1/me', cookies })).statusCode).toBe(200);
      expect(seen).toEqual([
        {
          prefetched: {
            companySlug: company.slug,
            membership: expect.objectContaining({ roles: ['company-admin'] }),
          },
          tenant: company.id,
        },
        { prefetched: null, tenant: undefined },
      ]);
    } finally {
      await app.close();
    }
  });

  it('sees a role taken away on the very next request', async () => {
    const db = t.database.db;
    const company = await createCompany(db);
    const user = await createUser(db, { company });
    const agent = new Agent(t.app);
    await agent.login(user.email, TEST_PASSWORD);
    const path = `/api/v1/c/${company.slug}/admin/delivery`;
    expect((await agent.get(path)).statusCode).toBe(200);
    await db.update(companyMembers).set({ status: 'inactive' }).where(eq(companyMembers.userId, user.id));
    expect((await agent.get(path)).statusCode).toBe(404);
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After after too many sign-in attempts, and sends rate-limit headers', async () => {
    const limited = await buildApp({
      config: { ...t.config, LOGIN_RATE_LIMIT_MAX: 3 },
      database: t.database,
      logger: false,
    });
    try {
      const agent = new Agent(limited);
      // From an address of its own: this app counts with the file's app, on the same database (decision 058), and
      // the tests above signed in from the default one.
      const attempt = (body: object) =>
        agent.request('POST', '/api/v1/login', body, { remoteAddress: '10.7.0.1' });
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 4; i++) {
        last = await attempt({ email, password: 'wrong-password' });
        statuses.push(last.statusCode);
        if (i === 0) expect(last.headers['ratelimit-limit']).toBe('3');
      }
      expect(statuses).toEqual([422, 422, 422, 429]);
      expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
      expect(last?.json<{ message: string }>().message).toMatch(/Too many requests/);
      // Another e-mail from the same address is counted apart.
      const other = await attempt({ email: 'someone@example.com', password: 'x' });
      expect(other.statusCode).toBe(422);
    } finally {
      await limited.close();
    }
  });

  it('caps one account across addresses and one address across accounts, each for a minute', async () => {
    const limited = await buildApp({
      config: { ...t.config, LOGIN_ACCOUNT_RATE_LIMIT_MAX: 3, LOGIN_ADDRESS_RATE_LIMIT_MAX: 4 },
      database: t.database,
      logger: false,
    });
    try {
      await limited.ready();
      const csrf = await limited.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
      const jar = Object.fromEntries(csrf.cookies.map((c) => [c.name, c.value]));
      const xsrf = jar['XSRF-TOKEN']!;
      const attempt = (from: string, who: string) =>
        limited.inject({
          method: 'POST',
          url: '/api/v1/login',
          remoteAddress: from,
          cookies: jar,
          headers: { 'x-requested-with': 'XMLHttpRequest', 'x-xsrf-token': xsrf },
          payload: { email: who, password: 'wrong-password' },
        });
      // A spray on one account from three machines, then a fourth: the account waits.
      const sprayed = 'sprayed@example.com';
      const spray = [];
      for (const from of ['10.0.0.1', '10.0.0.2', '10.0.0.3', '10.0.0.4'])
        spray.push((await attempt(from, sprayed)).statusCode);
      expect(spray.slice(0, 3)).not.toContain(429);
      expect(spray[3]).toBe(429);
      // One machine over many accounts: the fifth account from it waits; another machine does not.
      const many = [];
      for (let i = 0; i < 5; i++) many.push((await attempt('10.0.1.1', `user${i}@example.com`)).statusCode);
      expect(many.slice(0, 4)).not.toContain(429);
      expect(many[4]).toBe(429);
      expect((await attempt('10.0.1.2', 'user9@example.com')).statusCode).not.toBe(429);
    } finally {
      await limited.close();
    }
  });
});
