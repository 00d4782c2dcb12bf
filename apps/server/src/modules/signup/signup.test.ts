import {
  EMAIL_VERIFICATION_BAD_TOKEN_MESSAGE,
  EMAIL_VERIFIED_MESSAGE,
  SIGN_UP_EMAIL_TAKEN_MESSAGE,
  SLUG_TAKEN_MESSAGE,
  type Company,
  type User,
} from '@courier/contract';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authSessions,
  companies,
  companyMembers,
  emailVerificationTokens,
  mailOutbox,
  users,
} from '../../db/schema/index.js';
import { Agent } from '../../test/agent.js';
import { createCompany, createUser } from '../../test/factories.js';
import { startSmtpCapture } from '../../test/smtp-capture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const PASSWORD = 'a-good-long-secret';
const tokenIn = (text: string) => /auth\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ APP_URL: 'https://courier.example.com' });
});
afterAll(() => t.close());

function form(overrides: Record<string, unknown> = {}) {
  const s = randomBytes(4).toString('hex');
  return {
    companyName: `Fresh Freight ${s}`,
    slug: `fresh-freight-${s}`,
    companyTypeSlug: 'shipper',
    countryCode: 'gb',
    firstname: 'Ada',
    lastname: 'Lovelace',
    email: `ada-${s}@example.com`,
    password: PASSWORD,
    passwordConfirmation: PASSWORD,
    ...overrides,
  };
}

const signUp = (body: Record<string, unknown>, agent = new Agent(t.app)) =>
  agent.post('/api/v1/signup', body);
const errorsOf = (res: { json: <T>() => T }) => res.json<{ errors: Record<string, string[]> }>().errors;
const companyBySlug = (slug: string) =>
  t.database.db.select().from(companies).where(eq(companies.slug, slug));

async function tokenMailedTo(email: string) {
  await t.app.jobs.settle();
  const [row] = await t.database.db
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, email))
    .orderBy(sql`${mailOutbox.createdAt} desc`)
    .limit(1);
  const token = tokenIn(row?.text ?? '');
  if (!token) throw new Error(`no verification mail to ${email}`);
  return token;
}

describe('signing up', () => {
  it('creates the company, the admin and the membership, signs the admin in and mails a verification link', async () => {
    const body = form({ email: 'Ada.Mixed@Example.com' });
    const agent = new Agent(t.app);
    const res = await signUp(body, agent);
    expect(res.statusCode).toBe(201);
    const user = res.json<{ data: { user: User } }>().data.user;
    expect(user).toMatchObject({
      email: 'ada.mixed@example.com',
      firstname: 'Ada',
      lastname: 'Lovelace',
      emailVerifiedAt: null,
      defaultCompanySlug: body.slug,
    });
    expect(JSON.stringify(res.json())).not.toContain('password');

    const [company] = await companyBySlug(body.slug);
    expect(company).toMatchObject({ name: body.companyName, companyTypeSlug: 'shipper', countryCode: 'GB' });
    const members = await t.database.db
      .select({ role: companyMembers.roleSlug, status: companyMembers.status })
      .from(companyMembers)
      .where(eq(companyMembers.companyId, company!.id));
    expect(members).toEqual([{ role: 'company-admin', status: 'active' }]);
    const sessions = await t.database.db
      .select({ kind: authSessions.kind })
      .from(authSessions)
      .where(eq(authSessions.userId, user.uuid));
    expect(sessions).toEqual([{ kind: 'session' }]);

    // The session works: the new admin reaches the company's admin calls.
    const me = await agent.get('/api/v1/me');
    expect(me.statusCode).toBe(200);
    // The company's country comes back with it: the web app starts new addresses there.
    const mine = await agent.get('/api/v1/me/company');
    expect(mine.json<{ data: Company[] }>().data).toEqual([
      expect.objectContaining({ slug: body.slug, countryCode: 'GB' }),
    ]);
    const profile = await agent.get(`/api/v1/c/${body.slug}/admin/company`);
    expect(profile.statusCode).toBe(200);

    const token = await tokenMailedTo('ada.mixed@example.com');
    const [row] = await t.database.db
      .select()
      .from(emailVerificationTokens)
      .where(eq(emailVerificationTokens.userId, user.uuid));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.tokenHash).not.toContain(token);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(24 * 3_600_000);
  });

  it('answers 409 on the slug and on the e-mail when they are taken, and writes nothing', async () => {
    const first = form();
    expect((await signUp(first)).statusCode).toBe(201);
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(companies);

    const sameSlug = await signUp(form({ slug: first.slug }));
    expect(sameSlug.statusCode).toBe(409);
    expect(errorsOf(sameSlug)).toEqual({ slug: [SLUG_TAKEN_MESSAGE] });

    const sameEmail = await signUp(form({ email: first.email.toUpperCase() }));
    expect(sameEmail.statusCode).toBe(409);
    expect(errorsOf(sameEmail)).toEqual({ email: [SIGN_UP_EMAIL_TAKEN_MESSAGE] });

    const both = await signUp(form({ slug: first.slug, email: first.email }));
    expect(both.statusCode).toBe(409);
    expect(Object.keys(errorsOf(both)).sort()).toEqual(['email', 'slug']);

    const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(companies);
    expect(after).toEqual(before);
  });

  it('leaves no company behind when the admin insert fails after it', async () => {
    // A sign-up that passed the checks and then lost a race for its e-mail: the user insert fails with the unique
    // violation after the company insert, inside the transaction.
    const body = form();
    const fn = `fail_signup_${randomBytes(4).toString('hex')}`;
    await t.database.db.execute(
      sql.raw(`CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
        IF NEW.email = '${body.email}' THEN
          RAISE unique_violation USING CONSTRAINT = 'users_email_lower_unique', MESSAGE = 'taken meanwhile';
        END IF; RETURN NEW; END $$`),
    );
    await t.database.db.execute(
      sql.raw(`CREATE TRIGGER ${fn} BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION ${fn}()`),
    );
    try {
      const res = await signUp(body);
      expect(res.statusCode).toBe(409);
      expect(errorsOf(res)).toEqual({ email: [SIGN_UP_EMAIL_TAKEN_MESSAGE] });
    } finally {
      await t.database.db.execute(sql.raw(`DROP TRIGGER ${fn} ON users`));
      await t.database.db.execute(sql.raw(`DROP FUNCTION ${fn}()`));
    }
    expect(await companyBySlug(body.slug)).toEqual([]);
    expect(await t.database.db.select().from(users).where(eq(users.email, body.email))).toEqual([]);
  });

  it('answers 422 with field messages', async () => {
    const res = await signUp(
      form({
        companyName: ' ',
        slug: 'Not A Slug',
        companyTypeSlug: 'pirate',
        countryCode: 'GBR',
        email: 'nope',
        password: 'short',
        passwordConfirmation: 'other',
      }),
    );
    expect(res.statusCode).toBe(422);
    expect(Object.keys(errorsOf(res)).sort()).toEqual(
      ['companyName', 'companyTypeSlug', 'countryCode', 'email', 'password', 'slug'].sort(),
    );
    expect(errorsOf(res).password).toEqual(['Password must be at least 8 characters']);
    // The confirmation is compared once the rest is valid.
    const mismatch = await signUp(form({ passwordConfirmation: 'something-else' }));
    expect(mismatch.statusCode).toBe(422);
    expect(errorsOf(mismatch)).toEqual({ passwordConfirmation: ['The passwords do not match'] });
  });

  it('limits sign-ups per address (429)', async () => {
    const limited = await createTestApp({ PASSWORD_RESET_RATE_LIMIT_MAX: '2' });
    try {
      const agent = new Agent(limited.app);
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) codes.push((await agent.post('/api/v1/signup', form())).statusCode);
      expect(codes).toEqual([201, 201, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('verifying the e-mail address', () => {
  const verify = (token: string) => new Agent(t.app).post('/api/v1/email/verify', { token });

  it('verifies once; the link is then dead', async () => {
    const body = form();
    const res = await signUp(body);
    const userId = res.json<{ data: { user: User } }>().data.user.uuid;
    const token = await tokenMailedTo(body.email);

    const ok = await verify(token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ data: { message: EMAIL_VERIFIED_MESSAGE } });
    const [row] = await t.database.db
      .select({ at: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, userId));
    expect(row!.at).toBeInstanceOf(Date);

    const again = await verify(token);
    expect(again.statusCode).toBe(422);
    expect(errorsOf(again)).toEqual({ token: [EMAIL_VERIFICATION_BAD_TOKEN_MESSAGE] });
    expect((await verify('made-up')).statusCode).toBe(422);
  });

  it('refuses an expired link, and a signed-in user gets a new one that works', async () => {
    const body = form();
    const agent = new Agent(t.app);
    const res = await signUp(body, agent);
    const userId = res.json<{ data: { user: User } }>().data.user.uuid;
    const old = await tokenMailedTo(body.email);
    await t.database.db
      .update(emailVerificationTokens)
      .set({
        createdAt: sql`${emailVerificationTokens.createdAt} - interval '25 hours'`,
        expiresAt: sql`${emailVerificationTokens.expiresAt} - interval '25 hours'`,
      })
      .where(eq(emailVerificationTokens.userId, userId));
    expect((await verify(old)).statusCode).toBe(422);

    const resend = await agent.post('/api/v1/me/email/verification');
    expect(resend.statusCode).toBe(200);
    // One link a minute per account.
    expect((await agent.post('/api/v1/me/email/verification')).statusCode).toBe(429);
    const fresh = await tokenMailedTo(body.email);
    expect(fresh).not.toBe(old);
    expect((await verify(fresh)).statusCode).toBe(200);
    const me = await agent.get('/api/v1/me');
    expect(me.json<{ data: User }>().data.emailVerifiedAt).not.toBeNull();
  });

  it('does not verify an address the user changed to after the link left', async () => {
    const body = form();
    const agent = new Agent(t.app);
    await signUp(body, agent);
    const token = await tokenMailedTo(body.email);
    const to = `changed-${body.email}`;
    const changed = await agent.post('/api/v1/me/email', { email: to, currentPassword: PASSWORD });
    expect(changed.statusCode).toBe(200);
    // The address changes once the new one confirms it (decision 056).
    await t.app.jobs.settle();
    const [mail] = await t.database.db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, to));
    const confirmToken = /confirm-email-change\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
    const confirmed = await agent.post('/api/v1/email/change/confirm', { token: confirmToken });
    expect(confirmed.statusCode).toBe(200);
    expect((await verify(token)).statusCode).toBe(422);
  });

  it('asks for a sign-in to resend', async () => {
    expect((await new Agent(t.app).post('/api/v1/me/email/verification')).statusCode).toBe(401);
  });
});

describe('with a real SMTP server', () => {
  it('mails the verification link through SMTP_URL', async () => {
    const smtp = await startSmtpCapture();
    const withSmtp = await createTestApp({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Courier <no-reply@courier.test>',
      APP_URL: 'https://courier.example.com',
    });
    try {
      const body = form();
      expect((await new Agent(withSmtp.app).post('/api/v1/signup', body)).statusCode).toBe(201);
      const [mail] = await smtp.waitFor(1);
      expect(mail!.to).toEqual([body.email]);
      expect(mail!.decoded).toContain('Verify your e-mail address');
      const token = tokenIn(mail!.decoded);
      expect(token).toBeDefined();
      const res = await new Agent(withSmtp.app).post('/api/v1/email/verify', { token });
      expect(res.statusCode).toBe(200);
    } finally {
      await withSmtp.close();
      await smtp.close();
    }
  });
});

// Keeps the factories' companies and users out of the way of sign-up's checks (a slug they never use).
it('does not collide with existing companies', async () => {
  const existing = await createCompany(t.database.db);
  await createUser(t.database.db, { company: existing });
  const res = await signUp(form({ slug: existing.slug }));
  expect(res.statusCode).toBe(409);
});
