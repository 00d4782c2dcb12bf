import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../../test/agent.js';
import { twoCompanies } from '../../test/company-fixture.js';
import { createUser, TEST_PASSWORD } from '../../test/factories.js';
import { acceptMailedInvitation } from '../../test/invitations.js';
import { EXE, multipart, PDF, PNG } from '../../test/multipart.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let c: Awaited<ReturnType<typeof twoCompanies>>;
type Info = {
  driverUserUuid: string;
  driverStatusSlug: string;
  driverStatusName: string;
  licenceNumber?: string;
  licenceExpiresAt: string | null;
  documents: { uuid: string; url: string; documentTypeSlug: string; mimeType: string }[];
};

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t);
});
afterAll(() => t.close());

describe('drivers', () => {
  let newDriverId: string;

  it('adds a new driver who is invited, then signs in with the password they chose', async () => {
    const res = await c.adminA.post(`${c.base}/driver`, {
      email: 'New.Driver@Example.com',
      firstname: 'Nia',
      lastname: 'Njoroge',
      phoneNumber: '+44 7700 900555',
      licenceNumber: 'NJORO801015NN9AB',
    });
    expect(res.statusCode).toBe(201);
    const data = res.json<{
      data: {
        user: { uuid: string; email: string; roleSlugs: string[]; phoneNumbers: unknown[] };
        info: Info;
        created: boolean;
      };
    }>().data;
    expect(data.created).toBe(true);
    expect(data.user).toMatchObject({ email: 'new.driver@example.com', roleSlugs: ['driver'] });
    expect(data.info).toMatchObject({ driverStatusSlug: 'offline', licenceNumber: 'NJORO801015NN9AB' });
    newDriverId = data.user.uuid;
    await acceptMailedInvitation(t, 'new.driver@example.com', 'first-password-1');
    const driver = new Agent(t.app);
    await driver.login('new.driver@example.com', 'first-password-1');
    expect((await driver.get('/api/v1/me')).json()).toMatchObject({
      data: { defaultCompanySlug: c.companyA.slug },
    });
  });

  it('links an existing account, keeping its password, and refuses a second time with 409', async () => {
    const existing = await createUser(t.database.db, { email: 'already@example.com' });
    const res = await c.adminA.post(`${c.base}/driver`, {
      email: existing.email,
      firstname: 'A',
      lastname: 'B',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ data: { created: false } });
    await new Agent(t.app).login(existing.email, TEST_PASSWORD);
    const again = await c.adminA.post(`${c.base}/driver`, {
      email: existing.email,
      firstname: 'A',
      lastname: 'B',
    });
    expect(again.statusCode).toBe(409);
  });

  it('never takes a password from the admin for a new account', async () => {
    const res = await c.adminA.post(`${c.base}/driver`, {
      email: 'nopass@example.com',
      firstname: 'No',
      lastname: 'Pass',
      password: 'typed-by-the-admin',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<{ message: string }>().message).toMatch(/Invitation sent/);
    const login = await new Agent(t.app).post('/api/v1/login', {
      email: 'nopass@example.com',
      password: 'typed-by-the-admin',
    });
    expect(login.statusCode).toBe(422);
  });

  it('lists driver uuids and info keyed by user, and changes status', async () => {
    const ids = (await c.adminA.get(`${c.base}/driver/user/uuid`)).json<{ data: string[] }>().data;
    expect(ids).toEqual(expect.arrayContaining([newDriverId, c.driverAUser.id]));
    const st = await c.adminA.post(`${c.base}/driver/status`, {
      driverUserUuid: newDriverId,
      driverStatusSlug: 'on-break',
    });
    expect(st.json()).toMatchObject({ data: { driverStatusSlug: 'on-break', driverStatusName: 'On break' } });
    expect(
      (
        await c.adminA.post(`${c.base}/driver/status`, {
          driverUserUuid: newDriverId,
          driverStatusSlug: 'napping',
        })
      ).statusCode,
    ).toBe(422);
    const infos = (await c.adminA.get(`${c.base}/driver/info`)).json<{ data: Record<string, Info> }>().data;
    expect(infos[newDriverId]?.driverStatusSlug).toBe('on-break');
  });

  it('saves licence and insurance numbers and expiry dates', async () => {
    const res = await c.adminA.request('PUT', `${c.base}/driver/${newDriverId}/info`, {
      licenceNumber: 'L-1',
      insuranceNumber: 'INS-9',
      licenceExpiresAt: '2027-01-10T00:00:00.000Z',
      insuranceExpiresAt: null,
    });
    expect(res.json()).toMatchObject({
      data: {
        licenceNumber: 'L-1',
        insuranceNumber: 'INS-9',
        licenceExpiresAt: '2027-01-10T00:00:00.000Z',
        insuranceExpiresAt: null,
      },
    });
    expect(
      (await c.adminA.request('PUT', `${c.base}/driver/${newDriverId}/info`, { licenceExpiresAt: 'soon' }))
        .statusCode,
    ).toBe(422);
  });

  it('uploads a licence document checked by its bytes, serves it to the company only', async () => {
    const up = multipart(
      { documentTypeSlug: 'driving-licence', expiresAt: '2026-12-01T00:00:00.000Z' },
      { name: 'licence.pdf', type: 'application/pdf', bytes: PDF },
    );
    const res = await c.adminA.request('POST', `${c.base}/driver/${newDriverId}/document`, up.body, {
      headers: up.headers,
    });
    expect(res.statusCode).toBe(201);
    const info = res.json<{ data: Info }>().data;
    expect(info.licenceExpiresAt).toBe('2026-12-01T00:00:00.000Z');
    expect(info.documents).toEqual([
      expect.objectContaining({ documentTypeSlug: 'driving-licence', mimeType: 'application/pdf' }),
    ]);
    const file = await c.adminA.get(info.documents[0]!.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect(
      (await c.adminB.get(info.documents[0]!.url.replace(c.companyA.slug, c.companyB.slug))).statusCode,
    ).toBe(404);
    expect((await c.adminB.get(info.documents[0]!.url)).statusCode).toBe(404);
    const png = multipart(
      { documentTypeSlug: 'insurance-certificate' },
      { name: 'scan.png', type: 'image/png', bytes: PNG },
    );
    expect(
      (
        await c.adminA.request('POST', `${c.base}/driver/${newDriverId}/document`, png.body, {
          headers: png.headers,
        })
      ).statusCode,
    ).toBe(201);
  });

  it('refuses a renamed executable, a wrong document type and an oversized file, keeping nothing', async () => {
    const exe = multipart(
      { documentTypeSlug: 'driving-licence' },
      { name: 'licence.pdf', type: 'application/pdf', bytes: EXE },
    );
    const bad = await c.adminA.request('POST', `${c.base}/driver/${newDriverId}/document`, exe.body, {
      headers: exe.headers,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ errors: { file: [expect.stringMatching(/not accepted/)] } });
    const wrongType = multipart(
      { documentTypeSlug: 'selfie' },
      { name: 'a.png', type: 'image/png', bytes: PNG },
    );
    expect(
      (
        await c.adminA.request('POST', `${c.base}/driver/${newDriverId}/document`, wrongType.body, {
          headers: wrongType.headers,
        })
      ).statusCode,
    ).toBe(422);
    const big = multipart(
      { documentTypeSlug: 'driving-licence' },
      {
        name: 'big.pdf',
        type: 'application/pdf',
        bytes: Buffer.concat([PDF, Buffer.alloc(11 * 1024 * 1024)]),
      },
    );
    const tooBig = await c.adminA.request('POST', `${c.base}/driver/${newDriverId}/document`, big.body, {
      headers: big.headers,
    });
    expect(tooBig.statusCode).toBe(413);
    const infos = (await c.adminA.get(`${c.base}/driver/info`)).json<{ data: Record<string, Info> }>().data;
    expect(infos[newDriverId]?.documents).toHaveLength(2);
  });

  it('keeps drivers to their company: 404 across companies, 403 for a driver', async () => {
    expect(
      (
        await c.adminB.post(`${c.baseB}/driver/status`, {
          driverUserUuid: newDriverId,
          driverStatusSlug: 'available',
        })
      ).statusCode,
    ).toBe(404);
    expect((await c.adminB.get(`${c.base}/driver/info`)).statusCode).toBe(404);
    expect(
      (await c.adminB.request('PUT', `${c.baseB}/driver/${newDriverId}/info`, { licenceNumber: 'X' }))
        .statusCode,
    ).toBe(404);
    expect((await c.driverA.get(`${c.base}/driver/info`)).statusCode).toBe(403);
  });
});
