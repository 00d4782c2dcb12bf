import type { Mentionable, Note, NotificationSummary } from '@courier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../../test/agent.js';
import { twoCompanies } from '../../test/company-fixture.js';
import { createTestDelivery, type TestDelivery } from '../../test/delivery-fixture.js';
import { createUser, TEST_PASSWORD } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** Mentions in notes (decision 028): who may be mentioned, what they are told, on whichever database the run uses. */
let t: TestApp;
let c: Awaited<ReturnType<typeof twoCompanies>>;
let delivery: TestDelivery;
let colleague: { id: string; agent: Agent; name: string };
let vanId: string;
const dataOf = <T>(res: { json: <R>() => R }) => res.json<{ data: T }>().data;

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t);
  const user = await createUser(t.database.db, {
    company: c.companyA,
    roles: ['company-admin'],
    firstname: 'Cora',
    lastname: 'Mills',
  });
  const agent = new Agent(t.app);
  await agent.login(user.email, TEST_PASSWORD);
  colleague = { id: user.id, agent, name: 'Cora Mills' };
  delivery = await createTestDelivery(c.adminA, c.base, { name: 'Tulips to Kew' });
  vanId = dataOf<{ uuid: string }>(
    await c.adminA.post(`${c.base}/vehicle`, { name: 'Van', registrationNumber: 'MV1' }),
  ).uuid;
});
afterAll(() => t.close());

const mentionable = (type: string, id: string, agent = c.adminA) =>
  agent.get(`${c.base}/notes/${type}/${id}/mentionable`);
const write = (body: Record<string, unknown>) =>
  c.adminA.post(`${c.base}/notes`, { noteableType: 'deliveries', noteableUuid: delivery.uuid, ...body });
const summaryOf = async (agent: Agent) =>
  dataOf<NotificationSummary>(await agent.get('/api/v1/me/notifications/summary'));

describe('who a note may mention', () => {
  it("offers on a delivery the company's admins, not its unassigned driver nor another company", async () => {
    const res = await mentionable('deliveries', delivery.uuid);
    expect(res.statusCode, res.body).toBe(200);
    const ids = dataOf<Mentionable[]>(res).map((m) => m.userUuid);
    expect(ids).toContain(c.adminAUser.id);
    expect(ids).toContain(colleague.id);
    expect(ids).not.toContain(c.driverAUser.id);
    expect(ids).not.toContain(c.adminBUser.id);
    expect(dataOf<Mentionable[]>(res).find((m) => m.userUuid === colleague.id)).toMatchObject({
      name: 'Cora Mills',
    });
  });

  it("offers on a vehicle the company's admins only", async () => {
    const ids = dataOf<Mentionable[]>(await mentionable('vehicles', vanId)).map((m) => m.userUuid);
    expect(ids.sort()).toEqual([c.adminAUser.id, colleague.id].sort());
  });

  it("is a stranger's 404 for another company", async () => {
    expect((await mentionable('deliveries', delivery.uuid, c.adminB)).statusCode).toBe(404);
    expect((await c.adminB.get(`${c.baseB}/notes/vehicles/${vanId}/mentionable`)).statusCode).toBe(404);
  });
});

describe('mentions', () => {
  it('keeps the mentioned and tells them, linking to the delivery, but not the author', async () => {
    const res = await write({
      message: '@Cora Mills can you call the florist?',
      mentionedUserUuids: [colleague.id, c.adminAUser.id],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(dataOf<Note>(res).mentions).toEqual(
      expect.arrayContaining([{ userUuid: colleague.id, name: 'Cora Mills' }]),
    );
    const theirs = await summaryOf(colleague.agent);
    expect(theirs.unread).toBe(1);
    expect(theirs.latest[0]).toMatchObject({
      kind: 'mention',
      title: expect.stringMatching(/ mentioned you$/),
      message: '@Cora Mills can you call the florist?',
      link: `/DeliveryDetail/${delivery.uuid}`,
    });
    expect((await summaryOf(c.adminA)).latest.filter((n) => n.kind === 'mention')).toEqual([]);
    const list = await c.adminA.get(`${c.base}/notes/deliveries/${delivery.uuid}`);
    expect(dataOf<Note[]>(list)[0]!.mentions!.map((m) => m.userUuid)).toContain(colleague.id);
  });

  it('refuses, with the field, someone who cannot read the note', async () => {
    for (const id of [c.adminBUser.id, c.driverAUser.id]) {
      const res = await write({ message: 'Hello', mentionedUserUuids: [id] });
      expect(res.statusCode).toBe(422);
      expect(res.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty('mentionedUserUuids');
    }
  });

  it('tells on an edit only those newly mentioned', async () => {
    const extra = await createUser(t.database.db, { company: c.companyA, roles: ['company-admin'] });
    const extraAgent = new Agent(t.app);
    await extraAgent.login(extra.email, TEST_PASSWORD);
    const note = dataOf<Note>(await write({ message: 'First', mentionedUserUuids: [colleague.id] }));
    const before = (await summaryOf(colleague.agent)).unread;
    const res = await c.adminA.request('PUT', `${c.base}/notes/${note.uuid}`, {
      message: 'First, and you',
      mentionedUserUuids: [colleague.id, extra.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(dataOf<Note>(res).mentions).toHaveLength(2);
    expect((await summaryOf(colleague.agent)).unread).toBe(before);
    expect((await summaryOf(extraAgent)).latest[0]).toMatchObject({
      kind: 'mention',
      message: 'First, and you',
    });
    // Removing a mention tells no one and keeps the rest.
    const less = await c.adminA.request('PUT', `${c.base}/notes/${note.uuid}`, {
      message: 'First',
      mentionedUserUuids: [extra.id],
    });
    expect(dataOf<Note>(less).mentions!.map((m) => m.userUuid)).toEqual([extra.id]);
    expect((await summaryOf(extraAgent)).unread).toBe(1);
  });

  it('tells no one whose mentions are off in the app', async () => {
    await colleague.agent.request('PUT', '/api/v1/me/notification-preferences', {
      preferences: [{ kind: 'mention', inApp: false, email: false }],
    });
    const before = (await summaryOf(colleague.agent)).unread;
    expect((await write({ message: 'Quiet', mentionedUserUuids: [colleague.id] })).statusCode).toBe(201);
    expect((await summaryOf(colleague.agent)).unread).toBe(before);
  });
});
