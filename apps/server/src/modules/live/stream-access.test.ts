import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../../test/agent.js';
import { createCompany, createUser, TEST_PASSWORD } from '../../test/factories.js';
import { SseClient } from '../../test/sse-client.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Issue 31, defect 3: an open stream ended only at its five-minute check after a sign-out, never after the lock
 * screen, and kept receiving after its member was removed. Each of those writes now tells every process at once
 * (db/access-notices.ts). The periodic check is set to an hour here, so only the notice can end a stream.
 */
describe('a live stream ends as soon as its access does', () => {
  let t: TestApp;
  let url = '';
  let slug = '';
  let companyId = '';
  let adminEmail = '';
  let driverEmail = '';
  let driverId = '';
  let owner: Agent;

  beforeAll(async () => {
    t = await createTestApp({}, { live: { heartbeatMs: 200, revalidateMs: 3_600_000 } });
    url = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const company = await createCompany(t.database.db);
    slug = company.slug;
    companyId = company.id;
    owner = new Agent(t.app);
    await owner.login((await createUser(t.database.db, { company })).email, TEST_PASSWORD);
    adminEmail = (await createUser(t.database.db, { company })).email;
    const driver = await createUser(t.database.db, { company, roles: ['driver'] });
    driverEmail = driver.email;
    driverId = driver.id;
  });
  afterAll(() => t?.close());

  const signedIn = async (email: string) => {
    const agent = new Agent(t.app);
    await agent.login(email, TEST_PASSWORD);
    return agent;
  };
  const cookieOf = (agent: Agent) => ({ cookie: `courier_session=${agent.cookie('courier_session')}` });
  const adminStream = async (agent: Agent) => {
    const s = await SseClient.open(`${url}/api/v1/c/${slug}/admin/stream`, cookieOf(agent));
    expect(s.status).toBe(200);
    await s.ready();
    return s;
  };
  const ended = (s: SseClient, what: string) => s.waitFor((c) => c.closed, what, 20_000);

  it('ends at sign-out, while the same user’s other session streams on', async () => {
    const leaving = await signedIn(adminEmail);
    const staying = await signedIn(adminEmail);
    const a = await adminStream(leaving);
    const b = await adminStream(staying);
    expect((await leaving.post('/api/v1/logout')).statusCode).toBe(200);
    await ended(a, 'the signed-out stream to end');
    // The other session's stream is still open: it gets the next heartbeat.
    const comments = b.comments.length;
    await b.waitFor((c) => c.comments.length > comments, 'a heartbeat on the other stream');
    expect(b.closed).toBe(false);
    b.close();
  });

  it('ends when the session is locked, and a new stream of the locked session is refused', async () => {
    const agent = await signedIn(adminEmail);
    const s = await adminStream(agent);
    expect((await agent.post('/api/v1/me/lock')).statusCode).toBe(200);
    await ended(s, 'the locked session’s stream to end');
    const again = await SseClient.open(`${url}/api/v1/c/${slug}/admin/stream`, cookieOf(agent));
    expect(again.status).toBe(423);
    again.close();
  });

  it('ends a driver’s stream when the driver is removed from the company', async () => {
    const driver = await signedIn(driverEmail);
    const s = await SseClient.open(`${url}/api/v1/driver/stream`, cookieOf(driver));
    expect(s.status).toBe(200);
    await s.ready();
    const removed = await owner.request('DELETE', `/api/v1/c/${slug}/admin/user/${driverId}?role=driver`);
    expect(removed.statusCode, removed.body).toBe(200);
    await ended(s, 'the removed driver’s stream to end');
  });

  it('ends an admin’s stream when the admin is suspended', async () => {
    const admin = await createUser(t.database.db, { company: { id: companyId } });
    const agent = await signedIn(admin.email);
    const s = await adminStream(agent);
    const res = await owner.post(`/api/v1/c/${slug}/admin/user/${admin.id}/status`, { status: 'suspended' });
    expect(res.statusCode, res.body).toBe(200);
    await ended(s, 'the suspended admin’s stream to end');
  });
});
