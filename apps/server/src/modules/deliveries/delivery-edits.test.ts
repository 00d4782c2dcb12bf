import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryQuotes } from '../../db/schema/index.js';
import { twoCompanies } from '../../test/company-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let c: Awaited<ReturnType<typeof twoCompanies>>;
type D = {
  uuid: string;
  distanceM: number;
  maxWeightKg: number;
  deliveryQuoteStatusTypeSlug: string;
  deliverySteps: {
    deliveryStepUuid: string;
    deliveryStepTasks: { deliveryStepTaskUuid: string; deliveryStepTaskTypeSlug: string }[];
  }[];
};
let d: D;

const at = (lat: number, lng: number, line1: string) => ({
  line1,
  city: 'London',
  postcode: 'N1 1AA',
  countryCode: 'GB',
  lat,
  lng,
});

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t);
  d = (
    await c.adminA.post(`${c.base}/delivery/create-delivery`, {
      name: 'Edits',
      steps: [
        { kind: 'pickup', address: at(51.53, -0.1, 'A') },
        { kind: 'dropoff', address: at(51.54, -0.05, 'B') },
      ],
    })
  ).json<{ data: D }>().data;
});
afterAll(() => t.close());

const url = (p: string) => `${c.base}/delivery/${d.uuid}/${p}`;
const reload = async () => (await c.adminA.get(`${c.base}/delivery/${d.uuid}`)).json<{ data: D }>().data;

describe('delivery edits', () => {
  it('adds a dropoff step at the end and a pickup before the first dropoff, re-estimating distance', async () => {
    const drop = await c.adminA.post(url('add-delivery-step-with-address'), {
      kind: 'dropoff',
      address: at(51.55, 0.0, 'C'),
    });
    expect(drop.statusCode).toBe(201);
    expect(drop.json()).toMatchObject({
      message: 'New delivery step has been added successfully',
      data: { stepOrderNo: 3 },
    });
    const pick = await c.adminA.post(url('add-delivery-step-with-address'), {
      kind: 'pickup',
      address: at(51.52, -0.12, 'P2'),
    });
    expect(pick.json()).toMatchObject({ data: { stepOrderNo: 2 } });
    const after = await reload();
    expect(after.deliverySteps.map((s) => s.deliveryStepTasks[0]?.deliveryStepTaskTypeSlug)).toEqual([
      'pickup',
      'pickup',
      'dropoff',
      'dropoff',
    ]);
    expect(after.distanceM).toBeGreaterThan(d.distanceM);
    expect((await c.adminA.post(url('add-delivery-step-with-address'), { kind: 'dropoff' })).statusCode).toBe(
      422,
    );
    d = after;
  });

  it('plans a step again when another edit changed the steps while its route was estimated', async () => {
    const fresh = (
      await c.adminA.post(`${c.base}/delivery/create-delivery`, {
        name: 'Race',
        steps: [
          { kind: 'pickup', address: at(51.53, -0.1, 'A') },
          { kind: 'dropoff', address: at(51.54, -0.05, 'B') },
        ],
      })
    ).json<{ data: D }>().data;
    const add = (kind: 'pickup' | 'dropoff', line1: string) =>
      c.adminA.post(`${c.base}/delivery/${fresh.uuid}/add-delivery-step-with-address`, {
        kind,
        address: at(51.5, -0.07, line1),
      });
    // The first request's route estimate waits until the second request has added its step.
    const real = t.app.routeEstimator;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let calls = 0;
    let firstEstimating!: () => void;
    const estimating = new Promise<void>((r) => (firstEstimating = r));
    t.app.routeEstimator = {
      async estimate(points) {
        calls += 1;
        if (calls === 1) {
          firstEstimating();
          await gate;
        }
        return real.estimate(points);
      },
    };
    try {
      const slow = add('dropoff', 'Slow');
      await estimating;
      expect((await add('pickup', 'Quick')).statusCode).toBe(201);
      release();
      const res = await slow;
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ data: { stepOrderNo: 4 } });
    } finally {
      t.app.routeEstimator = real;
    }
    // Planned again from the steps as they were under the lock: the route estimated a third time.
    expect(calls).toBe(3);
    const after = (await c.adminA.get(`${c.base}/delivery/${fresh.uuid}`)).json<{ data: D }>().data;
    expect(after.deliverySteps.map((s) => s.deliveryStepTasks[0]?.deliveryStepTaskTypeSlug)).toEqual([
      'pickup',
      'pickup',
      'dropoff',
      'dropoff',
    ]);
  });

  it('adds pickup and dropoff tasks to a step', async () => {
    const step = d.deliverySteps[0]!.deliveryStepUuid;
    const p = await c.adminA.post(url('add-delivery-step-pickup'), { deliveryStepUuid: step });
    expect(p.json()).toMatchObject({
      message: 'New pickup task has been added to delivery step',
      data: { deliveryStepTaskTypeSlug: 'pickup', taskOrderNo: 2 },
    });
    const dr = await c.adminA.post(url('add-delivery-step-dropoff'), { deliveryStepUuid: step });
    expect(dr.json()).toMatchObject({
      message: 'New dropoff task has been added to delivery step',
      data: { taskOrderNo: 3 },
    });
    const otherStep = '00000000-0000-4000-8000-000000000000';
    expect(
      (await c.adminA.post(url('add-delivery-step-pickup'), { deliveryStepUuid: otherStep })).statusCode,
    ).toBe(422);
  });

  it('adds a parcel to a task (growing the load) and contacts to a task and a parcel', async () => {
    const task = d.deliverySteps[0]!.deliveryStepTasks[0]!.deliveryStepTaskUuid;
    const parcel = await c.adminA.post(url('add-parcel-to-step-task'), {
      deliveryStepTaskUuid: task,
      parcel: { name: 'Crate', weightKg: 12.5, quantity: 2 },
    });
    expect(parcel.statusCode).toBe(201);
    expect(parcel.json()).toMatchObject({
      message: 'New parcel has been added to the delivery task.',
      data: { name: 'Crate', quantity: 2 },
    });
    expect((await reload()).maxWeightKg).toBe(25);
    const contact = await c.adminA.post(url('add-contact-to-step-task'), {
      deliveryStepTaskUuid: task,
      contact: { firstname: 'Pat', lastname: 'Porter' },
    });
    expect(contact.json()).toMatchObject({
      message: 'Contact person has been successfully associated with the task.',
      data: { firstname: 'Pat' },
    });
    // The delivery's contact list says which tasks each contact is on.
    const onDelivery = (await c.adminA.get(`${c.base}/delivery/contact?deliveryUuid=${d.uuid}`)).json<{
      data: { firstname: string; deliveryStepTaskUuids?: string[] }[];
    }>().data;
    expect(onDelivery.find((x) => x.firstname === 'Pat')?.deliveryStepTaskUuids).toEqual([task]);
    const parcelUuid = parcel.json<{ data: { uuid: string } }>().data.uuid;
    const pc = await c.adminA.post(`${c.base}/delivery/parcel/${parcelUuid}/add-contact`, {
      contact: { firstname: 'Rita', lastname: 'Recipient', email: 'rita@example.com' },
    });
    expect(pc.json()).toMatchObject({
      message: 'Contact has been added to parcel',
      data: { email: 'rita@example.com' },
    });
    const listed = (await c.adminA.get(`${c.base}/delivery/parcel?deliveryUuid=${d.uuid}`)).json<{
      data: { uuid: string; contacts?: { firstname: string; email?: string }[] }[];
    }>().data;
    expect(listed.find((p) => p.uuid === parcelUuid)?.contacts).toEqual([
      expect.objectContaining({ firstname: 'Rita', email: 'rita@example.com' }),
    ]);
    expect(
      (
        await c.adminB.post(`${c.baseB}/delivery/parcel/${parcelUuid}/add-contact`, {
          contact: { firstname: 'x', lastname: 'y' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await c.adminA.post(url('add-parcel-to-step-task'), {
          deliveryStepTaskUuid: task,
          parcel: { name: '', quantity: 0 },
        })
      ).statusCode,
    ).toBe(422);
  });
});

describe('quotes', () => {
  it('quotes a price, accepts it and rejects the other open quotes', async () => {
    const in1h = new Date(Date.now() + 3_600_000).toISOString();
    const q1 = await c.adminA.post(url('quote'), { priceMinor: 2599, currencyCode: 'GBP', validUntil: in1h });
    expect(q1.statusCode).toBe(201);
    expect(q1.json()).toMatchObject({
      data: { price: { priceMinor: 2599, priceString: '£25.99', currencyCode: 'GBP' }, isAccepted: false },
    });
    const q2 = (await c.adminA.post(url('quote'), { priceMinor: 1999, validUntil: in1h })).json<{
      data: { uuid: string };
    }>().data;
    expect((await reload()).deliveryQuoteStatusTypeSlug).toBe('quoted');
    const accepted = await c.adminA.post(`${c.base}/delivery/quote/${q2.uuid}/accept`);
    expect(accepted.json()).toMatchObject({ data: { isAccepted: true } });
    expect((await reload()).deliveryQuoteStatusTypeSlug).toBe('accepted');
    const quotes = (await c.adminA.get(`${c.base}/delivery/quote?deliveryUuid=${d.uuid}`)).json<{
      data: { uuid: string; isAccepted: boolean }[];
    }>().data;
    expect(quotes.filter((q) => q.isAccepted).map((q) => q.uuid)).toEqual([q2.uuid]);
    const q1id = q1.json<{ data: { uuid: string } }>().data.uuid;
    expect((await c.adminA.post(`${c.base}/delivery/quote/${q1id}/accept`)).statusCode).toBe(409);
    expect((await c.adminA.post(url('quote'), { priceMinor: 1, validUntil: in1h })).statusCode).toBe(409);
  });

  it('refuses an expired quote and records the expiry; refuses a past validity', async () => {
    const other = (
      await c.adminA.post(`${c.base}/delivery/create-delivery`, {
        name: 'Quote me',
        steps: [
          { kind: 'pickup', address: at(51.5, -0.1, 'X') },
          { kind: 'dropoff', address: at(51.51, -0.1, 'Y') },
        ],
      })
    ).json<{ data: D }>().data;
    expect(
      (
        await c.adminA.post(`${c.base}/delivery/${other.uuid}/quote`, {
          priceMinor: 100,
          validUntil: '2020-01-01T00:00:00.000Z',
        })
      ).statusCode,
    ).toBe(422);
    const q = (
      await c.adminA.post(`${c.base}/delivery/${other.uuid}/quote`, {
        priceMinor: 100,
        validUntil: new Date(Date.now() + 60_000).toISOString(),
      })
    ).json<{ data: { uuid: string } }>().data;
    await t.database.db
      .update(deliveryQuotes)
      .set({ validUntil: new Date(Date.now() - 1000) })
      .where(eq(deliveryQuotes.id, q.uuid));
    const res = await c.adminA.post(`${c.base}/delivery/quote/${q.uuid}/accept`);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toMatch(/expired/);
    const after = (await c.adminA.get(`${c.base}/delivery/${other.uuid}`)).json<{ data: D }>().data;
    expect(after.deliveryQuoteStatusTypeSlug).toBe('expired');
    expect((await c.adminB.post(`${c.baseB}/delivery/quote/${q.uuid}/reject`)).statusCode).toBe(404);
  });
});
