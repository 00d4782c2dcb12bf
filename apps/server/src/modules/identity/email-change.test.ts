import {
  EMAIL_CHANGE_BAD_TOKEN_MESSAGE,
  EMAIL_CHANGE_CONFIRMED_MESSAGE,
  emailChangeRequestedMessage,
  emailChangeRevertedMessage,
  type User,
} from '@courier/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { emailChanges, mailOutbox, users } from '../../db/schema/index.js';
import { Agent } from '../../test/agent.js';
import { createCompany, createUser, TEST_PASSWORD } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { purgeExpiredJob } from './identity.jobs.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ APP_URL: 'https://courier.example.com' });
});
afterAll(() => t.close());

let n = 0;
const freshEmail = (name = 'new') => `${name}-${Date.now()}-${++n}@example.com`;

async function signedIn(email: string, opts: { token?: boolean } = {}) {
  const agent = new Agent(t.app);
  const res = await agent.post('/api/v1/login', { email, password: TEST_PASSWORD, issueToken: opts.token });
  expect(res.statusCode).toBe(200);
  if (opts.token) {
    const bearer = new Agent(t.app);
    bearer.bearer = res.json<{ data: { token: string } }>().data.token;
    return bearer;
  }
  return agent;
}

async function newUser() {
  const user = await createUser(t.database.db);
  return { ...user, agent: await signedIn(user.email) };
}

const ask = (agent: Agent, email: string, currentPassword = TEST_PASSWORD) =>
  agent.post('/api/v1/me/email', { email, currentPassword });

// The links' calls are limited per address (10 a minute): each of this file's comes from an address of its own.
const fromAnywhere = (path: string, token: string) =>
  new Agent(t.app).request('POST', path, { token }, { remoteAddress: `10.0.${n >> 8}.${++n % 256}` });
const confirm = (token: string) => fromAnywhere('/api/v1/email/change/confirm', token);
const revert = (token: string) => fromAnywhere('/api/v1/email/change/revert', token);
const emailOf = async (agent: Agent) => (await agent.get('/api/v1/me')).json<{ data: User }>().data.email;

/** The newest mail to `to` (after the jobs that send mail have run). */
async function lastMailTo(to: string) {
  await t.app.jobs.settle();
  const [row] = await t.database.db
    .select({ subject: mailOutbox.subject, text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, to))
    .orderBy(sql`${mailOutbox.createdAt} desc`)
    .limit(1);
  return row;
}

async function tokenIn(to: string, path: string) {
  const mail = await lastMailTo(to);
  const token = new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no ${path} link mailed to ${to}`);
  return token;
}
const confirmTokenFor = (to: string) => tokenIn(to, '/auth/confirm-email-change');
const revertTokenFor = (to: string) => tokenIn(to, '/auth/undo-email-change');

async function askAndConfirm(user: { email: string; agent: Agent }, to = freshEmail()) {
  expect((await ask(user.agent, to)).statusCode).toBe(200);
  expect((await confirm(await confirmTokenFor(to))).statusCode).toBe(200);
  return to;
}

describe('asking to change the sign-in e-mail', () => {
  it('needs the current password: missing or wrong is a 422 on currentPassword, and nothing changes', async () => {
    const me = await newUser();
    const to = freshEmail();
    const missing = await me.agent.post('/api/v1/me/email', { email: to });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ errors: { currentPassword: ['Current password is required'] } });
    const wrong = await ask(me.agent, to, 'not-my-password');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      errors: { currentPassword: ['The current password is incorrect.'] },
    });
    expect(await emailOf(me.agent)).toBe(me.email);
    expect(await lastMailTo(to)).toBeUndefined();
    expect(await lastMailTo(me.email)).toBeUndefined();
  });

  it('keeps the address until the new one confirms; mails the link there and tells the old address at once', async () => {
    const me = await newUser();
    const to = freshEmail('nadia');
    const res = await ask(me.agent, to.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      data: { email: me.email },
      message: emailChangeRequestedMessage(to),
    });
    expect(await emailOf(me.agent)).toBe(me.email);
    expect((await me.agent.get('/api/v1/me/email/change')).json()).toMatchObject({
      data: { pending: { email: to } },
    });
    // Still signs in with the old address only.
    await signedIn(me.email);
    expect(
      (await new Agent(t.app).post('/api/v1/login', { email: to, password: TEST_PASSWORD })).statusCode,
    ).toBe(422);

    const toNew = await lastMailTo(to);
    expect(toNew?.subject).toBe('Confirm your new sign-in e-mail for Courier');
    expect(toNew?.text).toContain('https://courier.example.com/auth/confirm-email-change?token=');
    const toOld = await lastMailTo(me.email);
    expect(toOld?.subject).toBe('Your Courier sign-in e-mail is about to change');
    expect(toOld?.text).toContain('about to change to n***@example.com');
    expect(toOld?.text).not.toContain(to);
    expect(toOld?.text).toContain('https://courier.example.com/auth/undo-email-change?token=');

    // Only the tokens' hashes are kept.
    const confirmToken = await confirmTokenFor(to);
    const [row] = await t.database.db.select().from(emailChanges).where(eq(emailChanges.userId, me.id));
    expect(row!.confirmTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.confirmTokenHash).not.toBe(confirmToken);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(24 * 3_600_000);
  });

  it('sends a password reset asked before the confirmation to the old address', async () => {
    const me = await newUser();
    const to = freshEmail();
    await ask(me.agent, to);
    expect((await new Agent(t.app).post('/api/v1/password/forgot', { email: to })).statusCode).toBe(200);
    expect((await new Agent(t.app).post('/api/v1/password/forgot', { email: me.email })).statusCode).toBe(
      200,
    );
    await t.app.jobs.settle();
    expect((await lastMailTo(me.email))?.subject).toBe('Reset your Courier password');
    expect((await lastMailTo(to))?.subject).toBe('Confirm your new sign-in e-mail for Courier');
  });

  it('answers 409 on email for an address another account has, and 422 for the one it has', async () => {
    const me = await newUser();
    const other = await createUser(t.database.db);
    const clash = await ask(me.agent, other.email.toUpperCase());
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({
      message: 'The email has already been taken.',
      errors: { email: ['The email has already been taken.'] },
    });
    const same = await ask(me.agent, me.email);
    expect(same.statusCode).toBe(422);
    expect(same.json()).toMatchObject({ errors: { email: ['This is already your sign-in e-mail.'] } });
    expect((await ask(me.agent, 'nope')).statusCode).toBe(422);
  });

  it('replaces the change waiting when asked again; the settings can cancel it', async () => {
    const me = await newUser();
    const first = freshEmail('first');
    const second = freshEmail('second');
    await ask(me.agent, first);
    const firstToken = await confirmTokenFor(first);
    await ask(me.agent, second);
    expect((await confirm(firstToken)).statusCode).toBe(422);
    expect((await me.agent.get('/api/v1/me/email/change')).json()).toMatchObject({
      data: { pending: { email: second } },
    });

    const secondToken = await confirmTokenFor(second);
    const cancelled = await me.agent.request('DELETE', '/api/v1/me/email/change');
    expect(cancelled.statusCode).toBe(200);
    expect((await me.agent.get('/api/v1/me/email/change')).json()).toEqual({ data: { pending: null } });
    expect((await confirm(secondToken)).statusCode).toBe(422);
    expect(await emailOf(me.agent)).toBe(me.email);
  });
});

describe('confirming with the link mailed to the new address', () => {
  it('switches the address, verified, once; the old address is told, with an undo link', async () => {
    const me = await newUser();
    const elsewhere = await signedIn(me.email);
    const to = freshEmail();
    await ask(me.agent, to);
    const token = await confirmTokenFor(to);
    const ok = await confirm(token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ data: { message: EMAIL_CHANGE_CONFIRMED_MESSAGE } });
    const user = (await me.agent.get('/api/v1/me')).json<{ data: User }>().data;
    expect(user.email).toBe(to);
    expect(user.emailVerifiedAt).not.toBeNull();
    // Other sessions go on (decision 056); the new address signs in, the old one no longer.
    expect((await elsewhere.get('/api/v1/me/check')).statusCode).toBe(200);
    await signedIn(to);
    expect(
      (await new Agent(t.app).post('/api/v1/login', { email: me.email, password: TEST_PASSWORD })).statusCode,
    ).toBe(422);

    const notice = await lastMailTo(me.email);
    expect(notice?.subject).toBe('Your Courier sign-in e-mail was changed');
    expect(notice?.text).toContain('now signs in with n***@example.com');
    expect(notice?.text).toContain('within 7 days');

    const again = await confirm(token);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ errors: { token: [EMAIL_CHANGE_BAD_TOKEN_MESSAGE] } });
  });

  it('refuses an expired link, a made-up one, and a link of another kind', async () => {
    const me = await newUser();
    const to = freshEmail();
    await ask(me.agent, to);
    const token = await confirmTokenFor(to);
    const cancelToken = await revertTokenFor(me.email);
    // The cancel link is not a confirmation, nor the confirmation a cancel.
    expect((await confirm(cancelToken)).statusCode).toBe(422);
    expect((await revert(token)).statusCode).toBe(422);
    expect((await confirm('made-up')).statusCode).toBe(422);
    await t.database.db
      .update(emailChanges)
      .set({
        createdAt: sql`${emailChanges.createdAt} - interval '25 hours'`,
        expiresAt: sql`${emailChanges.expiresAt} - interval '25 hours'`,
      })
      .where(eq(emailChanges.userId, me.id));
    const expired = await confirm(token);
    expect(expired.statusCode).toBe(422);
    expect(expired.json()).toMatchObject({ errors: { token: [EMAIL_CHANGE_BAD_TOKEN_MESSAGE] } });
    expect((await me.agent.get('/api/v1/me/email/change')).json()).toEqual({ data: { pending: null } });
    expect(await emailOf(me.agent)).toBe(me.email);
  });

  it("changes only the account whose link it is: another user's link never touches yours", async () => {
    const me = await newUser();
    const them = await newUser();
    const mine = freshEmail('mine');
    const theirs = freshEmail('theirs');
    await ask(me.agent, mine);
    await ask(them.agent, theirs);
    // Signed in as me, with their link: their change is made, mine still waits.
    expect(
      (await me.agent.post('/api/v1/email/change/confirm', { token: await confirmTokenFor(theirs) }))
        .statusCode,
    ).toBe(200);
    expect(await emailOf(me.agent)).toBe(me.email);
    expect(await emailOf(them.agent)).toBe(theirs);
    expect((await me.agent.get('/api/v1/me/email/change')).json()).toMatchObject({
      data: { pending: { email: mine } },
    });
  });

  it('answers 409 when another account took the new address meanwhile', async () => {
    const me = await newUser();
    const to = freshEmail();
    await ask(me.agent, to);
    await createUser(t.database.db, { email: to });
    expect((await confirm(await confirmTokenFor(to))).statusCode).toBe(409);
    expect(await emailOf(me.agent)).toBe(me.email);
  });
});

describe('the links mailed to the old address', () => {
  it('cancel a change waiting and sign everyone out', async () => {
    const me = await newUser();
    const api = await signedIn(me.email, { token: true });
    const to = freshEmail();
    await ask(me.agent, to);
    const res = await revert(await revertTokenFor(me.email));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: { message: emailChangeRevertedMessage({ email: me.email, undone: false }) },
    });
    expect((await me.agent.get('/api/v1/me/check')).statusCode).toBe(401);
    expect((await api.get('/api/v1/me')).statusCode).toBe(401);
    expect((await confirm(await confirmTokenFor(to))).statusCode).toBe(422);
    expect(await emailOf(await signedIn(me.email))).toBe(me.email);
  });

  it('undo a change made: the old address back, every session and token ended, links to the new one dead', async () => {
    const me = await newUser();
    const api = await signedIn(me.email, { token: true });
    const to = await askAndConfirm(me);
    // Whoever has the new address asks for a password reset there.
    await new Agent(t.app).post('/api/v1/password/forgot', { email: to });
    const resetToken = /boxed-password-reset\?token=([A-Za-z0-9_-]+)/.exec(
      (await lastMailTo(to))?.text ?? '',
    )?.[1];
    expect(resetToken).toBeTruthy();
    const intruder = await signedIn(to);

    const undoToken = await revertTokenFor(me.email);
    const res = await revert(undoToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: { message: emailChangeRevertedMessage({ email: me.email, undone: true }) },
    });
    for (const agent of [me.agent, api, intruder])
      expect((await agent.get('/api/v1/me')).statusCode).toBe(401);
    const reset = await new Agent(t.app).post('/api/v1/password/reset', {
      token: resetToken,
      password: 'taken-over-1',
      passwordConfirmation: 'taken-over-1',
    });
    expect(reset.statusCode).toBe(422);
    const [row] = await t.database.db
      .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, me.id));
    expect(row).toEqual({ email: me.email, verifiedAt: expect.any(Date) });
    await signedIn(me.email);
    expect((await revert(undoToken)).statusCode).toBe(422);
  });

  it('the notice of the request undoes the change too once it is made, until the undo window ends', async () => {
    const me = await newUser();
    const to = freshEmail();
    await ask(me.agent, to);
    const cancelToken = await revertTokenFor(me.email);
    await confirm(await confirmTokenFor(to));
    expect(await emailOf(me.agent)).toBe(to);
    expect((await revert(cancelToken)).statusCode).toBe(200);
    expect(await emailOf(await signedIn(me.email))).toBe(me.email);

    // A week and a day later, no link undoes it.
    const later = await newUser();
    await askAndConfirm(later);
    const undoToken = await revertTokenFor(later.email);
    await t.database.db
      .update(emailChanges)
      .set({ expiresAt: sql`now() - interval '1 day'` })
      .where(eq(emailChanges.userId, later.id));
    expect((await revert(undoToken)).statusCode).toBe(422);
  });

  it('hold the old address during the undo window: no one else may sign up or switch to it', async () => {
    const me = await newUser();
    await askAndConfirm(me);
    const other = await newUser();
    expect((await ask(other.agent, me.email)).statusCode).toBe(409);
    const signUp = await new Agent(t.app).post('/api/v1/signup', {
      companyName: 'Squatters Ltd',
      slug: `squat-${n}`,
      companyTypeSlug: 'shipper',
      countryCode: 'GB',
      firstname: 'Sam',
      lastname: 'Squat',
      email: me.email,
      password: 'squat-password-1',
      passwordConfirmation: 'squat-password-1',
    });
    expect(signUp.statusCode).toBe(409);
    // Nor may a company's admin invite someone new with it.
    const company = await createCompany(t.database.db);
    const admin = await createUser(t.database.db, { company, roles: ['company-admin'] });
    const invite = await (
      await signedIn(admin.email)
    ).post(`/api/v1/c/${company.slug}/admin/user/admin`, {
      email: me.email,
      firstname: 'Sam',
      lastname: 'Squat',
    });
    expect(invite.statusCode).toBe(409);
    expect(invite.json()).toMatchObject({ errors: { email: [expect.stringMatching(/cannot be used/)] } });
  });
});

describe('the hourly purge', () => {
  it('deletes changes past their confirmation or undo window and keeps the rest', async () => {
    const waiting = await newUser();
    await ask(waiting.agent, freshEmail());
    const made = await newUser();
    await askAndConfirm(made);
    const stale = await newUser();
    await ask(stale.agent, freshEmail());
    await t.database.db
      .update(emailChanges)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(emailChanges.userId, stale.id));

    await purgeExpiredJob(t.database.db).handle(
      {},
      {
        id: 'test',
        retryCount: 0,
        signal: new AbortController().signal,
      },
    );
    const left = await t.database.db
      .select({ userId: emailChanges.userId })
      .from(emailChanges)
      .where(sql`${emailChanges.userId} in (${waiting.id}, ${made.id}, ${stale.id})`);
    expect(left.map((r) => r.userId).sort()).toEqual([waiting.id, made.id].sort());
  });
});

describe('guessing the current password through the e-mail change (issue 31)', () => {
  it('limits the tries per account as a sign-in is limited; another user is not held up', async () => {
    const limited = await buildApp({
      config: { ...t.config, LOGIN_RATE_LIMIT_MAX: 3 },
      database: t.database,
      logger: false,
    });
    try {
      const victim = await createUser(t.database.db);
      const bystander = await createUser(t.database.db);
      const signIn = async (email: string) => {
        const agent = new Agent(limited);
        await agent.login(email, TEST_PASSWORD);
        return agent;
      };
      const stolen = await signIn(victim.email);
      const own = await signIn(victim.email);
      const theirs = await signIn(bystander.email);
      const change = (agent: Agent, currentPassword: string) =>
        agent.post('/api/v1/me/email', { email: freshEmail(), currentPassword });

      const guesses: number[] = [];
      for (const guess of ['guess-1', 'guess-2', 'guess-3', 'guess-4'])
        guesses.push((await change(stolen, guess)).statusCode);
      expect(guesses).toEqual([422, 422, 422, 429]);
      expect((await change(stolen, TEST_PASSWORD)).statusCode).toBe(429);
      expect((await change(own, TEST_PASSWORD)).statusCode).toBe(429);
      expect((await change(theirs, TEST_PASSWORD)).statusCode).toBe(200);
      const pending = await t.database.db
        .select({ id: emailChanges.id })
        .from(emailChanges)
        .where(eq(emailChanges.userId, victim.id));
      expect(pending).toEqual([]);
    } finally {
      await limited.close();
    }
  });
});
