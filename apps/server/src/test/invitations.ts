import { eq, sql } from 'drizzle-orm';
import { mailOutbox } from '../db/schema/index.js';
import { Agent } from './agent.js';
import type { TestApp } from './test-app.js';

const tokenIn = (text: string) => /accept-invitation\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

/** The invitation token of the newest mail to `email` in the outbox (once the app's mail jobs have run). */
export async function invitationTokenMailedTo(t: TestApp, email: string): Promise<string> {
  await t.app.jobs.settle();
  const [row] = await t.database.db
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, email))
    .orderBy(sql`${mailOutbox.createdAt} desc`)
    .limit(1);
  const token = tokenIn(row?.text ?? '');
  if (!token) throw new Error(`no invitation mail to ${email}`);
  return token;
}

/** Accepts the invitation mailed to `email` with `password`, as the invited person would: answers their agent. */
export async function acceptMailedInvitation(t: TestApp, email: string, password: string): Promise<Agent> {
  const token = await invitationTokenMailedTo(t, email);
  const agent = new Agent(t.app);
  const res = await agent.post('/api/v1/invitation/accept', {
    token,
    password,
    passwordConfirmation: password,
  });
  if (res.statusCode !== 200)
    throw new Error(`accepting the invitation of ${email}: ${res.statusCode} ${res.body}`);
  return agent;
}
