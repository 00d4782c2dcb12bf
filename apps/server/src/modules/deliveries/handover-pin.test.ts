import { HANDOVER_PIN } from '@courier/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries, deliveryHandoverAttempts, driverInfos } from '../../db/schema/index.js';
import { Agent } from '../../test/agent.js';
import { twoCompanies } from '../../test/company-fixture.js';
import { createTestDelivery, type TestDelivery } from '../../test/delivery-fixture.js';
import { createUser, TEST_PASSWORD } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** The recipient's handover code (decision 020): who sees it, what a right and a wrong code do, the lock. */
let t: TestApp;
let c: Awaited<ReturnType<typeof twoCompanies>>;
let delivery: TestDelivery;
let dropoffTask: string;
let van: string;
const me = '/api/v1/driver';

type Delivery = { uuid: string; handoverPin: string | null };
type DriverDelivery = Delivery & { stops: { tasks: { uuid: string; completedAt: string | null }[] }[] };

const pinOf = async (uuid: string) =>
  (await c.adminA.get(`${c.base}/delivery/${uuid}`)).json<{ data: Delivery }>().data.handoverPin!;
const wrongPin = (pin: string) => String((Number(pin) + 1) % 10 ** HANDOVER_PIN.length).padStart(6, '0');
const confirm = (agent: Agent, uuid: string, body: { deliveryStepTaskUuid: string; pin: string }) =>
  agent.post(`${me}/delivery/${uuid}/doc/step/task/pin`, body);
const attempts = async (uuid: string) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(deliveryHandoverAttempts)
      .where(eq(deliveryHandoverAttempts.deliveryId, uuid))
  )[0]?.n ?? 0;

async function assignedDelivery(name: string) {
  const d = await createTestDelivery(c.adminA, c.base, { name });
  const link = await c.adminA.post(`${c.base}/delivery/${d.uuid}/vehicle/driver`, {
    vehicleUuid: van,
    driverUserUuids: [c.driverAUser.id],
  });
  expect(link.statusCode).toBe(200);
  return d;
}

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t);
  await t.database.db.update(driverInfos).set({ statusSlug: 'available' });
  van = (await c.adminA.post(`${c.base}/vehicle`, { name: 'Van', registrationNumber: 'HP1' })).json<{
    data: { uuid: string };
  }>().data.uuid;
  delivery = await assignedDelivery('Handover run');
  dropoffTask = delivery.deliverySteps[1]!.deliveryStepTasks[0]!.deliveryStepTaskUuid;
});
afterAll(() => t.close());

describe('the handover code', () => {
  it("is shown to the owner's admins only: not to its carrier's admins, nor to the driver", async () => {
    const pin = await pinOf(delivery.uuid);
    expect(pin).toMatch(new RegExp(`^\\d{${HANDOVER_PIN.length}}$`));
    const list = (await c.adminA.get(`${c.base}/delivery`)).json<{ data: Delivery[] }>().data;
    expect(list.find((d) => d.uuid === delivery.uuid)?.handoverPin).toBe(pin);
    const mine = (await c.driverA.get(`${me}/delivery`)).json<{ data: Delivery[] }>().data;
    expect(mine.map((d) => [d.uuid, d.handoverPin])).toEqual([[delivery.uuid, null]]);
    expect(
      (await c.driverA.get(`${me}/delivery/${delivery.uuid}`)).json<{ data: Delivery }>().data.handoverPin,
    ).toBeNull();
    const carried = await createTestDelivery(c.adminA, c.base, { name: 'Carried' });
    await t.database.db
      .update(deliveries)
      .set({ carrierCompanyId: c.companyB.id })
      .where(eq(deliveries.id, carried.uuid));
    const seen = (await c.adminB.get(`${c.baseB}/delivery/${carried.uuid}`)).json<{ data: Delivery }>().data;
    expect(seen.handoverPin).toBeNull();
    expect(await pinOf(carried.uuid)).toMatch(/^\d{6}$/);
  });

  it('gives a delivery written without the service a code too (the column default of migration 0015)', async () => {
    const [row] = await t.database.db
      .insert(deliveries)
      .values({ ownerCompanyId: c.companyA.id, name: 'Raw', trackingCode: `RAW${Date.now().toString(36)}` })
      .returning({ pin: deliveries.handoverPin });
    expect(row?.pin).toMatch(/^\d{6}$/);
  });

  it('refuses a task of another delivery without counting a try, and a driver not on the delivery', async () => {
    const other = await createTestDelivery(c.adminA, c.base, { name: 'Other' });
    const pin = await pinOf(delivery.uuid);
    const res = await confirm(c.driverA, delivery.uuid, {
      deliveryStepTaskUuid: other.deliverySteps[1]!.deliveryStepTasks[0]!.deliveryStepTaskUuid,
      pin,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ errors: { deliveryStepTaskUuid: [expect.any(String)] } });
    expect(await attempts(delivery.uuid)).toBe(0);
    const stranger = await createUser(t.database.db, { company: c.companyA, roles: ['driver'] });
    const agent = new Agent(t.app);
    await agent.login(stranger.email, TEST_PASSWORD);
    expect((await confirm(agent, delivery.uuid, { deliveryStepTaskUuid: dropoffTask, pin })).statusCode).toBe(
      404,
    );
    expect(
      (await confirm(c.driverA, delivery.uuid, { deliveryStepTaskUuid: dropoffTask, pin: '12' })).statusCode,
    ).toBe(422);
    expect(await attempts(delivery.uuid)).toBe(0);
  });

  it('counts a wrong code and says how many tries are left; a right one records a PDF proof and completes the task', async () => {
    const pin = await pinOf(delivery.uuid);
    const wrong = await confirm(c.driverA, delivery.uuid, {
      deliveryStepTaskUuid: dropoffTask,
      pin: wrongPin(pin),
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      errors: {
        pin: [
          `That code is not right. Ask the recipient to read it again. ${HANDOVER_PIN.attemptsMax - 1} tries left.`,
        ],
      },
    });
    expect(await attempts(delivery.uuid)).toBe(1);

    const right = await confirm(c.driverA, delivery.uuid, { deliveryStepTaskUuid: dropoffTask, pin });
    expect(right.statusCode).toBe(201);
    const proof = right.json<{
      data: {
        url: string;
        proofName: string;
        deliveryStepTaskUuid: string;
        deliveryStepTaskProofTypeSlug: string;
        document: { mimeType: string };
      };
    }>().data;
    expect(proof).toMatchObject({
      deliveryStepTaskUuid: dropoffTask,
      deliveryStepTaskProofTypeSlug: HANDOVER_PIN.proofTypeSlug,
      proofName: 'Handover code',
      document: { mimeType: 'application/pdf' },
    });
    const file = await c.driverA.get(proof.url);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(file.rawPayload.toString('latin1')).toMatch(/Confirmed by .+ at \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    const mine = (await c.driverA.get(`${me}/delivery/${delivery.uuid}`)).json<{ data: DriverDelivery }>()
      .data;
    const task = mine.stops.flatMap((s) => s.tasks).find((x) => x.uuid === dropoffTask);
    expect(task?.completedAt).not.toBeNull();
    // The office sees it among the delivery's proofs.
    const docs = (await c.adminA.get(`${c.base}/delivery/${delivery.uuid}`)).json<{
      data: { deliveryDocuments: { originalName: string }[] };
    }>().data.deliveryDocuments;
    expect(docs.map((d) => d.originalName)).toContain('handover-code.pdf');
  });

  it(`locks the code after ${HANDOVER_PIN.attemptsMax} wrong ones with 429, a right one too, until the window passes`, async () => {
    const d = await assignedDelivery('Locked run');
    const task = d.deliverySteps[1]!.deliveryStepTasks[0]!.deliveryStepTaskUuid;
    const pin = await pinOf(d.uuid);
    let last = '';
    for (let i = 0; i < HANDOVER_PIN.attemptsMax; i++) {
      const res = await confirm(c.driverA, d.uuid, { deliveryStepTaskUuid: task, pin: wrongPin(pin) });
      expect(res.statusCode).toBe(422);
      last = res.json<{ errors: { pin: string[] } }>().errors.pin[0]!;
    }
    expect(last).toMatch(/No tries left: the code is locked until \d\d:\d\d UTC\./);
    const locked = await confirm(c.driverA, d.uuid, { deliveryStepTaskUuid: task, pin });
    expect(locked.statusCode).toBe(429);
    expect(locked.json<{ message: string }>().message).toMatch(
      new RegExp(`Try again in ${HANDOVER_PIN.lockMinutes} minutes \\(at \\d\\d:\\d\\d UTC\\)`),
    );
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(await attempts(d.uuid)).toBe(HANDOVER_PIN.attemptsMax);
    // The count is the delivery's, in the database: another delivery of the same driver is not locked.
    expect(
      (
        await confirm(c.driverA, delivery.uuid, {
          deliveryStepTaskUuid: dropoffTask,
          pin: await pinOf(delivery.uuid),
        })
      ).statusCode,
    ).toBe(201);
    // Once the wrong codes are older than the window, the right code goes through.
    await t.database.db
      .update(deliveryHandoverAttempts)
      .set({ createdAt: new Date(Date.now() - (HANDOVER_PIN.lockMinutes + 1) * 60_000) })
      .where(eq(deliveryHandoverAttempts.deliveryId, d.uuid));
    expect((await confirm(c.driverA, d.uuid, { deliveryStepTaskUuid: task, pin })).statusCode).toBe(201);
  });
});
