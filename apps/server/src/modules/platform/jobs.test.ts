import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/index.js';
import { Agent } from '../../test/agent.js';
import { createCompany, createUser, TEST_PASSWORD } from '../../test/factories.js';
import { startSmtpCapture } from '../../test/smtp-capture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** The job queues (decision 055): mail retried through a failing SMTP server, dead jobs an admin sees and retries. */
describe('jobs seen and retried by platform admins', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let t: TestApp;
  let platform: Agent;
  let companyAdmin: Agent;
  const CONTACT_TO = 'team@courier.test';
  const form = (n: number) => ({
    name: 'Rita Rose',
    email: 'rita@bloom.example',
    company: 'Bloom & Co',
    message: `Message number ${n}: can couriers bid on our bouquets?`,
  });

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp({ SMTP_URL: smtp.url, CONTACT_EMAIL: CONTACT_TO, CONTACT_RATE_LIMIT_MAX: '100' });
    const admin = await createUser(t.database.db, { platformAdmin: true });
    platform = new Agent(t.app);
    await platform.login(admin.email, TEST_PASSWORD);
    const company = await createCompany(t.database.db);
    const member = await createUser(t.database.db, { company });
    companyAdmin = new Agent(t.app);
    await companyAdmin.login(member.email, TEST_PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const sentRows = () => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, CONTACT_TO));

  it('sends a message once through an SMTP server that refuses it twice', async () => {
    smtp.refuseNext(2);
    expect((await new Agent(t.app).post('/api/v1/contact', form(1))).statusCode).toBe(201);
    await t.app.jobs.settle();
    const mails = await smtp.waitFor(1);
    expect(smtp.refused).toBe(2);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.decoded).toContain('Message number 1');
    expect(await sentRows()).toHaveLength(1);
  });

  it('keeps a message every try of which failed as a dead job, shows it, and sends it once when retried', async () => {
    smtp.refuseNext(11); // the first send and its ten retries
    expect((await new Agent(t.app).post('/api/v1/contact', form(2))).statusCode).toBe(201);
    await t.app.jobs.settle();
    expect(smtp.received).toHaveLength(1);

    const queues = await platform.get('/api/v1/platform/jobs');
    expect(queues.statusCode).toBe(200);
    const mailQueue = queues
      .json<{ data: { queue: string; dead: number }[] }>()
      .data.find((q) => q.queue === 'mail.send');
    expect(mailQueue).toMatchObject({ dead: 1, waiting: 0, running: 0, retrying: 0 });
    const health = await new Agent(t.app).get('/api/v1/health');
    expect(health.json()).toMatchObject({ data: { status: 'ok', jobs: { dead: 1, waiting: 0 } } });

    const deadRes = await platform.get('/api/v1/platform/jobs/dead?queue=mail.send');
    expect(deadRes.statusCode).toBe(200);
    const dead = deadRes.json<{ data: { uuid: string; queue: string; tries: number; error: string }[] }>()
      .data;
    expect(dead).toEqual([expect.objectContaining({ queue: 'mail.send', tries: 11 })]);
    expect(dead[0]!.error).toContain('Mailbox busy');

    const retried = await platform.post(`/api/v1/platform/jobs/mail.send/${dead[0]!.uuid}/retry`, {});
    expect(retried.statusCode, retried.body).toBe(200);
    await t.app.jobs.settle();
    const mails = await smtp.waitFor(2);
    expect(mails[1]!.decoded).toContain('Message number 2');
    expect(await sentRows()).toHaveLength(2);
    expect((await platform.get('/api/v1/platform/jobs/dead')).json<{ data: unknown[] }>().data).toEqual([]);
    // Retried already: no longer dead, so a second retry finds nothing.
    const again = await platform.post(`/api/v1/platform/jobs/mail.send/${dead[0]!.uuid}/retry`, {});
    expect(again.statusCode).toBe(404);
  });

  it('is for platform admins only', async () => {
    for (const path of ['/api/v1/platform/jobs', '/api/v1/platform/jobs/dead']) {
      expect((await companyAdmin.get(path)).statusCode).toBe(403);
      expect((await new Agent(t.app).get(path)).statusCode).toBe(401);
    }
    const retry = await companyAdmin.post(
      '/api/v1/platform/jobs/mail.send/00000000-0000-4000-8000-000000000000/retry',
      {},
    );
    expect(retry.statusCode).toBe(403);
  });

  it('answers 422 for a queue name that is none', async () => {
    const res = await platform.get('/api/v1/platform/jobs/dead?queue=DROP%20TABLE');
    expect(res.statusCode).toBe(422);
  });
});
