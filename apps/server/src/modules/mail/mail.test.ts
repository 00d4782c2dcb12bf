import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/index.js';
import { Agent } from '../../test/agent.js';
import { createUser, TEST_PASSWORD } from '../../test/factories.js';
import { startSmtpCapture } from '../../test/smtp-capture.js';
import { openTestDatabase } from '../../test/test-app.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createMailer, passwordResetMail } from './index.js';

const silent = { info: () => undefined };

describe('the mailer through a real SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
  });
  afterAll(() => smtp.close());

  it('delivers the message in text and HTML, and keeps only who, what and how', async () => {
    const database = await openTestDatabase();
    try {
      const mailer = createMailer({
        db: database.db,
        smtpUrl: smtp.url,
        from: 'Courier <no-reply@courier.test>',
        logBodies: false,
        log: silent,
      });
      expect(mailer.kind).toBe('smtp');
      await mailer.send(
        passwordResetMail({
          to: 'ann@example.com',
          firstname: 'Ann <b>',
          link: 'https://courier.test/auth/boxed-password-reset?token=abc_DEF-123',
          validMinutes: 60,
        }),
      );
      mailer.close();
      const [mail] = await smtp.waitFor(1);
      expect(mail!.from).toBe('no-reply@courier.test');
      expect(mail!.to).toEqual(['ann@example.com']);
      expect(mail!.raw).toContain('Subject: Reset your Courier password');
      expect(mail!.raw).toContain('Content-Type: text/plain');
      expect(mail!.raw).toContain('Content-Type: text/html');
      expect(mail!.decoded).toContain(
        'Set a new password: https://courier.test/auth/boxed-password-reset?token=abc_DEF-123',
      );
      expect(mail!.decoded).toContain(
        'href="https://courier.test/auth/boxed-password-reset?token=abc_DEF-123"',
      );
      // The name is text in the HTML, never markup.
      expect(mail!.decoded).toContain('Hello Ann &lt;b&gt;,');
      const rows = await database.db.select().from(mailOutbox);
      expect(rows).toEqual([
        expect.objectContaining({ toAddress: 'ann@example.com', transport: 'smtp', text: null, html: null }),
      ]);
    } finally {
      await database.close();
    }
  });

  it('rejects when the SMTP server cannot be reached, and keeps no row', async () => {
    const database = await openTestDatabase();
    try {
      const mailer = createMailer({
        db: database.db,
        smtpUrl: 'smtp://127.0.0.1:1',
        from: 'Courier <no-reply@courier.test>',
        logBodies: false,
        log: silent,
      });
      await expect(
        mailer.send({ to: 'a@example.com', subject: 'S', text: 'T', html: '<p>T</p>' }),
      ).rejects.toThrow();
      mailer.close();
      expect(await database.db.select().from(mailOutbox)).toEqual([]);
    } finally {
      await database.close();
    }
  });
});

describe('the outbox, without SMTP_URL', () => {
  let t: TestApp;
  let admin: Agent;
  let someone: Agent;
  const lines: { fields: object; message: string }[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const platform = await createUser(t.database.db, { platformAdmin: true });
    const user = await createUser(t.database.db);
    admin = new Agent(t.app);
    await admin.login(platform.email, TEST_PASSWORD);
    someone = new Agent(t.app);
    await someone.login(user.email, TEST_PASSWORD);
  });
  afterAll(() => t.close());

  it('keeps the whole message in the database and names it in the log', async () => {
    const mailer = createMailer({
      db: t.database.db,
      smtpUrl: undefined,
      from: 'x',
      logBodies: false,
      log: { info: (fields, message) => lines.push({ fields, message }) },
    });
    expect(mailer.kind).toBe('outbox');
    for (const to of ['one@example.com', 'Two@Example.com'])
      await mailer.send({ to, subject: `For ${to}`, text: 'Hello', html: '<p>Hello</p>' });
    expect(lines).toHaveLength(2);
    expect(lines[0]!.message).toBe('mail kept in the outbox (no SMTP_URL): For one@example.com');
    // Outside development the log line carries neither the address nor the body.
    expect(JSON.stringify(lines[0]!.fields)).not.toContain('Hello');
    expect(JSON.stringify(lines[0]!.fields)).not.toContain('one@example.com');
  });

  it('is read by platform admins, newest first, paginated and by address', async () => {
    const res = await admin.get('/api/v1/platform/mail/outbox?per_page=1');
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      data: { to: string; text: string; transport: string }[];
      meta: { total: number };
    }>();
    expect(body.meta).toMatchObject({ total: 2, last_page: 2, per_page: 1 });
    expect(body.data).toEqual([
      expect.objectContaining({
        to: 'Two@Example.com',
        text: 'Hello',
        html: '<p>Hello</p>',
        transport: 'outbox',
      }),
    ]);
    const byAddress = await admin.get('/api/v1/platform/mail/outbox?to=two@example.com');
    expect(byAddress.json<{ data: unknown[] }>().data).toHaveLength(1);
  });

  it('answers one message whole, and 404 for an unknown one', async () => {
    const [first] = (await admin.get('/api/v1/platform/mail/outbox?to=one@example.com')).json<{
      data: { uuid: string }[];
    }>().data;
    const res = await admin.get(`/api/v1/platform/mail/outbox/${first!.uuid}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: unknown }>().data).toMatchObject({
      uuid: first!.uuid,
      to: 'one@example.com',
      subject: 'For one@example.com',
      text: 'Hello',
      html: '<p>Hello</p>',
    });
    const missing = await admin.get('/api/v1/platform/mail/outbox/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect((await admin.get('/api/v1/platform/mail/outbox/not-a-uuid')).statusCode).toBe(422);
  });

  it('is refused to everyone else', async () => {
    expect((await someone.get('/api/v1/platform/mail/outbox')).statusCode).toBe(403);
    expect((await new Agent(t.app).get('/api/v1/platform/mail/outbox')).statusCode).toBe(401);
    const one = '/api/v1/platform/mail/outbox/00000000-0000-4000-8000-000000000000';
    expect((await someone.get(one)).statusCode).toBe(403);
    expect((await new Agent(t.app).get(one)).statusCode).toBe(401);
  });
});
