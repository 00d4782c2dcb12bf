import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyMembers, conversationMessages, deliveries } from '../../db/schema/index.js';
import { Agent } from '../../test/agent.js';
import { createTestDelivery } from '../../test/delivery-fixture.js';
import { createCompany, createUser, TEST_PASSWORD } from '../../test/factories.js';
import { EXE, PDF, PNG } from '../../test/multipart.js';
import { SseClient } from '../../test/sse-client.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

type Conversation = {
  uuid: string;
  kind: 'company' | 'delivery';
  title: string;
  deliveryUuid: string | null;
  participants: { uuid: string; name: string; companyName: string }[];
  companyNames: string[];
  lastMessage: { excerpt: string; authorName: string } | null;
  unreadCount: number;
};
type Message = {
  uuid: string;
  body: string;
  mine: boolean;
  authorName: string;
  attachments: { uuid: string; name: string; mimeType: string; url: string }[];
};
type Meta = { current_page: number; last_page: number; per_page: number; total: number };

let t: TestApp;
let url = '';
const slugs = {} as Record<'owner' | 'carrier' | 'stranger', string>;
const ids = {} as Record<'owner' | 'carrier' | 'ann' | 'bob' | 'cat' | 'carrierAdmin', string>;
const a = {} as Record<
  'ann' | 'bob' | 'cat' | 'driver' | 'carrierAdmin' | 'carrierDriver' | 'stranger',
  Agent
>;
const inbox = (who: 'owner' | 'carrier' | 'stranger') => `/api/v1/c/${slugs[who]}/admin/inbox`;
const base = (who: 'owner' | 'carrier' | 'stranger') => `/api/v1/c/${slugs[who]}/admin`;

const boundary = '----inbox-test';
/** A multipart body with a `body` field and any number of files. */
function form(body: string, files: { name: string; type: string; bytes: Buffer }[]) {
  const parts: Buffer[] = [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="body"\r\n\r\n${body}\r\n`),
  ];
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: Buffer.concat(parts),
    opts: { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } },
  };
}

async function start(subject: string, to: string[], body = 'Hello', agent = a.ann) {
  const res = await agent.post(`${inbox('owner')}/conversations`, { subject, participantUuids: to, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Conversation }>().data;
}
const list = async (agent: Agent, who: 'owner' | 'carrier' | 'stranger', q = '') => {
  const res = await agent.get(`${inbox(who)}/conversations${q}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Conversation[]; meta: Meta }>();
};
const summary = async (agent: Agent, who: 'owner' | 'carrier' = 'owner') =>
  (await agent.get(`${inbox(who)}/summary`)).json<{
    data: { unreadConversations: number; unreadMessages: number; latestUnread: Conversation[] };
  }>().data;

beforeAll(async () => {
  t = await createTestApp({}, { live: { heartbeatMs: 150 } });
  url = await t.app.listen({ host: '127.0.0.1', port: 0 });
  const db = t.database.db;
  const owner = await createCompany(db, { name: 'Owner Ltd' });
  const carrier = await createCompany(db, { type: 'courier', name: 'Carrier Co' });
  const stranger = await createCompany(db, { name: 'Stranger plc' });
  Object.assign(slugs, { owner: owner.slug, carrier: carrier.slug, stranger: stranger.slug });
  Object.assign(ids, { owner: owner.id, carrier: carrier.id });
  const people = [
    ['ann', owner, 'company-admin'],
    ['bob', owner, 'company-admin'],
    ['cat', owner, 'company-admin'],
    ['driver', owner, 'driver'],
    ['carrierAdmin', carrier, 'company-admin'],
    ['carrierDriver', carrier, 'driver'],
    ['stranger', stranger, 'company-admin'],
  ] as const;
  for (const [name, company, role] of people) {
    const user = await createUser(db, { company, roles: [role] });
    (ids as Record<string, string>)[name] = user.id;
    a[name] = new Agent(t.app);
    await a[name].login(user.email, TEST_PASSWORD);
  }
});
afterAll(() => t.close());

describe('company conversations', () => {
  it('round trip: start, list, read, reply, unread counts and mark read', async () => {
    const c = await start('Van keys', [ids.bob], 'Where are the keys of the blue van?');
    expect(c).toMatchObject({ kind: 'company', title: 'Van keys', deliveryUuid: null, unreadCount: 0 });
    expect(c.participants.map((p) => p.uuid).sort()).toEqual([ids.ann, ids.bob].sort());

    // Bob has one unread message; Cat, not in it, does not see it (404 when asked by its uuid).
    expect(await summary(a.bob)).toMatchObject({ unreadConversations: 1, unreadMessages: 1 });
    const bobs = await list(a.bob, 'owner');
    expect(bobs.data.map((x) => [x.title, x.unreadCount])).toEqual([['Van keys', 1]]);
    expect(bobs.data[0]!.lastMessage).toMatchObject({ excerpt: 'Where are the keys of the blue van?' });
    expect((await list(a.cat, 'owner')).data).toEqual([]);
    expect((await a.cat.get(`${inbox('owner')}/conversations/${c.uuid}/messages`)).statusCode).toBe(404);
    expect(
      (await a.cat.post(`${inbox('owner')}/conversations/${c.uuid}/messages`, { body: 'hi' })).statusCode,
    ).toBe(404);
    expect((await a.cat.get(`${inbox('owner')}/conversations/${c.uuid}`)).statusCode).toBe(404);
    expect((await a.cat.post(`${inbox('owner')}/conversations/${c.uuid}/read`)).statusCode).toBe(404);
    // Other companies' admins, through their own company, do not learn it exists either.
    for (const [agent, who] of [
      [a.carrierAdmin, 'carrier'],
      [a.stranger, 'stranger'],
    ] as const) {
      expect((await agent.get(`${inbox(who)}/conversations/${c.uuid}`)).statusCode).toBe(404);
      expect((await agent.get(`${inbox(who)}/conversations/${c.uuid}/messages`)).statusCode).toBe(404);
      expect(
        (await agent.post(`${inbox(who)}/conversations/${c.uuid}/messages`, { body: 'hi' })).statusCode,
      ).toBe(404);
    }

    const read = await a.bob.post(`${inbox('owner')}/conversations/${c.uuid}/read`);
    expect(read.json<{ data: Conversation }>().data.unreadCount).toBe(0);
    expect(await summary(a.bob)).toMatchObject({
      unreadConversations: 0,
      unreadMessages: 0,
      latestUnread: [],
    });

    const reply = await a.bob.post(`${inbox('owner')}/conversations/${c.uuid}/messages`, {
      body: 'In the drawer.',
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json<{ data: Message }>().data).toMatchObject({ body: 'In the drawer.', mine: true });
    const annSummary = await summary(a.ann);
    expect(annSummary).toMatchObject({ unreadConversations: 1, unreadMessages: 1 });
    expect(annSummary.latestUnread[0]).toMatchObject({ uuid: c.uuid, unreadCount: 1 });

    const msgs = (await a.ann.get(`${inbox('owner')}/conversations/${c.uuid}/messages`)).json<{
      data: Message[];
    }>();
    expect(msgs.data.map((m) => [m.body, m.mine])).toEqual([
      ['In the drawer.', false],
      ['Where are the keys of the blue van?', true],
    ]);
  });

  it('pages conversations and messages, newest first', async () => {
    const c = await start('Paging', [ids.cat], 'Message 0');
    for (let i = 1; i <= 6; i++)
      await a.cat.post(`${inbox('owner')}/conversations/${c.uuid}/messages`, { body: `Message ${i}` });
    const page = (
      await a.ann.get(`${inbox('owner')}/conversations/${c.uuid}/messages?per_page=3&page=2`)
    ).json<{
      data: Message[];
      meta: Meta;
    }>();
    expect(page.meta).toEqual({ current_page: 2, last_page: 3, per_page: 3, total: 7 });
    expect(page.data.map((m) => m.body)).toEqual(['Message 3', 'Message 2', 'Message 1']);
    const convs = await list(a.ann, 'owner', '?per_page=1');
    expect(convs.meta).toMatchObject({ per_page: 1, total: 2, last_page: 2 });
    expect(convs.data[0]!.title).toBe('Paging');
    expect(convs.data[0]!.unreadCount).toBe(6);
  });

  it('searches subjects and message text, with % and _ taken literally', async () => {
    await start('Invoice 42', [ids.bob], 'Please check it');
    await start('Lunch', [ids.bob], 'The pallet_jack is broken');
    expect((await list(a.bob, 'owner', '?q=invoice')).data.map((c) => c.title)).toEqual(['Invoice 42']);
    expect((await list(a.bob, 'owner', '?q=pallet_jack')).data.map((c) => c.title)).toEqual(['Lunch']);
    expect((await list(a.bob, 'owner', '?q=%25')).data).toEqual([]);
    expect((await list(a.bob, 'owner', '?q=drawer')).data.map((c) => c.title)).toEqual(['Van keys']);
  });

  it('answers 422 with field messages, and refuses people outside the company', async () => {
    const empty = await a.ann.post(`${inbox('owner')}/conversations`, {
      subject: ' ',
      participantUuids: [],
      body: '',
    });
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json<{ errors: Record<string, string[]> }>().errors).sort()).toEqual([
      'body',
      'participantUuids',
      'subject',
    ]);
    const outsider = await a.ann.post(`${inbox('owner')}/conversations`, {
      subject: 'Hi',
      participantUuids: [ids.carrierAdmin],
      body: 'Hello',
    });
    expect(outsider.statusCode).toBe(422);
    expect(outsider.json()).toMatchObject({ errors: { participantUuids: [expect.any(String)] } });
    const c = await start('Long', [ids.bob]);
    const long = await a.ann.post(`${inbox('owner')}/conversations/${c.uuid}/messages`, {
      body: 'x'.repeat(5001),
    });
    expect(long.statusCode).toBe(422);
    expect(long.json()).toMatchObject({ errors: { body: ['A message is at most 5000 characters.'] } });
    const blank = await a.ann.post(`${inbox('owner')}/conversations/${c.uuid}/messages`, { body: '  ' });
    expect(blank.json()).toMatchObject({ errors: { body: ['Write a message.'] } });
  });

  it('answers one of its people only through its own company, not another they are an admin of', async () => {
    const db = t.database.db;
    const home = await createCompany(db, { name: 'Home Ltd' });
    const away = await createCompany(db, { name: 'Away Ltd' });
    const both = await createUser(db, { company: home, roles: ['company-admin'] });
    await db
      .insert(companyMembers)
      .values({ companyId: away.id, userId: both.id, roleSlug: 'company-admin' });
    const starter = await createUser(db, { company: home, roles: ['company-admin'] });
    const [x, y] = [new Agent(t.app), new Agent(t.app)];
    await x.login(both.email, TEST_PASSWORD);
    await y.login(starter.email, TEST_PASSWORD);
    const started = await y.post(`/api/v1/c/${home.slug}/admin/inbox/conversations`, {
      subject: 'Two hats',
      participantUuids: [both.id],
      body: 'Hi',
    });
    expect(started.statusCode, started.body).toBe(201);
    const uuid = started.json<{ data: Conversation }>().data.uuid;
    expect((await x.get(`/api/v1/c/${home.slug}/admin/inbox/conversations/${uuid}`)).statusCode).toBe(200);
    expect((await x.get(`/api/v1/c/${away.slug}/admin/inbox/conversations/${uuid}`)).statusCode).toBe(404);
    const post = await x.post(`/api/v1/c/${away.slug}/admin/inbox/conversations/${uuid}/messages`, {
      body: 'From the other company',
    });
    expect(post.statusCode).toBe(404);
  });

  it('people: the company’s other admins; drivers and strangers are kept out of the inbox', async () => {
    const people = (await a.ann.get(`${inbox('owner')}/people`)).json<{ data: { uuid: string }[] }>().data;
    expect(people.map((p) => p.uuid).sort()).toEqual([ids.bob, ids.cat].sort());
    expect((await a.driver.get(`${inbox('owner')}/conversations`)).statusCode).toBe(403);
    expect((await a.stranger.get(`${inbox('owner')}/conversations`)).statusCode).toBe(404);
  });
});

describe('attachments', () => {
  it('stores files with a message and serves them only to those in the conversation', async () => {
    const c = await start('Receipts', [ids.bob]);
    const f = form('Two receipts', [
      { name: 'r1.png', type: 'image/png', bytes: PNG },
      { name: 'r2.pdf', type: 'application/pdf', bytes: PDF },
    ]);
    const res = await a.ann.request(
      'POST',
      `${inbox('owner')}/conversations/${c.uuid}/messages`,
      f.body,
      f.opts,
    );
    expect(res.statusCode, res.body).toBe(201);
    const m = res.json<{ data: Message }>().data;
    expect(m.attachments.map((x) => [x.name, x.mimeType])).toEqual([
      ['r1.png', 'image/png'],
      ['r2.pdf', 'application/pdf'],
    ]);
    const file = await a.bob.get(m.attachments[0]!.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PNG)).toBe(true);
    // Cat is of the company but not in the conversation; a stranger does not know it.
    expect((await a.cat.get(m.attachments[0]!.url)).statusCode).toBe(404);
    const strangerUrl = m.attachments[0]!.url.replace(slugs.owner, slugs.stranger);
    expect((await a.stranger.get(strangerUrl)).statusCode).toBe(404);
    // A file alone is a message too.
    const alone = form('', [{ name: 'r3.png', type: 'image/png', bytes: PNG }]);
    const only = await a.ann.request(
      'POST',
      `${inbox('owner')}/conversations/${c.uuid}/messages`,
      alone.body,
      alone.opts,
    );
    expect(only.statusCode, only.body).toBe(201);
  });

  it('refuses a file of another type and leaves nothing half-written', async () => {
    const c = await start('Refused', [ids.bob]);
    const before = await t.database.db
      .select({ id: conversationMessages.id })
      .from(conversationMessages)
      .where(eq(conversationMessages.conversationId, c.uuid));
    const f = form('An exe', [
      { name: 'ok.png', type: 'image/png', bytes: PNG },
      { name: 'bad.pdf', type: 'application/pdf', bytes: EXE },
    ]);
    const res = await a.ann.request(
      'POST',
      `${inbox('owner')}/conversations/${c.uuid}/messages`,
      f.body,
      f.opts,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ errors: { file: [expect.stringContaining('not accepted')] } });
    const after = await t.database.db
      .select({ id: conversationMessages.id })
      .from(conversationMessages)
      .where(eq(conversationMessages.conversationId, c.uuid));
    expect(after.length).toBe(before.length);
    const four = form(
      'Too many',
      [1, 2, 3, 4].map((i) => ({ name: `${i}.png`, type: 'image/png', bytes: PNG })),
    );
    const tooMany = await a.ann.request(
      'POST',
      `${inbox('owner')}/conversations/${c.uuid}/messages`,
      four.body,
      four.opts,
    );
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json()).toMatchObject({ errors: { file: ['Attach at most 3 files.'] } });
  });
});

describe("a delivery's thread", () => {
  let delivery = '';
  beforeAll(async () => {
    delivery = (await createTestDelivery(a.ann, base('owner'), { name: 'Catering trays' })).uuid;
    await t.database.db
      .update(deliveries)
      .set({ carrierCompanyId: ids.carrier })
      .where(eq(deliveries.id, delivery));
  });
  const thread = (who: 'owner' | 'carrier' | 'stranger') => `${base(who)}/delivery/${delivery}/messages`;

  it('is made by the first message and shared by the owner’s and the carrier’s admins, live', async () => {
    expect((await a.ann.get(thread('owner'))).json()).toEqual({ data: { conversation: null } });
    const cookie = { cookie: `courier_session=${a.carrierAdmin.cookie('courier_session')}` };
    const stream = await SseClient.open(`${url}${base('carrier')}/stream`, cookie);
    await stream.ready();
    const bobStream = await SseClient.open(`${url}${base('owner')}/stream`, {
      cookie: `courier_session=${a.bob.cookie('courier_session')}`,
    });
    await bobStream.ready();

    const first = await a.ann.post(thread('owner'), { body: 'Can you come at 9?' });
    expect(first.statusCode, first.body).toBe(201);
    const conversationUuid = first.json<{ data: { conversationUuid: string } }>().data.conversationUuid;
    await stream.waitFor((s) => s.messages.some((m) => m.event === 'message'), 'carrier: message event');
    const ev = JSON.parse(stream.messages.find((m) => m.event === 'message')!.data) as {
      data: { conversationUuid: string; deliveryUuid: string };
    };
    expect(ev.data).toMatchObject({ conversationUuid, deliveryUuid: delivery });
    // Every admin of the owner knows the delivery's thread (Bob too).
    await bobStream.waitFor((s) => s.messages.some((m) => m.event === 'message'), 'bob: message event');
    stream.close();
    bobStream.close();

    const carrierView = (await list(a.carrierAdmin, 'carrier')).data;
    expect(carrierView).toEqual([
      expect.objectContaining({
        uuid: conversationUuid,
        kind: 'delivery',
        title: 'Catering trays',
        deliveryUuid: delivery,
        companyNames: ['Owner Ltd', 'Carrier Co'],
        unreadCount: 1,
      }),
    ]);
    const reply = await a.carrierAdmin.post(thread('carrier'), { body: 'Yes, 9 is fine.' });
    expect(reply.statusCode).toBe(201);
    expect(reply.json<{ data: { conversationUuid: string } }>().data.conversationUuid).toBe(conversationUuid);
    const ownerThread = (await a.ann.get(thread('owner'))).json<{ data: { conversation: Conversation } }>()
      .data;
    expect(ownerThread.conversation).toMatchObject({ uuid: conversationUuid, unreadCount: 1 });
    const msgs = (
      await a.carrierAdmin.get(`${inbox('carrier')}/conversations/${conversationUuid}/messages`)
    ).json<{
      data: Message[];
    }>();
    expect(msgs.data.map((m) => m.body)).toEqual(['Yes, 9 is fine.', 'Can you come at 9?']);
    expect((await summary(a.carrierAdmin, 'carrier')).unreadMessages).toBe(0);
  });

  it('is not found by a stranger company, and refused to drivers', async () => {
    expect((await a.stranger.get(thread('stranger'))).statusCode).toBe(404);
    expect((await a.stranger.post(thread('stranger'), { body: 'Hi' })).statusCode).toBe(404);
    const id = (await a.ann.get(thread('owner'))).json<{ data: { conversation: Conversation } }>().data
      .conversation.uuid;
    expect((await a.stranger.get(`${inbox('stranger')}/conversations/${id}/messages`)).statusCode).toBe(404);
    expect((await list(a.stranger, 'stranger')).data).toEqual([]);
    expect((await a.carrierDriver.get(thread('carrier'))).statusCode).toBe(403);
    expect((await a.carrierDriver.get(`${inbox('carrier')}/conversations/${id}/messages`)).statusCode).toBe(
      403,
    );
    expect((await a.driver.get(thread('owner'))).statusCode).toBe(403);
  });

  it('is read by every admin of the owner, not only those who wrote in it (the delivery answers, not the rows)', async () => {
    const id = (await a.ann.get(thread('owner'))).json<{ data: { conversation: Conversation } }>().data
      .conversation.uuid;
    const read = await a.cat.get(`${inbox('owner')}/conversations/${id}/messages`);
    expect(read.statusCode, read.body).toBe(200);
    const wrote = await a.cat.post(`${inbox('owner')}/conversations/${id}/messages`, { body: 'Cat here.' });
    expect(wrote.statusCode, wrote.body).toBe(201);
  });

  it('is lost by a carrier that no longer carries the delivery', async () => {
    const id = (await a.ann.get(thread('owner'))).json<{ data: { conversation: Conversation } }>().data
      .conversation.uuid;
    await t.database.db.update(deliveries).set({ carrierCompanyId: null }).where(eq(deliveries.id, delivery));
    expect((await a.carrierAdmin.get(thread('carrier'))).statusCode).toBe(404);
    expect((await list(a.carrierAdmin, 'carrier')).data).toEqual([]);
    // Its admin has written in the thread (a participant row), which lets no one in: asked by its uuid, 404.
    const byUuid = `${inbox('carrier')}/conversations/${id}`;
    expect((await a.carrierAdmin.get(byUuid)).statusCode).toBe(404);
    expect((await a.carrierAdmin.get(`${byUuid}/messages`)).statusCode).toBe(404);
    expect((await a.carrierAdmin.post(`${byUuid}/messages`, { body: 'Still here?' })).statusCode).toBe(404);
    expect((await a.carrierAdmin.post(`${byUuid}/read`)).statusCode).toBe(404);
    await t.database.db
      .update(deliveries)
      .set({ carrierCompanyId: ids.carrier })
      .where(eq(deliveries.id, delivery));
  });
});
