import type { LockState } from '@courier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { Agent } from '../../test/agent.js';
import { createCompany, createUser, TEST_PASSWORD } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** The lock screen locks the session on the server (issue 14, decision 030). */
let t: TestApp;
let email: string;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  const company = await createCompany(t.database.db, { name: 'Lock Freight' });
  base = `/api/v1/c/${company.slug}/admin`;
  email = (await createUser(t.database.db, { company, roles: ['company-admin'] })).email;
});
afterAll(() => t.close());

async function signedIn() {
  const agent = new Agent(t.app);
  await agent.login(email, TEST_PASSWORD);
  return agent;
}

describe('the lock screen', () => {
  it('answers 423 to every signed-in call until the password is given, and only to this session', async () => {
    const agent = await signedIn();
    const other = await signedIn();
    const locked = await agent.post('/api/v1/me/lock');
    expect(locked.statusCode).toBe(200);
    expect(locked.json<{ data: LockState }>().data).toMatchObject({ locked: true, user: { email } });

    for (const path of ['/api/v1/me', `${base}/vehicle`, '/api/v1/me/notifications/summary']) {
      const res = await agent.get(path);
      expect(res.statusCode, path).toBe(423);
      expect(res.json<{ message: string }>().message).toMatch(/locked/);
    }
    expect((await agent.post(`${base}/vehicle`, { name: 'Van' })).statusCode).toBe(423);
    // Public routes still answer; the lock screen's own calls too.
    expect((await agent.get('/api/v1/health')).statusCode).toBe(200);
    expect((await agent.get('/api/v1/me/lock')).json<{ data: LockState }>().data.locked).toBe(true);
    // Another session of the same user is not locked.
    expect((await other.get('/api/v1/me')).statusCode).toBe(200);

    const wrong = await agent.post('/api/v1/me/unlock', { password: 'not-it' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json<{ errors: Record<string, string[]> }>().errors.password).toBeDefined();
    expect((await agent.post('/api/v1/me/unlock', {})).statusCode).toBe(422);
    expect((await agent.get('/api/v1/me')).statusCode).toBe(423);

    const open = await agent.post('/api/v1/me/unlock', { password: TEST_PASSWORD });
    expect(open.statusCode).toBe(200);
    expect(open.json<{ data: LockState }>().data.locked).toBe(false);
    expect((await agent.get('/api/v1/me')).statusCode).toBe(200);
  });

  it('lets a locked session sign out, and refuses to lock an API token', async () => {
    const agent = await signedIn();
    await agent.post('/api/v1/me/lock');
    expect((await agent.post('/api/v1/logout')).statusCode).toBe(200);
    expect((await agent.get('/api/v1/me')).statusCode).toBe(401);

    const issued = await new Agent(t.app).post('/api/v1/login', {
      email,
      password: TEST_PASSWORD,
      issueToken: true,
    });
    const token = issued.json<{ data: { token: string } }>().data.token;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/lock',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(409);
  });

  it('limits unlocking per account as a sign-in is limited, over all its locked sessions (issue 31)', async () => {
    const limited = await buildApp({
      config: { ...t.config, LOGIN_RATE_LIMIT_MAX: 2 },
      database: t.database,
      logger: false,
    });
    try {
      const company = await createCompany(t.database.db);
      const user = await createUser(t.database.db, { company });
      const other = await createUser(t.database.db, { company });
      const locked = async (who: string) => {
        const agent = new Agent(limited);
        await agent.login(who, TEST_PASSWORD);
        expect((await agent.post('/api/v1/me/lock')).statusCode).toBe(200);
        return agent;
      };
      const unlock = (agent: Agent, password: string) => agent.post('/api/v1/me/unlock', { password });
      const [laptop, phone, theirs] = [
        await locked(user.email),
        await locked(user.email),
        await locked(other.email),
      ];
      expect((await unlock(laptop, 'guess-1')).statusCode).toBe(422);
      expect((await unlock(phone, 'guess-2')).statusCode).toBe(422);
      // Two sessions are not twice the guesses: the right password waits on both until the minute is over.
      const right = await unlock(laptop, TEST_PASSWORD);
      expect(right.statusCode).toBe(429);
      expect(right.json<{ message: string }>().message).toMatch(/Too many requests/);
      expect((await unlock(phone, TEST_PASSWORD)).statusCode).toBe(429);
      expect((await laptop.get('/api/v1/me')).statusCode).toBe(423);
      expect((await unlock(theirs, TEST_PASSWORD)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('answers 401 without a session', async () => {
    expect((await new Agent(t.app).get('/api/v1/me/lock')).statusCode).toBe(401);
  });
});
