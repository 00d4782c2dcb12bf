import { LIMITS } from '@courier/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoCompanies } from '../test/company-fixture.js';
import { createTestDelivery, testDropoff, testPickup, type TestDelivery } from '../test/delivery-fixture.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
let c: Awaited<ReturnType<typeof twoCompanies>>;
let delivery: TestDelivery;

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t);
  delivery = await createTestDelivery(c.adminA, c.base);
});
afterAll(() => t.close());

type ErrorAnswer = { message: string; errors?: Record<string, string[]> };

/** A refusal: a 4xx with a message (and the field's message when one is named), never a 500. */
function expectRefused(res: LightMyRequestResponse, status = 422, field?: string): ErrorAnswer {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json<ErrorAnswer>();
  expect(body.message).toEqual(expect.any(String));
  if (field) expect(body.errors?.[field]?.[0], JSON.stringify(body)).toEqual(expect.any(String));
  return body;
}

/** Sends a raw JSON text, for values JSON.stringify cannot write (1e309) or keys it would drop. */
function rawPost(url: string, json: string) {
  return c.adminA.request('POST', url, json, { headers: { 'content-type': 'application/json' } });
}

const createDelivery = (body: Record<string, unknown>) =>
  c.adminA.post(`${c.base}/delivery/create-delivery`, {
    name: 'Run',
    steps: [testPickup, testDropoff],
    ...body,
  });

describe('numbers the columns cannot hold are refused with 422', () => {
  it('parcel value, quantity, weight and volume of a new delivery', async () => {
    const big = 2 ** 31;
    for (const [field, value] of [
      ['valueMinor', big],
      ['quantity', big],
      ['volumeCm3', big],
      ['weightKg', 1e300],
    ] as const) {
      const res = await createDelivery({ parcels: [{ name: 'Box', [field]: value }] });
      expectRefused(res, 422, `parcels.0.${field}`);
    }
    const overflow = await rawPost(
      `${c.base}/delivery/create-delivery`,
      `{"name":"Run","steps":${JSON.stringify([testPickup, testDropoff])},"parcels":[{"name":"Box","weightKg":1e309}]}`,
    );
    expect(expectRefused(overflow, 422, 'parcels.0.weightKg').errors?.['parcels.0.weightKg']).toEqual([
      'Must be a finite number.',
    ]);
    const crate = { name: 'Crate', volumeCm3: 50_000_000, quantity: 30 };
    expectRefused(await createDelivery({ parcels: [crate, crate] }), 422, 'parcels');
  });

  it('a quote price past the contract limit', async () => {
    const res = await c.adminA.post(`${c.base}/delivery/${delivery.uuid}/quote`, {
      priceMinor: LIMITS.moneyMinorMax + 1,
      validUntil: '2030-01-01T00:00:00.000Z',
    });
    expect(expectRefused(res, 422, 'priceMinor').errors?.priceMinor).toEqual([
      `Must be at most ${LIMITS.moneyMinorMax}.`,
    ]);
  });

  it('a load grown past its integer column by parcels added one by one', async () => {
    const d = await createTestDelivery(c.adminA, c.base);
    const task = d.deliverySteps[0]!.deliveryStepTasks[0]!.deliveryStepTaskUuid;
    const add = () =>
      c.adminA.post(`${c.base}/delivery/${d.uuid}/add-parcel-to-step-task`, {
        deliveryStepTaskUuid: task,
        parcel: { name: 'Crate', volumeCm3: 50_000_000, quantity: 30 },
      });
    expect((await add()).statusCode).toBe(201);
    expectRefused(await add(), 422);
  });
});
