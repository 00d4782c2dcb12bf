import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { addresses } from '../../db/schema/index.js';
import { Agent } from '../../test/agent.js';
import { createCompany, createUser, TEST_PASSWORD } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let agent: Agent;
let me: { id: string; email: string };
let companySlug: string;

beforeAll(async () => {
  t = await createTestApp();
  const company = await createCompany(t.database.db, { name: 'Zeta Freight' });
  companySlug = company.slug;
  me = await createUser(t.database.db, { company, roles: ['company-admin', 'driver'] });
  await t.database.db.insert(addresses).values({
    userId: me.id,
    line1: '1 High St',
    city: 'London',
    postcode: 'N1 1AA',
    countryCode: 'GB',
    lat: 51.5,
    lng: -0.1,
  });
  agent = new Agent(t.app);
  await agent.login(me.email, TEST_PASSWORD);
});
afterAll(() => t.close());

describe('GET /me and friends', () => {
  it('answers the user in a data envelope', async () => {
    const res = await agent.get('/api/v1/me');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      data: {
        uuid: me.id,
        email: me.email,
        firstname: 'Test',
        defaultCompanySlug: companySlug,
        phoneNumbers: [],
      },
    });
    expect(res.body).not.toContain('password');
  });

  it('lists roles in the current company, companies and addresses', async () => {
    const roles = (await agent.get('/api/v1/me/role')).json<{
      data: { slug: string; permissions: string[] }[];
    }>().data;
    expect(roles.map((r) => r.slug)).toEqual(['company-admin', 'driver']);
    expect(roles[0]?.permissions).toContain('company:manage');
    const companies = (await agent.get('/api/v1/me/company')).json<{
      data: { slug: string; companyTypeSlug: string }[];
    }>().data;
    expect(companies).toEqual([expect.objectContaining({ slug: companySlug, companyTypeSlug: 'shipper' })]);
    const list = (await agent.get('/api/v1/me/address')).json<{ data: unknown[] }>().data;
    expect(list).toEqual([
      expect.objectContaining({ line1: '1 High St', countryCode: 'GB', location: { lat: 51.5, lng: -0.1 } }),
    ]);
  });

  it('answers 401 to a stranger', async () => {
    for (const path of ['/api/v1/me', '/api/v1/me/role', '/api/v1/me/address', '/api/v1/me/company']) {
      expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(401);
    }
  });
});

describe('profile writes', () => {
  it('changes the name, trimming it, and refuses an empty one with field errors', async () => {
    const ok = await agent.post('/api/v1/me/name', { firstname: '  Ada ', lastname: 'Lovelace' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      data: { firstname: 'Ada', lastname: 'Lovelace' },
      message: 'Name Changed Successfully',
    });
    const bad = await agent.post('/api/v1/me/name', { firstname: '', lastname: 'x'.repeat(101) });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({
      errors: { firstname: ['First name is required'], lastname: [expect.stringMatching(/at most 100/)] },
    });
  });

  it('asks to change the e-mail with the current password, keeping the address until it is confirmed', async () => {
    const other = await createUser(t.database.db, { email: `taken-${Date.now()}@example.com` });
    const clash = await agent.post('/api/v1/me/email', {
      email: other.email.toUpperCase(),
      currentPassword: TEST_PASSWORD,
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({
      message: 'The email has already been taken.',
      errors: { email: ['The email has already been taken.'] },
    });
    const fresh = `fresh-${Date.now()}@example.com`;
    expect((await agent.post('/api/v1/me/email', { email: fresh })).statusCode).toBe(422);
    const ok = await agent.post('/api/v1/me/email', { email: fresh, currentPassword: TEST_PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ data: { email: me.email } });
    expect(
      (await agent.post('/api/v1/me/email', { email: 'nope', currentPassword: TEST_PASSWORD })).statusCode,
    ).toBe(422);
  });

  it('replaces phone numbers, making the first primary when none is', async () => {
    const res = await agent.post('/api/v1/me/phonenumber', {
      phoneNumbers: [
        { phoneNumber: '+44 20 7946 0000', phoneNumberType: 'work', isPrimary: false },
        { phoneNumber: '07700 900123', phoneNumberType: 'mobile', isPrimary: false },
      ],
    });
    expect(res.statusCode).toBe(200);
    const phones = res.json<{ data: { phoneNumbers: { phoneNumber: string; isPrimary: boolean }[] } }>().data
      .phoneNumbers;
    expect(phones.map((p) => [p.phoneNumber, p.isPrimary])).toEqual([
      ['+44 20 7946 0000', true],
      ['07700 900123', false],
    ]);
    const bad = await agent.post('/api/v1/me/phonenumber', {
      phoneNumbers: [{ phoneNumber: 'call me', phoneNumberType: 'fax', isPrimary: true }],
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json<{ errors: object }>().errors).sort()).toEqual([
      'phoneNumbers.0.phoneNumber',
      'phoneNumbers.0.phoneNumberType',
    ]);
    // A refused write changed nothing.
    expect(
      (await agent.get('/api/v1/me')).json<{ data: { phoneNumbers: unknown[] } }>().data.phoneNumbers,
    ).toHaveLength(2);
  });

  it('answers /me from its one caller statement exactly as the writes answer the user (loadUser)', async () => {
    const written = await agent.post('/api/v1/me/phonenumber', {
      phoneNumbers: [
        { phoneNumber: '07700 900001', phoneNumberType: 'mobile', isPrimary: false },
        { phoneNumber: '07700 900002', phoneNumberType: 'home', isPrimary: true },
        { phoneNumber: '07700 900003', phoneNumberType: 'work', isPrimary: false },
      ],
    });
    expect(written.statusCode).toBe(200);
    const read = await agent.get('/api/v1/me');
    expect(read.statusCode).toBe(200);
    expect(read.headers['cache-control']).toBe('no-store');
    expect(read.json<{ data: unknown }>().data).toEqual(written.json<{ data: unknown }>().data);
    expect(
      read
        .json<{ data: { phoneNumbers: { phoneNumber: string }[] } }>()
        .data.phoneNumbers.map((p) => p.phoneNumber),
    ).toEqual(['07700 900001', '07700 900002', '07700 900003']);
  });

  it('changes the password only with the current one, and ends the other sessions', async () => {
    const elsewhere = new Agent(t.app);
    await elsewhere.login(me.email, TEST_PASSWORD);
    const wrong = await agent.post('/api/v1/me/password', {
      currentPassword: 'nope',
      password: 'new-password-1',
      passwordConfirmation: 'new-password-1',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      errors: { currentPassword: ['The current password is incorrect.'] },
    });
    const mismatch = await agent.post('/api/v1/me/password', {
      currentPassword: TEST_PASSWORD,
      password: 'new-password-1',
      passwordConfirmation: 'other',
    });
    expect(mismatch.json()).toMatchObject({
      errors: { passwordConfirmation: ['The passwords do not match'] },
    });
    const ok = await agent.post('/api/v1/me/password', {
      currentPassword: TEST_PASSWORD,
      password: 'new-password-1',
      passwordConfirmation: 'new-password-1',
    });
    expect(ok.json()).toEqual({ data: { message: 'Password Changed Successfully' } });
    expect((await agent.get('/api/v1/me/check')).statusCode).toBe(200);
    expect((await elsewhere.get('/api/v1/me/check')).statusCode).toBe(401);
    // `/me` reads the session in its own statement: an ended session stops there at once too.
    expect((await elsewhere.get('/api/v1/me')).statusCode).toBe(401);
    await new Agent(t.app).login(me.email, 'new-password-1');
  });
});

describe('POST /email/join', () => {
  it('joins the mailing list without a session, idempotently, and validates the e-mail', async () => {
    const visitor = new Agent(t.app);
    const first = await visitor.post('/api/v1/email/join', { email: 'reader@example.com' });
    expect(first.json()).toMatchObject({ data: { success: true } });
    expect((await visitor.post('/api/v1/email/join', { email: 'READER@example.com' })).statusCode).toBe(200);
    expect((await visitor.post('/api/v1/email/join', { email: 'nope' })).statusCode).toBe(422);
  });
});

describe('guessing the current password (issue 31)', () => {
  it('limits password changes per account as a sign-in is limited: past it even the right one waits; another user does not', async () => {
    const limited = await buildApp({
      config: { ...t.config, LOGIN_RATE_LIMIT_MAX: 3 },
      database: t.database,
      logger: false,
    });
    try {
      const company = await createCompany(t.database.db);
      const victim = await createUser(t.database.db, { company });
      const bystander = await createUser(t.database.db, { company });
      const signIn = async (email: string) => {
        const agent = new Agent(limited);
        await agent.login(email, TEST_PASSWORD);
        return agent;
      };
      // A stolen session, and the victim's own on another device.
      const stolen = await signIn(victim.email);
      const own = await signIn(victim.email);
      const theirs = await signIn(bystander.email);
      const change = (agent: Agent, currentPassword: string) =>
        agent.post('/api/v1/me/password', {
          currentPassword,
          password: 'new-password-2',
          passwordConfirmation: 'new-password-2',
        });

      const guesses: number[] = [];
      for (const guess of ['guess-1', 'guess-2', 'guess-3', 'guess-4'])
        guesses.push((await change(stolen, guess)).statusCode);
      expect(guesses).toEqual([422, 422, 422, 429]);
      const right = await change(stolen, TEST_PASSWORD);
      expect(right.statusCode).toBe(429);
      expect(right.json<{ message: string }>().message).toMatch(
        /Too many requests\. Try again in \d+ seconds/,
      );
      expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
      // Per account, not per session: another session of the same user waits too, and nothing was changed.
      expect((await change(own, TEST_PASSWORD)).statusCode).toBe(429);
      await signIn(victim.email);

      expect((await change(theirs, 'guess-1')).statusCode).toBe(422);
      expect((await change(theirs, TEST_PASSWORD)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
