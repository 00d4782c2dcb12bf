import { INVITATION_BAD_TOKEN_MESSAGE } from '@courier/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, invitations, mailOutbox, notifications, users } from '../../db/schema/index.js';
import { Agent } from '../../test/agent.js';
import { twoCompanies } from '../../test/company-fixture.js';
import { createUser, TEST_PASSWORD } from '../../test/factories.js';
import { acceptMailedInvitation, invitationTokenMailedTo } from '../../test/invitations.js';
import { startSmtpCapture } from '../../test/smtp-capture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let c: Awaited<ReturnType<typeof twoCompanies>>;
beforeAll(async () => {
  t = await createTestApp({ APP_URL: 'https://courier.example.com' });
  c = await twoCompanies(t);
});
afterAll(() => t.close());

let n = 0;
const freshEmail = () => `invitee-${++n}-${Date.now().toString(36)}@example.com`;

async function inviteDriver(email: string, admin = c.adminA, base = c.base) {
  const res = await admin.post(`${base}/driver`, { email, firstname: 'Ivy', lastname: 'Invited' });
  expect(res.statusCode).toBe(201);
  return res.json<{ data: { user: { uuid: string; pendingInvitation: unknown } } }>().data.user;
}

const accept = (
  token: string,
  password = 'my-own-password',
  confirmation = password,
  agent = new Agent(t.app),
) => agent.post('/api/v1/invitation/accept', { token, password, passwordConfirmation: confirmation });

const lastMailTo = async (email: string) => {
  await t.app.jobs.settle();
  const [row] = await t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, email))
    .orderBy(sql`${mailOutbox.createdAt} desc`)
    .limit(1);
  return row;
};

/** Lets the admin send another link at once (one a minute). */
const ageInvitations = (userId: string) =>
  t.database.db
    .update(invitations)
    .set({ createdAt: sql`${invitations.createdAt} - interval '2 minutes'` })
    .where(eq(invitations.userId, userId));

describe('inviting a new person', () => {
  it("mails a one-time link headed by the company's name, keeping only the token's hash", async () => {
    const email = freshEmail();
    const user = await inviteDriver(email);
    expect(user.pendingInvitation).toMatchObject({
      sentAt: expect.any(String),
      expiresAt: expect.any(String),
    });

    const mail = await lastMailTo(email);
    expect(mail!.subject).toBe(`${c.companyA.name} invites you to Courier`);
    expect(mail!.text).toContain('https://courier.example.com/auth/accept-invitation?token=');
    expect(mail!.text).toContain(`to join ${c.companyA.name} on Courier as a driver`);
    expect(mail!.html).toContain(c.companyA.name);
    const token = await invitationTokenMailedTo(t, email);
    const [row] = await t.database.db.select().from(invitations).where(eq(invitations.userId, user.uuid));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.tokenHash).not.toContain(token);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(7 * 86_400_000);
    expect(row!.invitedByUserId).toBe(c.adminAUser.id);

    // What the link's screen shows.
    const read = await new Agent(t.app).post('/api/v1/invitation/read', { token });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      data: {
        email,
        firstname: 'Ivy',
        companyName: c.companyA.name,
        roleSlug: 'driver',
        invitedBy: 'Test User',
      },
    });
  });

  it('cannot be signed into before the invitation is accepted; accepting signs in and verifies the address', async () => {
    const email = freshEmail();
    const user = await inviteDriver(email);
    const token = await invitationTokenMailedTo(t, email);
    // No password was typed by anyone: nothing signs in yet.
    expect(
      (await new Agent(t.app).post('/api/v1/login', { email, password: TEST_PASSWORD })).statusCode,
    ).toBe(422);

    const short = await accept(token, 'short');
    expect(short.statusCode).toBe(422);
    expect(Object.keys(short.json<{ errors: object }>().errors)).toEqual(['password']);
    const mismatch = await accept(token, 'my-own-password', 'something-else');
    expect(Object.keys(mismatch.json<{ errors: object }>().errors)).toEqual(['passwordConfirmation']);

    const agent = new Agent(t.app);
    const ok = await accept(token, 'my-own-password', 'my-own-password', agent);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      data: { user: { uuid: user.uuid, defaultCompanySlug: c.companyA.slug } },
    });
    const me = await agent.get('/api/v1/me');
    expect(me.statusCode).toBe(200);
    expect(me.json<{ data: { emailVerifiedAt: string | null } }>().data.emailVerifiedAt).not.toBeNull();
    await new Agent(t.app).login(email, 'my-own-password');

    // Once only.
    const again = await accept(token, 'another-password');
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ errors: { token: [INVITATION_BAD_TOKEN_MESSAGE] } });
    expect((await new Agent(t.app).post('/api/v1/invitation/read', { token })).statusCode).toBe(422);
    const listed = await c.adminA.get(`${c.base}/user`);
    const person = listed.json<{ data: Record<string, { pendingInvitation: unknown }> }>().data[user.uuid];
    expect(person?.pendingInvitation).toBeNull();
  });

  it('refuses an unknown or expired link with the same 422', async () => {
    const email = freshEmail();
    const user = await inviteDriver(email);
    const token = await invitationTokenMailedTo(t, email);
    await t.database.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.userId, user.uuid));
    for (const res of [await accept(token), await accept('not-a-real-token')]) {
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ errors: { token: [INVITATION_BAD_TOKEN_MESSAGE] } });
    }
  });

  it('tells the inviting admin, and only them, when the person joins', async () => {
    const email = freshEmail();
    const otherAdmin = await createUser(t.database.db, { company: c.companyA, roles: ['company-admin'] });
    const res = await c.adminA.post(`${c.base}/user/admin`, { email, firstname: 'Ada', lastname: 'Admin' });
    expect(res.statusCode).toBe(201);
    expect(res.json<{ message: string }>().message).toMatch(/Invitation sent/);
    await acceptMailedInvitation(t, email, 'my-own-password');
    await t.app.jobs.settle();
    const told = await t.database.db
      .select({ userId: notifications.userId, title: notifications.title, link: notifications.link })
      .from(notifications)
      .where(eq(notifications.kind, 'invitation'));
    expect(told.filter((r) => r.title.startsWith('Ada Admin'))).toEqual([
      { userId: c.adminAUser.id, title: 'Ada Admin joined as an admin', link: '/AdminAddCompany' },
    ]);
    expect(told.some((r) => r.userId === otherAdmin.id)).toBe(false);
    // The admin's list through the API says the same.
    const list = await c.adminA.get('/api/v1/me/notifications?per_page=50');
    expect(JSON.stringify(list.json())).toContain('Ada Admin joined as an admin');
  });

  it('sends a new link on request: the old one stops working; at most one a minute; 404 when nothing is pending', async () => {
    const email = freshEmail();
    const user = await inviteDriver(email);
    const first = await invitationTokenMailedTo(t, email);
    const tooSoon = await c.adminA.post(`${c.base}/user/${user.uuid}/invitation`);
    expect(tooSoon.statusCode).toBe(409);
    await ageInvitations(user.uuid);
    const resent = await c.adminA.post(`${c.base}/user/${user.uuid}/invitation`);
    expect(resent.statusCode).toBe(200);
    const second = await invitationTokenMailedTo(t, email);
    expect(second).not.toBe(first);
    expect((await accept(first)).statusCode).toBe(422);
    expect((await accept(second)).statusCode).toBe(200);
    await ageInvitations(user.uuid);
    expect((await c.adminA.post(`${c.base}/user/${user.uuid}/invitation`)).statusCode).toBe(404);
    // Another company cannot send one for A's person (the policy's 404 for a stranger).
    expect((await c.adminB.post(`${c.baseB}/user/${user.uuid}/invitation`)).statusCode).toBe(404);
  });
});

describe('adding someone who already has an account', () => {
  it('links them and mails the news, with no invitation', async () => {
    const person = await createUser(t.database.db, { email: freshEmail() });
    const res = await c.adminA.post(`${c.base}/user/driver`, { email: person.email });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ data: { pendingInvitation: null }, message: 'Driver added.' });
    const mail = await lastMailTo(person.email);
    expect(mail!.subject).toBe(`You joined ${c.companyA.name} on Courier`);
    expect(mail!.text).not.toContain('accept-invitation');
    const rows = await t.database.db.select().from(invitations).where(eq(invitations.userId, person.id));
    expect(rows).toEqual([]);
  });

  it("invites them again when they have not yet accepted another company's invitation; one acceptance settles both", async () => {
    const email = freshEmail();
    const user = await inviteDriver(email);
    const other = await c.adminB.post(`${c.baseB}/user/admin`, { email });
    expect(other.statusCode).toBe(201);
    expect(other.json()).toMatchObject({ data: { pendingInvitation: { sentAt: expect.any(String) } } });
    const fromB = await invitationTokenMailedTo(t, email);
    expect((await lastMailTo(email))!.subject).toBe(`${c.companyB.name} invites you to Courier`);
    expect((await accept(fromB)).statusCode).toBe(200);
    const open = await t.database.db
      .select()
      .from(invitations)
      .where(and(eq(invitations.userId, user.uuid), sql`${invitations.acceptedAt} is null`));
    expect(open).toEqual([]);
    // Each inviting admin is told once the acceptance has committed (the events' consumer, a job).
    await t.app.jobs.settle();
    const told = await t.database.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(and(eq(notifications.kind, 'invitation'), sql`${notifications.title} like 'Ivy Invited%'`));
    expect(told.map((r) => r.userId).sort()).toEqual(
      expect.arrayContaining([c.adminAUser.id, c.adminBUser.id]),
    );
  });
});

describe('the invitation by SMTP', () => {
  it("arrives through SMTP_URL with the company's logo, and its link sets the password", async () => {
    const smtp = await startSmtpCapture();
    const withSmtp = await createTestApp({ SMTP_URL: smtp.url, APP_URL: 'https://courier.example.com' });
    try {
      const pair = await twoCompanies(withSmtp);
      await withSmtp.database.db
        .update(companies)
        .set({ logoUrl: `/api/v1/company/${pair.companyA.id}/logo` })
        .where(eq(companies.id, pair.companyA.id));
      const email = freshEmail();
      await pair.adminA.post(`${pair.base}/driver`, { email, firstname: 'Sam', lastname: 'Smtp' });
      const [mail] = await smtp.waitFor(1);
      expect(mail!.to).toEqual([email]);
      expect(mail!.decoded).toContain(`https://courier.example.com/api/v1/company/${pair.companyA.id}/logo`);
      const token = /accept-invitation\?token=([A-Za-z0-9_-]+)/.exec(mail!.decoded)?.[1];
      expect(token).toBeDefined();
      const res = await new Agent(withSmtp.app).post('/api/v1/invitation/accept', {
        token,
        password: 'my-own-password',
        passwordConfirmation: 'my-own-password',
      });
      expect(res.statusCode).toBe(200);
      const [row] = await withSmtp.database.db
        .select({ verified: users.emailVerifiedAt })
        .from(users)
        .where(eq(users.email, email));
      expect(row!.verified).not.toBeNull();
    } finally {
      await withSmtp.close();
      await smtp.close();
    }
  });

  it('limits the link calls per address (429)', async () => {
    const limited = await createTestApp({ PASSWORD_RESET_RATE_LIMIT_MAX: '2' });
    try {
      const agent = new Agent(limited.app);
      const codes: number[] = [];
      for (let i = 0; i < 3; i++)
        codes.push((await agent.post('/api/v1/invitation/read', { token: `guess-${i}` })).statusCode);
      expect(codes).toEqual([422, 422, 429]);
    } finally {
      await limited.close();
    }
  });
});
