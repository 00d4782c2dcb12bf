import type { LockState } from '@courier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it('answers 401 without a session', async () => {
    expect((await new Agent(t.app).get('/api/v1/me/lock')).statusCode).toBe(401);
  });
});
