import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../../test/agent.js';
import { twoCompanies } from '../../test/company-fixture.js';
import { createUser, TEST_PASSWORD } from '../../test/factories.js';
import { acceptMailedInvitation } from '../../test/invitations.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let c: Awaited<ReturnType<typeof twoCompanies>>;

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t);
});
afterAll(() => t.close());

describe('company users', () => {
  it('adds an existing user as an admin, and creates a new admin account', async () => {
    const person = await createUser(t.database.db, { email: 'future.admin@example.com' });
    const res = await c.adminA.post(`${c.base}/user/admin`, { email: person.email });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      data: { uuid: person.id, roleSlugs: ['company-admin'], memberStatus: 'active' },
    });
    expect((await c.adminA.post(`${c.base}/user/admin`, { email: person.email })).statusCode).toBe(409);
    const needsMore = await c.adminA.post(`${c.base}/user/admin`, { email: 'brand.new@example.com' });
    expect(needsMore.statusCode).toBe(422);
    expect(Object.keys(needsMore.json<{ errors: object }>().errors).sort()).toEqual([
      'firstname',
      'lastname',
    ]);
    const created = await c.adminA.post(`${c.base}/user/admin`, {
      email: 'brand.new@example.com',
      firstname: 'Bo',
      lastname: 'New',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ data: { pendingInvitation: { sentAt: expect.any(String) } } });
    const agent = await acceptMailedInvitation(t, 'brand.new@example.com', 'brand-new-pass');
    expect((await agent.get(`${c.base}/user`)).statusCode).toBe(200);
    expect((await c.adminA.get(`${c.base}/user/admin/uuid`)).json<{ data: string[] }>().data).toHaveLength(3);
  });

  it('adds an existing user as a driver; an unknown e-mail is 404 with advice', async () => {
    const person = await createUser(t.database.db, { email: 'future.driver@example.com' });
    const res = await c.adminA.post(`${c.base}/user/driver`, { email: person.email });
    expect(res.json()).toMatchObject({ data: { roleSlugs: ['driver'] } });
    expect((await c.adminA.get(`${c.base}/driver/user/uuid`)).json<{ data: string[] }>().data).toContain(
      person.id,
    );
    const unknown = await c.adminA.post(`${c.base}/user/driver`, { email: 'nobody@example.com' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ message: string }>().message).toMatch(/Add them as a new driver/);
  });

  it('removes a user from the company: one role, then all', async () => {
    const both = await createUser(t.database.db, { company: c.companyA, roles: ['company-admin', 'driver'] });
    const dropDriver = await c.adminA.request('DELETE', `${c.base}/user/${both.id}?role=driver`);
    expect(dropDriver.statusCode).toBe(200);
    const users = (await c.adminA.get(`${c.base}/user`)).json<{
      data: Record<string, { roleSlugs: string[] }>;
    }>().data;
    expect(users[both.id]?.roleSlugs).toEqual(['company-admin']);
    expect((await c.adminA.get(`${c.base}/driver/user/uuid`)).json<{ data: string[] }>().data).not.toContain(
      both.id,
    );
    expect((await c.adminA.request('DELETE', `${c.base}/user/${both.id}`)).statusCode).toBe(200);
    const agent = new Agent(t.app);
    await agent.login(both.email, TEST_PASSWORD);
    expect((await agent.get(`${c.base}/user`)).statusCode).toBe(404);
    expect((await agent.get('/api/v1/me')).json()).toMatchObject({ data: { defaultCompanySlug: null } });
    expect((await c.adminA.request('DELETE', `${c.base}/user/${both.id}`)).statusCode).toBe(404);
  });

  it('never removes the last admin of a company (409)', async () => {
    const res = await c.adminB.request('DELETE', `${c.baseB}/user/${c.adminBUser.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toMatch(/last admin/);
    expect(
      (await c.adminB.request('DELETE', `${c.baseB}/user/${c.adminBUser.id}?role=company-admin`)).statusCode,
    ).toBe(409);
  });

  it('keeps companies apart and drivers out', async () => {
    expect((await c.adminB.request('DELETE', `${c.base}/user/${c.driverAUser.id}`)).statusCode).toBe(404);
    expect((await c.adminB.request('DELETE', `${c.baseB}/user/${c.driverAUser.id}`)).statusCode).toBe(404);
    expect((await c.driverA.post(`${c.base}/user/admin`, { email: 'x@example.com' })).statusCode).toBe(403);
  });
});
