import { DELIVERY_BATCH_MAX } from '@courier/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries } from '../../db/schema/index.js';
import { twoCompanies } from '../../test/company-fixture.js';
import { testDropoff, testPickup } from '../../test/delivery-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

// Orders at volume (issue 34): a batch of deliveries, each checked and created alone through the form's create, each
// answered by its place; an API key with deliveries:write may send it.

let t: TestApp;
let f: Awaited<ReturnType<typeof twoCompanies>>;
beforeAll(async () => {
  t = await createTestApp();
  f = await twoCompanies(t);
});
afterAll(() => t.close());

const good = (n: number) => ({ name: `Order ${n}`, externalId: `B-${n}`, steps: [testPickup, testDropoff] });

interface Answer {
  created: number;
  failed: number;
  items: {
    index: number;
    status: string;
    uuid?: string;
    statusCode?: number;
    errors?: Record<string, string[]>;
  }[];
}

describe('batch create', () => {
  it('creates the good items, refuses the bad ones alone, and answers each by its place', async () => {
    const res = await f.adminA.post(`${f.base}/delivery/batch`, {
      deliveries: [
        good(1),
        { name: '', steps: [testPickup] },
        good(2),
        good(1), // the same external id as the first: a retry
        'not an object',
        { ...good(3), vehicleUuid: '00000000-0000-4000-8000-000000000000' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<{ data: Answer }>().data;
    expect(answer).toMatchObject({ created: 2, failed: 4 });
    expect(answer.items.map((i) => [i.index, i.status, i.statusCode ?? null])).toEqual([
      [0, 'created', null],
      [1, 'failed', 422],
      [2, 'created', null],
      [3, 'failed', 409],
      [4, 'failed', 422],
      [5, 'failed', 422],
    ]);
    expect(Object.keys(answer.items[1]!.errors!).sort()).toEqual(['name', 'steps']);
    expect(answer.items[3]!.errors!.externalId![0]).toContain(answer.items[0]!.uuid);
    expect(answer.items[5]!.errors).toHaveProperty('vehicleUuid');
    const [{ n }] = (await t.database.db
      .select({ n: count() })
      .from(deliveries)
      .where(eq(deliveries.ownerCompanyId, f.companyA.id))) as [{ n: number }];
    expect(n).toBe(2);
  });

  it('takes an API key with deliveries:write, and refuses an empty or oversized batch whole', async () => {
    const key = (
      await f.adminA.post(`${f.base}/api-key`, {
        name: 'Shop',
        scopes: ['deliveries:write'],
        ratePerSecond: 100,
      })
    ).json<{ data: { secret: string } }>().data.secret;
    const send = (body: object) =>
      t.app.inject({
        method: 'POST',
        url: `${f.base}/delivery/batch`,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    const made = await send({ deliveries: [good(10), good(11)] });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json<{ data: Answer }>().data.created).toBe(2);
    expect((await send({ deliveries: [] })).statusCode).toBe(422);
    const tooMany = await send({
      deliveries: Array.from({ length: DELIVERY_BATCH_MAX + 1 }, (_, i) => good(100 + i)),
    });
    expect(tooMany.statusCode).toBe(422);
  });
});
