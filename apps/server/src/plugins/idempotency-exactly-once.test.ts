import { PassThrough } from 'node:stream';
import { and, count, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { deliveryStepTaskProofs, driverInfos, idempotencyKeys, notes } from '../db/schema/index.js';
import { twoCompanies } from '../test/company-fixture.js';
import { createTestDelivery, type TestDelivery } from '../test/delivery-fixture.js';
import { multipart, PNG } from '../test/multipart.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { OWNER_LOCK_SPACE } from './idempotency.owner.js';

/**
 * A key's write happens once even when the process working on it dies (decision 057): the claim names its process,
 * a retry takes over at once the claim of a process that is gone, and the key is marked applied in the transaction
 * of the write, so a retry never runs a write that was made. A process crash is played here by changing the key's
 * row as a dead process would have left it (owner 0 is never a live process's number); the crash suite
 * (`crash-idempotency.test.ts`) does it with real processes and SIGKILL.
 */
const testDb = inject('testDb');
let t: TestApp;
let c: Awaited<ReturnType<typeof twoCompanies>>;
let delivery: TestDelivery;
let dropoffTask: string;

const KEY = 'Idempotency-Key';
const DEAD = 0;
const key = () => `key-${Math.random().toString(36).slice(2)}`;

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t);
  await t.database.db.update(driverInfos).set({ statusSlug: 'available' });
  delivery = await createTestDelivery(c.adminA, c.base);
  dropoffTask = delivery.deliverySteps[1]!.deliveryStepTasks[0]!.deliveryStepTaskUuid;
  const van = (await c.adminA.post(`${c.base}/vehicle`, { name: 'Van', registrationNumber: 'EO1' })).json<{
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
const note = (message: string, k: string) =>
  c.adminA.post(
    `${c.base}/notes`,
    { noteableType: 'deliveries', noteableUuid: delivery.uuid, message },
    { headers: { [KEY]: k } },
  );
const rowOf = (k: string) =>
  db()
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, c.adminAUser.id), eq(idempotencyKeys.key, k)))
    .then((rows) => rows[0]);
/** Leaves the key's row as a process that died while working on it would: no answer, owner gone. */
const diedWorkingOn = (k: string, state: { applied: boolean }) =>
  db()
    .update(idempotencyKeys)
    .set({
      owner: DEAD,
      claimedAt: new Date(),
      appliedAt: state.applied ? new Date() : null,
      statusCode: null,
      contentType: null,
      body: null,
      completedAt: null,
    })
    .where(eq(idempotencyKeys.key, k));

/** Until `check` holds (a state another request reaches), asked again every few milliseconds. */
async function until(check: () => Promise<boolean>) {
  while (!(await check())) await new Promise((r) => setTimeout(r, 5));
}

const proofUrl = () => `/api/v1/driver/delivery/${delivery.uuid}/doc/step/task/proof`;
const proofForm = () =>
  multipart(
    { deliveryStepTaskUuid: dropoffTask, proofTypeSlug: 'photo' },
    { name: 'door.png', type: 'image/png', bytes: PNG },
  );

/** A proof upload by the driver whose body is held back until `finish` is called: the request waits in its route. */
function heldProof(k: string) {
  const { body, headers } = proofForm();
  const stream = new PassThrough();
  stream.write(body.subarray(0, body.length - 8));
  const answer = c.driverA.request('POST', proofUrl(), stream, { headers: { ...headers, [KEY]: k } });
  return { answer, finish: () => stream.end(body.subarray(body.length - 8)) };
}
const driverKeyRow = (k: string) =>
  db()
    .select({ owner: idempotencyKeys.owner })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, c.driverAUser.id), eq(idempotencyKeys.key, k)))
    .then((rows) => rows[0]);

describe('Idempotency-Key when the process working on it dies', () => {
  it('runs at once the retry of a write whose process died before its change was made', async () => {
    const k = key();
    expect((await note('Died before the write', k)).statusCode).toBe(201);
    // As if the process had died in the route: the note never committed, the claim is left.
    await db().delete(notes).where(eq(notes.message, 'Died before the write'));
    await diedWorkingOn(k, { applied: false });
    const retry = await note('Died before the write', k);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await noteCount('Died before the write')).toBe(1);
    expect((await note('Died before the write', k)).headers['idempotent-replayed']).toBe('true');
  });

  it('never runs again a write that was made: its retry answers that the answer was lost', async () => {
    const k = key();
    expect((await note('Died after the write', k)).statusCode).toBe(201);
    // As if the process had died between the commit of the note and the answer.
    await diedWorkingOn(k, { applied: true });
    const retry = await note('Died after the write', k);
    expect(retry.statusCode).toBe(410);
    expect(retry.json<{ message: string }>().message).toMatch(/was made.*answer was lost/);
    expect(await noteCount('Died after the write')).toBe(1);
    const again = await note('Died after the write', k);
    expect(again.statusCode).toBe(410);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await noteCount('Died after the write')).toBe(1);
  });

  it('marks the key applied in the transaction of the write', async () => {
    const k = key();
    expect((await note('Applied with its key', k)).statusCode).toBe(201);
    const row = await rowOf(k);
    expect(row?.appliedAt).toBeInstanceOf(Date);
    expect(row?.statusCode).toBe(201);
    // A refusal made nothing: its key is not applied (and its refusal is kept).
    const refused = key();
    expect((await note('', refused)).statusCode).toBe(422);
    expect((await rowOf(refused))?.appliedAt).toBeNull();
  });

  it('marks the key applied with a write made by one statement outside any transaction', async () => {
    // A fleet is one insert, with no transaction of its own: it runs in one that applies the key.
    const k = key();
    const res = await c.adminA.post(`${c.base}/fleet`, { name: 'North' }, { headers: { [KEY]: k } });
    expect(res.statusCode, res.body).toBe(201);
    expect((await rowOf(k))?.appliedAt).toBeInstanceOf(Date);
  });

  it('answers 409 to a repeat while the process working on the key is alive, then the first answer', async () => {
    const k = key();
    const before = await proofCount();
    const first = heldProof(k);
    await until(async () => (await driverKeyRow(k)) !== undefined);
    const form = proofForm();
    const repeat = await c.driverA.request('POST', proofUrl(), form.body, {
      headers: { ...form.headers, [KEY]: k },
    });
    expect(repeat.statusCode).toBe(409);
    first.finish();
    expect((await first.answer).statusCode).toBe(201);
    expect(await proofCount()).toBe(before + 1);
  });

  it('rolls the write back when its claim was taken over meanwhile, and the retry makes it once', async () => {
    const k = key();
    const before = await proofCount();
    const first = heldProof(k);
    await until(async () => (await driverKeyRow(k)) !== undefined);
    // Another process judged the claim's owner dead and took the key over while the route still ran.
    await db()
      .update(idempotencyKeys)
      .set({ owner: DEAD, claimedAt: new Date() })
      .where(eq(idempotencyKeys.key, k));
    first.finish();
    const answer = await first.answer;
    expect(answer.statusCode).toBe(409);
    expect(await proofCount()).toBe(before);
    const retry = heldProof(k);
    retry.finish();
    expect((await retry.answer).statusCode).toBe(201);
    expect(await proofCount()).toBe(before + 1);
  });

  it.skipIf(testDb.kind !== 'postgres')(
    'asks PostgreSQL whether another process is alive: 409 while it holds its lock, taken over once it is gone',
    async () => {
      const k = key();
      expect((await note('Other process', k)).statusCode).toBe(201);
      await db().delete(notes).where(eq(notes.message, 'Other process'));
      // Another server process, alive: it holds its owner lock on a connection of its own.
      const other = new pg.Client({ connectionString: t.database.url });
      await other.connect();
      await other.query('select pg_advisory_lock($1, $2)', [OWNER_LOCK_SPACE, 4242]);
      await diedWorkingOn(k, { applied: false });
      await db().update(idempotencyKeys).set({ owner: 4242 }).where(eq(idempotencyKeys.key, k));
      expect((await note('Other process', k)).statusCode).toBe(409);
      // It dies: its connection closes, PostgreSQL lets its lock go, and the retry takes the key over at once.
      await other.end();
      await until(async () => (await note('Other process', k)).statusCode !== 409);
      expect(await noteCount('Other process')).toBe(1);
      expect((await note('Other process', k)).headers['idempotent-replayed']).toBe('true');
    },
  );
});
