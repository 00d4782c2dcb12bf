import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app.js';
import { openPostgres, type Database } from '../db/client.js';
import { authSessions, companyMembers } from '../db/schema/index.js';
import { hashSecret, newSecret } from '../lib/secure-token.js';
import { Agent } from '../test/agent.js';
import { testDropoff, testPickup } from '../test/delivery-fixture.js';
import { createCompany, createUser, TEST_PASSWORD } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { callerBatchStats, findCaller } from './caller.queries.js';

// The callers of requests that arrive in the same turn are read in one statement (decision 049). These tests hold
// what makes that safe: each request gets its own answer from a batch of others', and a batch never answers a
// request with what was true before it arrived (a sign-out, a lock, a role taken away, a delivery written).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function sessionOf(userId: string, expiresAt = new Date(Date.now() + 60_000)) {
  const secret = newSecret();
  await t.database.db
    .insert(authSessions)
    .values({ tokenHash: hashSecret(secret), kind: 'session', userId, expiresAt });
  return secret;
}

describe('caller lookups of one turn in one statement', () => {
  it('answers each lookup of a batch exactly as the lookup alone, in one statement', async () => {
    const db = t.database.db;
    const [a, b] = [await createCompany(db), await createCompany(db, { type: 'courier' })];
    const adminA = await createUser(db, { company: a, roles: ['company-admin', 'driver'] });
    await db
      .update(companyMembers)
      .set({ status: 'inactive' })
      .where(and(eq(companyMembers.userId, adminA.id), eq(companyMembers.roleSlug, 'driver')));
    const adminB = await createUser(db, { company: b });
    const platform = await createUser(db, { platformAdmin: true });
    const [sA, sA2, sB, sP] = [
      await sessionOf(adminA.id),
      await sessionOf(adminA.id),
      await sessionOf(adminB.id),
      await sessionOf(platform.id),
    ];
    const expired = await sessionOf(adminB.id, new Date(Date.now() - 1_000));
    const asked: [string, string | undefined][] = [
      [sA, a.slug],
      [sA, b.slug],
      [sA, 'no-such-company'],
      [sA, undefined],
      [sA, a.slug], // the same key twice
      [sA2, a.slug],
      [sB, a.slug],
      [sB, b.slug],
      [sP, a.slug],
      [sP, undefined],
      [expired, b.slug],
      [newSecret(), a.slug],
      [sB, 'slug with a space'],
    ];
    const before = { ...callerBatchStats(db) };
    const together = await Promise.all(asked.map(([secret, slug]) => findCaller(db, secret, slug)));
    expect(callerBatchStats(db).runs - before.runs).toBe(1);
    const alone = [];
    for (const [secret, slug] of asked) alone.push(await findCaller(db, secret, slug));
    expect(together).toEqual(alone);

    expect(together[0]?.membership).toMatchObject({ companyId: a.id, roles: ['company-admin'] });
    expect(together[1]?.session.userId).toBe(adminA.id);
    expect(together[1]?.membership).toBeUndefined();
    expect(together[6]?.membership).toBeUndefined();
    expect(together[7]?.membership).toMatchObject({ companyId: b.id, companyTypeSlug: 'courier' });
    expect(together[8]?.session.isPlatformAdmin).toBe(true);
    expect(together[10]).toBeUndefined();
    expect(together[11]).toBeUndefined();
  });
});

describe('requests read together through the hooks', () => {
  let a: Awaited<ReturnType<typeof createCompany>>;
  let b: Awaited<ReturnType<typeof createCompany>>;
  let userA: Awaited<ReturnType<typeof createUser>>;
  let adminA: Agent;
  let adminB: Agent;
  const listA = () => `/api/v1/c/${a.slug}/admin/delivery?per_page=10`;
  const listB = () => `/api/v1/c/${b.slug}/admin/delivery?per_page=10`;

  beforeAll(async () => {
    const db = t.database.db;
    [a, b] = [await createCompany(db), await createCompany(db)];
    userA = await createUser(db, { company: a });
    const userB = await createUser(db, { company: b });
    adminA = new Agent(t.app);
    adminB = new Agent(t.app);
    await adminA.login(userA.email, TEST_PASSWORD);
    await adminB.login(userB.email, TEST_PASSWORD);
  });

  /** Ten requests of each agent in one turn: answers in order, and how many lookups shared a statement. */
  async function burst(requests: [Agent, string][]) {
    const before = { ...callerBatchStats(t.database.db) };
    const answers = await Promise.all(
      requests.flatMap(([agent, url]) => Array.from({ length: 10 }, () => agent.get(url))),
    );
    const stats = callerBatchStats(t.database.db);
    return {
      statuses: answers.map((r) => r.statusCode),
      answers,
      shared: stats.lookups - before.lookups - (stats.runs - before.runs),
    };
  }
  const tenOf = (status: number) => Array.from({ length: 10 }, () => status);

  it('answers each company only to its admins, within one batch', async () => {
    const { statuses, shared } = await burst([
      [adminA, listA()],
      [adminB, listB()],
      [adminB, listA()],
    ]);
    expect(shared).toBeGreaterThan(0); // the batch statement answered, not one statement per request
    expect(statuses).toEqual([...tenOf(200), ...tenOf(200), ...tenOf(404)]);
  });

  it('shows a delivery written before the requests in every page of the next batch', async () => {
    const created = await adminA.post(`/api/v1/c/${a.slug}/admin/delivery/create-delivery`, {
      name: 'Written before the burst',
      steps: [testPickup, testDropoff],
    });
    expect(created.statusCode).toBe(201);
    const { answers } = await burst([[adminA, listA()]]);
    for (const res of answers)
      expect(res.json<{ data: { name: string }[] }>().data.map((d) => d.name)).toContain(
        'Written before the burst',
      );
  });

  it('refuses every request of the next batch once a role is taken away, written outside the API', async () => {
    const db = t.database.db;
    const role = and(eq(companyMembers.userId, userA.id), eq(companyMembers.companyId, a.id));
    await db.update(companyMembers).set({ status: 'inactive' }).where(role);
    expect((await burst([[adminA, listA()]])).statuses).toEqual(tenOf(404));
    await db.update(companyMembers).set({ status: 'active' }).where(role);
    expect((await burst([[adminA, listA()]])).statuses).toEqual(tenOf(200));
  });

  it('refuses every request of the next batch once the session is locked, then signed out', async () => {
    // A burst is in flight while the session is locked: those requests may go either way, the next may not pass.
    const during = burst([[adminA, listA()]]);
    expect((await adminA.post('/api/v1/me/lock')).statusCode).toBe(200);
    await during;
    const locked = await burst([
      [adminA, listA()],
      [adminB, listB()],
    ]);
    expect(locked.statuses).toEqual([...tenOf(423), ...tenOf(200)]);
    const secret = adminA.cookie('courier_session');
    expect((await adminA.post('/api/v1/logout')).statusCode).toBe(200);
    const ended = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({ method: 'GET', url: listA(), cookies: { courier_session: secret ?? '' } }),
      ),
    );
    expect(ended.map((r) => r.statusCode)).toEqual(tenOf(401));
  });

  it('refuses a session that expires between two batches, by the clock of the batch', async () => {
    const db = t.database.db;
    const secret = await sessionOf(userA.id);
    const cookies = { courier_session: secret };
    const read = () => t.app.inject({ method: 'GET', url: listA(), cookies });
    expect((await Promise.all([read(), read()])).map((r) => r.statusCode)).toEqual([200, 200]);
    await db
      .update(authSessions)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(authSessions.userId, userA.id));
    expect((await Promise.all([read(), read()])).map((r) => r.statusCode)).toEqual([401, 401]);
  });
});

// Two app instances on one PostgreSQL database, each with its own pool and batches (as two server processes): what
// is written through one refuses the next burst on the other. PGlite belongs to one process: skipped there.
describe.skipIf(inject('testDb').kind !== 'postgres')('two instances on one PostgreSQL database', () => {
  let other: Database;
  let appB: FastifyInstance;
  beforeAll(async () => {
    other = openPostgres(t.database.url ?? '', 3);
    appB = await buildApp({ config: t.config, database: other, logger: false });
    await appB.ready();
  });
  afterAll(async () => {
    await appB.close();
    await other.close();
  });

  it('refuses on B every request of the next burst after a lock, a role taken away and a sign-out on A', async () => {
    const db = t.database.db;
    const company = await createCompany(db);
    const user = await createUser(db, { company });
    const onA = new Agent(t.app);
    await onA.login(user.email, TEST_PASSWORD);
    const cookies = { courier_session: onA.cookie('courier_session') ?? '' };
    const url = `/api/v1/c/${company.slug}/admin/delivery?per_page=10`;
    const burstOnB = async () => {
      const before = { ...callerBatchStats(other.db) };
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => appB.inject({ method: 'GET', url, cookies })),
      );
      const stats = callerBatchStats(other.db);
      expect(stats.lookups - before.lookups).toBeGreaterThan(stats.runs - before.runs);
      return [...new Set(answers.map((r) => r.statusCode))];
    };
    expect(await burstOnB()).toEqual([200]);
    expect((await onA.post('/api/v1/me/lock')).statusCode).toBe(200);
    expect(await burstOnB()).toEqual([423]);
    expect((await onA.post('/api/v1/me/unlock', { password: TEST_PASSWORD })).statusCode).toBe(200);
    expect(await burstOnB()).toEqual([200]);
    const role = and(eq(companyMembers.userId, user.id), eq(companyMembers.companyId, company.id));
    await db.update(companyMembers).set({ status: 'inactive' }).where(role);
    expect(await burstOnB()).toEqual([404]);
    await db.update(companyMembers).set({ status: 'active' }).where(role);
    expect(await burstOnB()).toEqual([200]);
    expect((await onA.post('/api/v1/logout')).statusCode).toBe(200);
    expect(await burstOnB()).toEqual([401]);
  });
});
