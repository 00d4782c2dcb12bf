import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  companyMembers,
  conversationMessages,
  deliveryAssignments,
  deliveryStatusRecords,
  deliveryStepTaskProofs,
  driverInfos,
  idempotencyKeys,
  notes,
} from '../db/schema/index.js';
import { localDiskStorage } from '../lib/storage/storage.js';
import { Agent } from '../test/agent.js';
import { twoCompanies } from '../test/company-fixture.js';
import { createTestDelivery, type TestDelivery } from '../test/delivery-fixture.js';
import { createUser, TEST_PASSWORD } from '../test/factories.js';
import { multipart, PDF, PNG, JPEG } from '../test/multipart.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * The Idempotency-Key (decision 019) through real writes: a repeat has no second effect and gets the first answer,
 * counted in the database (notes, status records, proofs).
 */
let t: TestApp;
let c: Awaited<ReturnType<typeof twoCompanies>>;
let delivery: TestDelivery;
let dropoffTask: string;
/** The next storage write fails once when set: a 5xx in the middle of a proof upload. */
let failNextPut = false;

const KEY = 'Idempotency-Key';
const key = () => `key-${Math.random().toString(36).slice(2)}`;
const driverBase = '/api/v1/driver';

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      storage: (dir) => {
        const disk = localDiskStorage(dir);
        return {
          ...disk,
          put: async (k, bytes) => {
            if (failNextPut) {
              failNextPut = false;
              throw new Error('disk full');
            }
            return disk.put(k, bytes);
          },
        };
      },
    },
  );
  c = await twoCompanies(t);
  await t.database.db.update(driverInfos).set({ statusSlug: 'available' });
  delivery = await createTestDelivery(c.adminA, c.base);
  dropoffTask = delivery.deliverySteps[1]!.deliveryStepTasks[0]!.deliveryStepTaskUuid;
  const van = (await c.adminA.post(`${c.base}/vehicle`, { name: 'Van', registrationNumber: 'IK1' })).json<{
    data: { uuid: string };
  }>().data.uuid;
  const link = await c.adminA.post(`${c.base}/delivery/${delivery.uuid}/vehicle/driver`, {
    vehicleUuid: van,
    driverUserUuids: [c.driverAUser.id],
  });
  expect(link.statusCode).toBe(200);
});
afterAll(() => t.close());

const db = () => t.database.db;
const countOf = async (rows: Promise<{ n: number }[]>) => (await rows)[0]?.n ?? 0;
const noteCount = (message: string) =>
  countOf(db().select({ n: count() }).from(notes).where(eq(notes.message, message)));
const proofCount = () =>
  countOf(
    db()
      .select({ n: count() })
      .from(deliveryStepTaskProofs)
      .where(eq(deliveryStepTaskProofs.deliveryId, delivery.uuid)),
  );
const note = (agent: Agent, message: string, headers: Record<string, string> = {}, csrf = true) =>
  agent.post(
    `${c.base}/notes`,
    { noteableType: 'deliveries', noteableUuid: delivery.uuid, message },
    { headers, csrf },
  );
const proof = (headers: Record<string, string>, boundary: string, bytes = PNG) => {
  const body = multipart(
    { deliveryStepTaskUuid: dropoffTask, proofTypeSlug: 'photo' },
    { name: 'door.png', type: 'image/png', bytes },
    boundary,
  );
  return c.driverA.request('POST', `${driverBase}/delivery/${delivery.uuid}/doc/step/task/proof`, body.body, {
    headers: { ...body.headers, ...headers },
  });
};

/** A multipart body of a `body` field and several files, as the inbox takes a message (decision 031). */
function messageForm(text: string, files: { name: string; type: string; bytes: Buffer }[], boundary: string) {
  const parts: Buffer[] = [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="body"\r\n\r\n${text}\r\n`),
  ];
  for (const f of files)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('Idempotency-Key', () => {
  it('answers a repeated note with the first answer and writes one note', async () => {
    const k = key();
    const first = await note(c.adminA, 'Ring twice', { [KEY]: k });
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await note(c.adminA, 'Ring twice', { [KEY]: k });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toMatch(/^application\/json/);
    expect(again.body).toBe(first.body);
    expect(await noteCount('Ring twice')).toBe(1);
  });

  it('keeps the plain answer and compresses each replay as its request accepts (decision 054)', async () => {
    const message = 'Leave it with the neighbour at number 12, not in the porch. '.repeat(25).trim();
    const k = key();
    const first = await note(c.adminA, message, { [KEY]: k, 'accept-encoding': 'br' });
    expect(first.statusCode).toBe(201);
    expect(first.headers['content-encoding']).toBe('br');
    const answer: unknown = JSON.parse(brotliDecompressSync(first.rawPayload).toString('utf8'));
    expect(answer).toMatchObject({ data: { message } });
    const gzipped = await note(c.adminA, message, { [KEY]: k, 'accept-encoding': 'gzip' });
    expect(gzipped.headers['idempotent-replayed']).toBe('true');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString('utf8'))).toEqual(answer);
    const plain = await note(c.adminA, message, { [KEY]: k });
    expect(plain.headers['idempotent-replayed']).toBe('true');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(answer);
    expect(await noteCount(message)).toBe(1);
  });

  it('moves a status once for a repeated move, where without a key the repeat is refused', async () => {
    const records = () =>
      countOf(
        db()
          .select({ n: count() })
          .from(deliveryStatusRecords)
          .where(
            and(
              eq(deliveryStatusRecords.deliveryId, delivery.uuid),
              eq(deliveryStatusRecords.statusSlug, 'en-route-to-pickup'),
            ),
          ),
      );
    const k = key();
    const move = () =>
      c.driverA.post(
        `${driverBase}/delivery/${delivery.uuid}/status`,
        { statusSlug: 'en-route-to-pickup' },
        { headers: { [KEY]: k } },
      );
    const first = await move();
    expect(first.statusCode).toBe(200);
    const again = await move();
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await records()).toBe(1);
    // The same move without a key runs again and is refused by the status machine: the key is what made it safe.
    const bare = await c.driverA.post(`${driverBase}/delivery/${delivery.uuid}/status`, {
      statusSlug: 'en-route-to-pickup',
    });
    expect(bare.statusCode).toBeGreaterThanOrEqual(400);
    expect(await records()).toBe(1);
  });

  it('keeps one proof for a repeated upload sent with another multipart boundary, and refuses another file', async () => {
    const before = await proofCount();
    const k = key();
    const first = await proof({ [KEY]: k }, '----boundary-one');
    expect(first.statusCode).toBe(201);
    const again = await proof({ [KEY]: k }, '----boundary-two-longer');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const other = await proof({ [KEY]: k }, '----boundary-three', JPEG);
    expect(other.statusCode).toBe(422);
    expect(await proofCount()).toBe(before + 1);
  });

  it('refuses the same key on another request with 422 on the header, and runs nothing', async () => {
    const k = key();
    expect((await note(c.adminA, 'First text', { [KEY]: k })).statusCode).toBe(201);
    const other = await note(c.adminA, 'Second text', { [KEY]: k });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ errors: { [KEY]: [expect.stringMatching(/another request/)] } });
    expect(await noteCount('Second text')).toBe(0);
    // Another URL with the same key is another request too.
    const elsewhere = await c.adminA.post(
      `${c.base}/vehicle`,
      { name: 'Bike', registrationNumber: 'IK2' },
      {
        headers: { [KEY]: k },
      },
    );
    expect(elsewhere.statusCode).toBe(422);
  });

  it('answers 409 while the first request with the key still runs, and takes over a claim left abandoned', async () => {
    const k = key();
    const claim = (claimedAt: Date) =>
      db()
        .insert(idempotencyKeys)
        .values({
          userId: c.adminAUser.id,
          key: k,
          method: 'POST',
          url: `${c.base}/notes`,
          claimedAt,
        });
    await claim(new Date());
    const running = await note(c.adminA, 'In flight', { [KEY]: k });
    expect(running.statusCode).toBe(409);
    expect(running.json<{ message: string }>().message).toMatch(/still being processed/);
    expect(await noteCount('In flight')).toBe(0);
    // A claim whose process died (no answer after minutes) is taken over by the retry.
    await db()
      .update(idempotencyKeys)
      .set({ claimedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(idempotencyKeys.key, k));
    expect((await note(c.adminA, 'In flight', { [KEY]: k })).statusCode).toBe(201);
    expect(await noteCount('In flight')).toBe(1);
  });

  it('keeps keys per user: another user with the same key gets their own write', async () => {
    const k = key();
    const other = await createUser(db(), { company: { id: c.companyA.id }, roles: ['company-admin'] });
    const agent = new Agent(t.app);
    await agent.login(other.email, TEST_PASSWORD);
    expect((await note(c.adminA, 'Shared key', { [KEY]: k })).statusCode).toBe(201);
    const theirs = await note(agent, 'Shared key', { [KEY]: k });
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(await noteCount('Shared key')).toBe(2);
  });

  it('changes nothing for writes without a key', async () => {
    expect((await note(c.adminA, 'No key')).statusCode).toBe(201);
    const again = await note(c.adminA, 'No key');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await noteCount('No key')).toBe(2);
  });

  it('does not keep a 5xx: the retry with the same key runs and succeeds once', async () => {
    const before = await proofCount();
    const k = key();
    failNextPut = true;
    const failed = await proof({ [KEY]: k }, '----b1');
    expect(failed.statusCode).toBe(500);
    const retry = await proof({ [KEY]: k }, '----b2');
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await proofCount()).toBe(before + 1);
  });

  it('keeps a refused write: its repeat is refused the same way without running', async () => {
    const k = key();
    const bad = await note(c.adminA, '', { [KEY]: k });
    expect(bad.statusCode).toBe(422);
    const again = await note(c.adminA, '', { [KEY]: k });
    expect(again.statusCode).toBe(422);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(bad.body);
  });

  it('refuses an empty, too long or non-printable key with 422 on the header', async () => {
    for (const bad of [' ', 'x'.repeat(256), 'tab\there']) {
      const res = await note(c.adminA, 'Bad key', { [KEY]: bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
      expect(res.json()).toMatchObject({ errors: { [KEY]: [expect.any(String)] } });
    }
    expect((await note(c.adminA, 'Good key', { [KEY]: 'x'.repeat(255) })).statusCode).toBe(201);
    expect(await noteCount('Bad key')).toBe(0);
  });

  it('claims nothing for a write refused by CSRF, and re-runs a key past its retention', async () => {
    const k = key();
    expect((await note(c.adminA, 'After CSRF', { [KEY]: k }, false)).statusCode).toBe(419);
    expect((await note(c.adminA, 'After CSRF', { [KEY]: k })).statusCode).toBe(201);
    await db()
      .update(idempotencyKeys)
      .set({ claimedAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(idempotencyKeys.key, k));
    const later = await note(c.adminA, 'After CSRF', { [KEY]: k });
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await noteCount('After CSRF')).toBe(2);
  });

  it('replays a repeated inbox message with its files, sent with another boundary, and refuses other files', async () => {
    const colleague = await createUser(db(), { company: { id: c.companyA.id }, roles: ['company-admin'] });
    const started = await c.adminA.post(`${c.base}/inbox/conversations`, {
      subject: 'Receipts',
      participantUuids: [colleague.id],
      body: 'Hello',
    });
    expect(started.statusCode, started.body).toBe(201);
    const conversation = started.json<{ data: { uuid: string } }>().data.uuid;
    const files = [
      { name: 'r1.png', type: 'image/png', bytes: PNG },
      { name: 'r2.pdf', type: 'application/pdf', bytes: PDF },
    ];
    const k = key();
    const send = (form: ReturnType<typeof messageForm>) =>
      c.adminA.request('POST', `${c.base}/inbox/conversations/${conversation}/messages`, form.body, {
        headers: { ...form.headers, [KEY]: k },
      });
    const messages = () =>
      countOf(
        db()
          .select({ n: count() })
          .from(conversationMessages)
          .where(eq(conversationMessages.body, 'Two receipts')),
      );
    const first = await send(messageForm('Two receipts', files, '----inbox-one'));
    expect(first.statusCode, first.body).toBe(201);
    const again = await send(messageForm('Two receipts', files, '----inbox-two-longer'));
    expect(again.statusCode, again.body).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    const other = await send(messageForm('Two receipts', [files[0]!], '----inbox-three'));
    expect(other.statusCode).toBe(422);
    expect(await messages()).toBe(1);
  });

  it('replays nothing to a user who lost the company since: the tenancy is asked first', async () => {
    const leaver = await createUser(db(), { company: { id: c.companyA.id }, roles: ['company-admin'] });
    const agent = new Agent(t.app);
    await agent.login(leaver.email, TEST_PASSWORD);
    const k = key();
    expect((await note(agent, 'Before leaving', { [KEY]: k })).statusCode).toBe(201);
    await db().delete(companyMembers).where(eq(companyMembers.userId, leaver.id));
    const again = await note(agent, 'Before leaving', { [KEY]: k });
    expect(again.statusCode).toBe(404);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(again.body).not.toContain('Before leaving');
  });

  it('replays nothing to a driver unassigned from the delivery since: the policy is asked again', async () => {
    const own = await createTestDelivery(c.adminA, c.base);
    const van = (
      await c.adminA.post(`${c.base}/vehicle`, { name: 'Van 2', registrationNumber: 'IK3' })
    ).json<{ data: { uuid: string } }>().data.uuid;
    const link = await c.adminA.post(`${c.base}/delivery/${own.uuid}/vehicle/driver`, {
      vehicleUuid: van,
      driverUserUuids: [c.driverAUser.id],
    });
    expect(link.statusCode).toBe(200);
    const k = key();
    const send = () =>
      c.driverA.post(
        `${driverBase}/delivery/${own.uuid}/notes`,
        { message: 'Gate code 1234' },
        { headers: { [KEY]: k } },
      );
    const first = await send();
    expect(first.statusCode, first.body).toBe(201);
    expect((await send()).headers['idempotent-replayed']).toBe('true');
    await db()
      .update(deliveryAssignments)
      .set({ unassignedAt: new Date() })
      .where(eq(deliveryAssignments.deliveryId, own.uuid));
    const again = await send();
    expect(again.statusCode).toBe(404);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(again.body).not.toContain('Gate code');
  });
});
