import {
  PASSWORD_RESET_BAD_TOKEN_MESSAGE,
  PASSWORD_RESET_DONE_MESSAGE,
  PASSWORD_RESET_REQUESTED_MESSAGE,
} from '@courier/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authSessions, mailOutbox, passwordResetTokens } from '../../db/schema/index.js';
import { Agent } from '../../test/agent.js';
import { createUser, TEST_PASSWORD } from '../../test/factories.js';
import { startSmtpCapture } from '../../test/smtp-capture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const NEW_PASSWORD = 'a-brand-new-secret';
const tokenIn = (text: string) => /boxed-password-reset\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ APP_URL: 'https://courier.example.com' });
});
afterAll(() => t.close());

async function requestReset(email: string, agent = new Agent(t.app)) {
  const res = await agent.post('/api/v1/password/forgot', { email });
  expect(res.statusCode).toBe(200);
  await t.app.jobs.settle();
  return res;
}

/** The reset link's token of the newest outbox message to `email`. */
async function tokenMailedTo(email: string) {
  const [row] = await t.database.db
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, email))
    .orderBy(sql`${mailOutbox.createdAt} desc`)
    .limit(1);
  const token = tokenIn(row?.text ?? '');
  if (!token) throw new Error(`no reset mail to ${email}`);
  return token;
}

const reset = (token: string, password = NEW_PASSWORD, confirmation = password) =>
  new Agent(t.app).post('/api/v1/password/reset', { token, password, passwordConfirmation: confirmation });

/** Lets the user ask again at once (an account gets one link a minute). */
const ageLinks = (userId: string) =>
  t.database.db
    .update(passwordResetTokens)
    .set({ createdAt: sql`${passwordResetTokens.createdAt} - interval '2 minutes'` })
    .where(eq(passwordResetTokens.userId, userId));

describe('asking for a reset link', () => {
  it('mails a link to the configured public URL, and answers the same for an unknown address', async () => {
    const user = await createUser(t.database.db);
    const known = await requestReset(user.email.toUpperCase());
    const unknown = await requestReset('nobody-here@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toEqual({ data: { message: PASSWORD_RESET_REQUESTED_MESSAGE } });

    const mails = await t.database.db.select().from(mailOutbox);
    expect(mails.map((m) => m.toAddress)).toEqual([user.email]);
    expect(mails[0]!.subject).toBe('Reset your Courier password');
    expect(mails[0]!.text).toContain('https://courier.example.com/auth/boxed-password-reset?token=');
    // Only the token's hash is kept.
    const token = await tokenMailedTo(user.email);
    const [row] = await t.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(row!.tokenHash).not.toContain(token);
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(60 * 60_000);
  });

  it('sends one account at most one link a minute, however often it is asked', async () => {
    const user = await createUser(t.database.db);
    await requestReset(user.email);
    await requestReset(user.email);
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email));
    expect(mails).toHaveLength(1);
  });

  it('answers 422 with the field for a malformed address', async () => {
    const res = await new Agent(t.app).post('/api/v1/password/forgot', { email: 'not-an-address' });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors.email).toEqual([
      'Enter a valid e-mail address',
    ]);
  });
});

describe('setting a new password with the link', () => {
  let user: { id: string; email: string };
  beforeEach(async () => {
    user = await createUser(t.database.db);
  });

  it('sets the password once, ends every session and token, and the new password signs in', async () => {
    const browser = new Agent(t.app);
    await browser.login(user.email, TEST_PASSWORD);
    const api = new Agent(t.app);
    const login = await api.post('/api/v1/login', {
      email: user.email,
      password: TEST_PASSWORD,
      issueToken: true,
    });
    api.bearer = login.json<{ data: { token: string } }>().data.token;
    expect((await api.get('/api/v1/me')).statusCode).toBe(200);

    await requestReset(user.email);
    const token = await tokenMailedTo(user.email);
    const res = await reset(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { message: PASSWORD_RESET_DONE_MESSAGE } });

    expect((await browser.get('/api/v1/me')).statusCode).toBe(401);
    expect((await api.get('/api/v1/me')).statusCode).toBe(401);
    expect(await t.database.db.select().from(authSessions).where(eq(authSessions.userId, user.id))).toEqual(
      [],
    );

    const again = await reset(token, 'yet-another-password');
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({
      message: PASSWORD_RESET_BAD_TOKEN_MESSAGE,
      errors: { token: [PASSWORD_RESET_BAD_TOKEN_MESSAGE] },
    });

    const old = await new Agent(t.app).post('/api/v1/login', { email: user.email, password: TEST_PASSWORD });
    expect(old.statusCode).toBe(422);
    await new Agent(t.app).login(user.email, NEW_PASSWORD);
  });

  it('refuses a link after its 60 minutes', async () => {
    await requestReset(user.email);
    const token = await tokenMailedTo(user.email);
    await t.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResetTokens.userId, user.id));
    const res = await reset(token);
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors.token).toEqual([
      PASSWORD_RESET_BAD_TOKEN_MESSAGE,
    ]);
    await new Agent(t.app).login(user.email, TEST_PASSWORD);
  });

  it("ends the user's other links with the reset", async () => {
    await requestReset(user.email);
    const first = await tokenMailedTo(user.email);
    await ageLinks(user.id);
    await requestReset(user.email);
    const second = await tokenMailedTo(user.email);
    expect(second).not.toBe(first);
    expect((await reset(second)).statusCode).toBe(200);
    expect((await reset(first, 'another-password-1')).statusCode).toBe(422);
    expect(
      await t.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id)),
    ).toEqual([]);
  });

  it('answers 422 with field messages for a weak or mismatched password, and keeps the link', async () => {
    await requestReset(user.email);
    const token = await tokenMailedTo(user.email);
    const short = await reset(token, 'short');
    expect(short.statusCode).toBe(422);
    expect(short.json<{ errors: Record<string, string[]> }>().errors.password).toEqual([
      'Password must be at least 8 characters',
    ]);
    const mismatch = await reset(token, NEW_PASSWORD, 'something-else');
    expect(mismatch.json<{ errors: Record<string, string[]> }>().errors.passwordConfirmation).toEqual([
      'The passwords do not match',
    ]);
    expect((await reset('made-up-token')).statusCode).toBe(422);
    expect((await reset(token)).statusCode).toBe(200);
  });
});

describe('limits and the real SMTP server', () => {
  it('limits requests per address (429)', async () => {
    const limited = await createTestApp({ PASSWORD_RESET_RATE_LIMIT_MAX: '2' });
    try {
      const agent = new Agent(limited.app);
      const codes: number[] = [];
      for (let i = 0; i < 3; i++)
        codes.push((await agent.post('/api/v1/password/forgot', { email: `n${i}@example.com` })).statusCode);
      expect(codes).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });

  it('mails the link through SMTP_URL, and the link sets the password', async () => {
    const smtp = await startSmtpCapture();
    const withSmtp = await createTestApp({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Courier <no-reply@courier.test>',
    });
    try {
      const user = await createUser(withSmtp.database.db);
      await new Agent(withSmtp.app).post('/api/v1/password/forgot', { email: user.email });
      const [mail] = await smtp.waitFor(1);
      expect(mail!.to).toEqual([user.email]);
      const token = tokenIn(mail!.decoded);
      expect(token).toBeDefined();
      const res = await new Agent(withSmtp.app).post('/api/v1/password/reset', {
        token,
        password: NEW_PASSWORD,
        passwordConfirmation: NEW_PASSWORD,
      });
      expect(res.statusCode).toBe(200);
      await new Agent(withSmtp.app).login(user.email, NEW_PASSWORD);
      // What went by SMTP is named in the outbox, without the link.
      const rows = await withSmtp.database.db.select().from(mailOutbox);
      expect(rows).toEqual([expect.objectContaining({ transport: 'smtp', text: null, html: null })]);
    } finally {
      await withSmtp.close();
      await smtp.close();
    }
  });
});
