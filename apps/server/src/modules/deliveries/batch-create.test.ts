import { DELIVERY_BATCH_MAX } from '@courier/contract';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries, events } from '../../db/schema/index.js';
import { twoCompanies } from '../../test/company-fixture.js';
import { testDropoff, testPickup } from '../../test/delivery-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

// Orders at volume (issue 34): a batch of deliveries, each checked as the form's create checks it and answered by its
// place; the common items are written as sets, and must be written exactly as the form's create writes them. An API
// key with deliveries:write may send it.

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

/** A delivery as its GET answers show it: the delivery, its steps, tasks, parcels, statuses, addresses, contacts. */
async function shown(uuid: string) {
  const q = `?deliveryUuid=${uuid}`;
  const read = async (path: string) => {
    const res = await f.adminA.get(`${f.base}/delivery${path}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: unknown }>().data;
  };
  const parcels = (await read(`/parcel${q}`)) as { name: string }[];
  return {
    delivery: await read(`/${uuid}`),
    steps: await read(`/step${q}`),
    tasks: await read(`/step/task${q}`),
    // Parcels made together share their time, and are listed by it then by id: here, by name.
    parcels: parcels.sort((a, b) => a.name.localeCompare(b.name)),
    statuses: await read(`/status${q}`),
    addresses: await read(`/address${q}`),
    contacts: await read(`/contact${q}`),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Keys whose values are drawn anew for every delivery (codes, secrets, times) or name it (its external id). */
const DRAWN = /(At|^trackingCode|^trackingToken|^handoverPin|^externalId|Url)$/;

/** An answer with its ids, times and drawn codes taken out: what two creates of one body must show alike. */
function scrub(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(scrub);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => !DRAWN.test(k))
        .map(([k, v]) => [k, scrub(v)]),
    );
  return typeof value === 'string' && UUID.test(value) ? '<uuid>' : value;
}

/** Everything a create-delivery body may carry on the set's path. */
function richBody(externalId: string, scheduled: boolean) {
  return {
    name: 'Rich order',
    description: 'Fragile things, ring twice',
    currencyCode: 'EUR',
    externalId,
    ...(scheduled
      ? {
          scheduleWindows: [
            {
              deliveryScheduleWindowTypeSlug: 'dropoff',
              startAt: '2030-01-02T09:00:00.000Z',
              endAt: '2030-01-02T11:00:00.000Z',
            },
          ],
        }
      : {}),
    steps: [
      {
        ...testPickup,
        address: { ...testPickup.address, label: 'Shop', line2: 'Unit 4', county: 'Greater London' },
        contacts: [
          { firstname: 'Ada', lastname: 'Lovelace', email: 'ADA@example.com', phoneNumber: '+447700900001' },
          { firstname: 'Bob', lastname: 'Baker', companyName: 'Baker Ltd' },
        ],
      },
      // A typed address without a point: kept pending for the geocoder, left out of the route.
      {
        kind: 'pickup',
        address: { line1: '5 Nowhere Lane', city: 'London', postcode: 'N1 1AA', countryCode: 'gb' },
        extraTaskTypes: ['photo'],
      },
      { ...testDropoff, contacts: [{ firstname: 'Cy', lastname: 'Dropper' }] },
    ],
    parcels: [
      { name: 'Box A', volumeCm3: 1000, weightKg: 2.5, quantity: 3, valueMinor: 1999, isFragile: true },
      { name: 'Box B', description: 'Books', volumeCm3: 500, weightKg: 4, valueCurrencyCode: 'GBP' },
    ],
  };
}

describe('batch create as sets', () => {
  it('writes each delivery exactly as the form writes it, scheduled or not', async () => {
    for (const scheduled of [false, true]) {
      const tag = scheduled ? 'S' : 'U';
      const form = await f.adminA.post(
        `${f.base}/delivery/create-delivery`,
        richBody(`FORM-${tag}`, scheduled),
      );
      expect(form.statusCode, form.body).toBe(201);
      const formUuid = form.json<{ data: { uuid: string } }>().data.uuid;
      const batch = await f.adminA.post(`${f.base}/delivery/batch`, {
        deliveries: [richBody(`SET-${tag}`, scheduled)],
      });
      expect(batch.statusCode, batch.body).toBe(200);
      const item = batch.json<{ data: Answer }>().data.items[0]!;
      expect(item).toMatchObject({ status: 'created', externalId: `SET-${tag}` });

      const [a, b] = [await shown(formUuid), await shown(item.uuid!)];
      expect(scrub(b)).toEqual(scrub(a));
      expect(a.statuses).toHaveLength(scheduled ? 3 : 2);
      expect(a.delivery).toMatchObject({ deliveryLiveStatusTypeSlug: scheduled ? 'scheduled' : 'created' });
      expect(b.delivery).toMatchObject({ externalId: `SET-${tag}` });
    }
  });

  it('answers a refused item as the form would, and records one created event per delivery made', async () => {
    const unknownTask = {
      ...good(40),
      steps: [testPickup, { ...testDropoff, extraTaskTypes: ['no-such-task'] }],
    };
    const alone = await f.adminA.post(`${f.base}/delivery/create-delivery`, unknownTask);
    expect(alone.statusCode).toBe(422);
    const taken = await f.adminA.post(`${f.base}/delivery/create-delivery`, good(41));
    expect(taken.statusCode).toBe(201);
    const again = await f.adminA.post(`${f.base}/delivery/create-delivery`, good(41));
    expect(again.statusCode).toBe(409);

    const res = await f.adminA.post(`${f.base}/delivery/batch`, {
      deliveries: [good(42), unknownTask, good(41), { ...good(43), scheduleWindows: richWindow }, good(42)],
    });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json<{ data: Answer }>().data.items;
    expect(items.map((i) => [i.status, i.statusCode ?? null])).toEqual([
      ['created', null],
      ['failed', 422],
      ['failed', 409],
      ['created', null],
      ['failed', 409],
    ]);
    const { index: _1, status: _2, ...refusedTask } = items[1]!;
    expect(refusedTask).toEqual({ statusCode: 422, ...again422(alone.json()) });
    const { index: _3, status: _4, ...refusedTaken } = items[2]!;
    expect(refusedTaken).toEqual({ statusCode: 409, ...again422(again.json()) });
    expect(items[4]!.errors!.externalId![0]).toContain(items[0]!.uuid);

    const made = [items[0]!.uuid!, items[3]!.uuid!];
    const rows = await t.database.db
      .select({ deliveryId: events.deliveryId, type: events.type, payload: events.payload })
      .from(events)
      .where(inArray(events.deliveryId, made));
    expect(rows.map((r) => [r.deliveryId, r.type]).sort()).toEqual(
      [
        [made[0], 'delivery.created'],
        [made[1], 'delivery.created'],
        [made[1], 'delivery.status'],
      ].sort(),
    );
    expect(rows.find((r) => r.type === 'delivery.status')!.payload).toMatchObject({ status: 'scheduled' });
  });

  it('keeps the order of the items across sets and the form path, and answers repeats by their place', async () => {
    const place = await f.adminA.post(`${f.base}/address`, {
      label: 'Depot',
      line1: '2 Depot Rd',
      city: 'London',
      postcode: 'E1 6AN',
      countryCode: 'GB',
      lat: 51.52,
      lng: -0.07,
    });
    expect(place.statusCode, place.body).toBe(201);
    const addressUuid = place.json<{ data: { uuid: string } }>().data.uuid;
    const fromDepot = {
      ...good(500),
      externalId: 'DEPOT-1',
      steps: [{ kind: 'pickup', addressUuid }, testDropoff],
    };
    // Runs of sets (250 deliveries a set) with directory addresses between them (the form's path), and external ids
    // repeated across those borders: the later item of each pair is refused, naming the earlier one's delivery.
    const list: object[] = Array.from({ length: 600 }, (_, i) => good(1000 + i));
    list[10] = { ...good(1000 + 10), externalId: 'DEPOT-1' }; // before the depot item: it wins
    list[100] = fromDepot; // refused: DEPOT-1 is item 10's
    list[120] = { ...fromDepot, externalId: 'DEPOT-2' };
    list[130] = { ...good(1130), externalId: 'DEPOT-2' }; // refused: item 120's (the form's path) has it
    list[280] = { ...good(1280), externalId: 'B-1005' }; // refused: item 5's, in the run before
    list[520] = { ...good(1520), externalId: 'B-1200' }; // refused: item 200's, in the set before
    const res = await f.adminA.post(`${f.base}/delivery/batch`, { deliveries: list });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<{ data: Answer }>().data;
    expect(answer).toMatchObject({ created: 596, failed: 4 });
    const refusedAt = answer.items.filter((i) => i.status === 'failed').map((i) => i.index);
    expect(refusedAt).toEqual([100, 130, 280, 520]);
    expect(answer.items[100]!.errors!.externalId![0]).toContain(answer.items[10]!.uuid);
    expect(answer.items[130]!.errors!.externalId![0]).toContain(answer.items[120]!.uuid);
    expect(answer.items[280]!.errors!.externalId![0]).toContain(answer.items[5]!.uuid);
    expect(answer.items[520]!.errors!.externalId![0]).toContain(answer.items[200]!.uuid);

    // Newest first, the list shows the batch in reverse order of its items, as creates one after another would.
    const page = await f.adminA.get(`${f.base}/delivery?per_page=5&search=Order%2012`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json<{ data: { name: string }[] }>().data.map((d) => d.name)).toEqual([
      'Order 1299',
      'Order 1298',
      'Order 1297',
      'Order 1296',
      'Order 1295',
    ]);
  });

  it('gives each external id to one delivery when two batches race for it', async () => {
    // More than a set, so a set refused by the other batch's commit is followed by sets checked again.
    const batch = { deliveries: Array.from({ length: 300 }, (_, i) => good(2000 + i)) };
    const [one, two] = await Promise.all([
      f.adminA.post(`${f.base}/delivery/batch`, batch),
      f.adminA.post(`${f.base}/delivery/batch`, batch),
    ]);
    const a = one.json<{ data: Answer }>().data.items;
    const b = two.json<{ data: Answer }>().data.items;
    for (const [i, x] of a.entries()) {
      const y = b[i]!;
      expect([x.status, y.status].sort()).toEqual(['created', 'failed']);
      const [made, lost] = x.status === 'created' ? [x, y] : [y, x];
      expect(lost.statusCode).toBe(409);
      expect(lost.errors!.externalId![0]).toContain(made.uuid);
    }
    const [{ n }] = (await t.database.db
      .select({ n: count() })
      .from(deliveries)
      .where(
        and(
          eq(deliveries.ownerCompanyId, f.companyA.id),
          inArray(
            deliveries.externalId,
            batch.deliveries.map((d) => d.externalId),
          ),
        ),
      )) as [{ n: number }];
    expect(n).toBe(300);
  });
});

describe('batch create when a set is refused', () => {
  // A set refused by the database (an external id taken by a concurrent request, a tracking code drawn twice) is
  // rolled back and its items go the form's path one by one. Made certain here by a trigger that refuses one delivery
  // as a unique index would: that item alone fails (500), its set's other items are made one by one, and the items
  // after it are checked again against what those made.
  beforeAll(async () => {
    await t.database.db.execute(sql`
      create function refuse_collide() returns trigger language plpgsql as $$
      begin
        if new.name = 'Collide' then raise unique_violation using message = 'a test collision'; end if;
        return new;
      end $$`);
    await t.database.db.execute(
      sql`create trigger refuse_collide before insert on deliveries for each row execute function refuse_collide()`,
    );
  });
  afterAll(async () => {
    await t.database.db.execute(sql`drop trigger refuse_collide on deliveries`);
    await t.database.db.execute(sql`drop function refuse_collide()`);
  });

  it('answers each item of a refused set alone, and checks the items after it again', async () => {
    const list: object[] = Array.from({ length: 300 }, (_, i) => good(3000 + i));
    list[10] = { ...good(3010), name: 'Collide' };
    list[20] = { ...good(3020), externalId: 'B-3005' }; // refused: item 5's, in the same set
    list[270] = { ...good(3270), externalId: 'B-3006' }; // refused: item 6's, in the set before
    const res = await f.adminA.post(`${f.base}/delivery/batch`, { deliveries: list });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<{ data: Answer }>().data;
    expect(answer).toMatchObject({ created: 297, failed: 3 });
    expect(answer.items.filter((i) => i.status === 'failed').map((i) => [i.index, i.statusCode])).toEqual([
      [10, 500],
      [20, 409],
      [270, 409],
    ]);
    expect(answer.items[20]!.errors!.externalId![0]).toContain(answer.items[5]!.uuid);
    expect(answer.items[270]!.errors!.externalId![0]).toContain(answer.items[6]!.uuid);
    const made = answer.items.flatMap((i) => (i.uuid ? [i.uuid] : []));
    const [{ n }] = (await t.database.db
      .select({ n: count() })
      .from(deliveries)
      .where(inArray(deliveries.id, made))) as [{ n: number }];
    expect(n).toBe(297);
  });
});

const richWindow = [
  {
    deliveryScheduleWindowTypeSlug: 'dropoff',
    startAt: '2030-01-02T09:00:00.000Z',
    endAt: '2030-01-02T11:00:00.000Z',
  },
];

/** A create's error answer as a batch item carries it. */
const again422 = (body: { message: string; errors?: Record<string, string[]> }) => ({
  message: body.message,
  ...(body.errors ? { errors: body.errors } : {}),
});
