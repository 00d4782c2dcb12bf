import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../../test/agent.js';
import { createCompany, createUser, TEST_PASSWORD } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let companyA: { id: string; slug: string };
let adminA: Agent;
let driverA: Agent;
let adminB: Agent;
let adminAUser: { id: string; email: string };
let driverAUser: { id: string; email: string };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  companyA = await createCompany(db);
  const companyB = await createCompany(db, { type: 'courier' });
  adminAUser = await createUser(db, { company: companyA, roles: ['company-admin'] });
  driverAUser = await createUser(db, { company: companyA, roles: ['driver'] });
  const adminBUser = await createUser(db, { company: companyB, roles: ['company-admin'] });
  adminA = new Agent(t.app);
  driverA = new Agent(t.app);
  adminB = new Agent(t.app);
  await adminA.login(adminAUser.email, TEST_PASSWORD);
  await driverA.login(driverAUser.email, TEST_PASSWORD);
  await adminB.login(adminBUser.email, TEST_PASSWORD);
});
afterAll(() => t.close());

const base = () => `/api/v1/c/${companyA.slug}/admin`;

describe('company users', () => {
  it('lists the users keyed by uuid with their roles and standing', async () => {
    const res = await adminA.get(`${base()}/user`);
    expect(res.statusCode).toBe(200);
    const data = res.json<{ data: Record<string, { roleSlugs: string[]; memberStatus: string }> }>().data;
    expect(Object.keys(data).sort()).toEqual([adminAUser.id, driverAUser.id].sort());
    expect(data[driverAUser.id]).toMatchObject({ roleSlugs: ['driver'], memberStatus: 'active' });
  });

  it('lists the admin uuids', async () => {
    expect((await adminA.get(`${base()}/user/admin/uuid`)).json()).toEqual({ data: [adminAUser.id] });
  });

  it('suspends and reactivates a member; a suspended driver loses access', async () => {
    const off = await adminA.post(`${base()}/user/${driverAUser.id}/status`, { status: 'suspended' });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ data: { uuid: driverAUser.id, memberStatus: 'suspended' } });
    const on = await adminA.post(`${base()}/user/${driverAUser.id}/status`, { status: 'active' });
    expect(on.json()).toMatchObject({ data: { memberStatus: 'active' } });
  });

  it('refuses to suspend the last admin (409) and validates the status (422)', async () => {
    const res = await adminA.post(`${base()}/user/${adminAUser.id}/status`, { status: 'suspended' });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toMatch(/last admin/);
    const bad = await adminA.post(`${base()}/user/${driverAUser.id}/status`, { status: 'fired' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ errors: { status: [expect.stringMatching(/active, suspended/)] } });
    const badId = await adminA.post(`${base()}/user/not-a-uuid/status`, { status: 'active' });
    expect(badId.statusCode).toBe(422);
  });

  it('answers 404 for a user of another company', async () => {
    const outsider = await createUser(t.database.db);
    const res = await adminA.post(`${base()}/user/${outsider.id}/status`, { status: 'active' });
    expect(res.statusCode).toBe(404);
  });
});

describe('tenancy and roles', () => {
  it("answers 404 to a member of company B asking for company A's paths, even with a bad body", async () => {
    for (const res of [
      await adminB.get(`${base()}/user`),
      await adminB.get(`${base()}/user/admin/uuid`),
      await adminB.post(`${base()}/user/${driverAUser.id}/status`, { status: 'suspended' }),
      await adminB.post(`${base()}/user/${driverAUser.id}/status`, { status: 'nonsense' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Company not found.' });
    }
  });

  it('answers 404 for an unknown company and 401 when signed out', async () => {
    expect((await adminA.get('/api/v1/c/no-such-company/admin/user')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${base()}/user` })).statusCode).toBe(401);
  });

  it('answers 403 to a driver of the company on admin calls', async () => {
    const res = await driverA.get(`${base()}/user`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: "This is for the company's admins." });
  });

  it('answers 404 once a member is suspended', async () => {
    const db = t.database.db;
    const admin2 = await createUser(db, { company: companyA, roles: ['company-admin'] });
    const agent = new Agent(t.app);
    await agent.login(admin2.email, TEST_PASSWORD);
    expect((await agent.get(`${base()}/user`)).statusCode).toBe(200);
    await adminA.post(`${base()}/user/${admin2.id}/status`, { status: 'suspended' });
    expect((await agent.get(`${base()}/user`)).statusCode).toBe(404);
  });
});
