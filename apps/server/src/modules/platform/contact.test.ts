import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, mailOutbox } from '../../db/schema/index.js';
import { Agent } from '../../test/agent.js';
import { createUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** The contact form (issue 14): kept, mailed to the platform's mailbox, rate limited. */
let t: TestApp;
let platformEmail: string;

beforeAll(async () => {
  t = await createTestApp({ CONTACT_RATE_LIMIT_MAX: '3' });
  platformEmail = (await createUser(t.database.db, { platformAdmin: true })).email;
});
afterAll(() => t.close());

const message = {
  name: 'Rita Rose',
  email: 'rita@bloom.example',
  company: 'Bloom & Co',
  message: 'We send about 40 bouquets a day: can couriers bid on them?',
};

describe('the contact form', () => {
  it('keeps the message and mails it to the platform admins', async () => {
    const res = await new Agent(t.app).post('/api/v1/contact', message);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ data: { received: true } });
    const [row] = await t.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'rita@bloom.example'));
    expect(row).toMatchObject({ name: 'Rita Rose', company: 'Bloom & Co' });
    await t.app.jobs.settle();
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, platformEmail));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: 'Contact form: Rita Rose (Bloom & Co)' });
    expect(mails[0]!.text).toContain('40 bouquets a day');
    expect(mails[0]!.text).toContain('mailto:rita@bloom.example');
  });

  it('answers 422 with a message per field', async () => {
    const res = await new Agent(t.app).post('/api/v1/contact', { name: '', email: 'nope', message: 'hi' });
    expect(res.statusCode).toBe(422);
    const errors = res.json<{ errors: Record<string, string[]> }>().errors;
    expect(Object.keys(errors).sort()).toEqual(['email', 'message', 'name']);
  });

  it('limits how many messages one address sends a minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await new Agent(t.app).post('/api/v1/contact', message)).statusCode);
    expect(statuses).toContain(429);
  });
});
