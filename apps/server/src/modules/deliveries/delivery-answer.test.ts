import { deliveryCalls, envelopeOf, type Actor, type CompanyRoleSlug } from '@courier/contract';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { deliveryAccess } from '../../access/delivery-access.js';
import {
  deliveries,
  deliveryAssignments,
  deliveryQuotes,
  deliveryScheduleWindows,
  deliverySteps,
  driverInfos,
} from '../../db/schema/index.js';
import { twoCompanies } from '../../test/company-fixture.js';
import { createTestDelivery } from '../../test/delivery-fixture.js';
import { multipart, PNG } from '../../test/multipart.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { documentsFromJson } from '../documents/index.js';
import { notesFromJson } from '../notes/index.js';
import { presentDelivery } from './deliveries.presenter.js';
import { childrenOf, findDeliveryDetailRow, findDeliveryRow } from './deliveries.queries.js';

/**
 * Decision 048: the list page and the detail are written by PostgreSQL and sent without zod. Here the answers the
 * server sends are compared, over deliveries with drawn values (names with quotes, control characters and emoji,
 * timestamps with microseconds, missing and tiny coordinates, carriers, assignments, quotes, windows with equal
 * starts, proofs and notes), with the reference path: `presentDelivery` of the same rows, encoded by the contract's
 * schema — equal as JSON and in the same key order, for the owner's admin and the carrier's admin.
 */

let t: TestApp;
let c: Awaited<ReturnType<typeof twoCompanies>>;
const ids: string[] = [];
let vans: string[] = [];
const SEED = 48;

const text = fc.string({
  unit: fc.oneof(
    fc.constantFrom(
      '"',
      '\\',
      '\n',
      '\t',
      '\u0001',
      '\u001f',
      '\u007f',
      '\u2028',
      'é',
      '🚚',
      '</script>',
      '/',
    ),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
  ),
  maxLength: 30,
});
/** A timestamp with microseconds, as PostgreSQL keeps them (the answer shows milliseconds, truncated). */
const micros = fc
  .record({
    at: fc.date({
      min: new Date('1970-01-01T00:00:00Z'),
      max: new Date('2100-01-01T00:00:00Z'),
      noInvalidDate: true,
    }),
    us: fc.integer({ min: 0, max: 999 }),
  })
  .map(({ at, us }) => `${at.toISOString().slice(0, -1)}${String(us).padStart(3, '0')}Z`);
const coordinate = fc.oneof(
  fc.double({ min: -90, max: 90, noNaN: true }),
  fc.constantFrom(0, -0, 1e-7, -1e-5, 51.5362, 89.99999999999999),
);

const variation = fc.record({
  name: text,
  description: text,
  isActive: fc.boolean(),
  live: fc.constantFrom(
    'created',
    'scheduled',
    'assigned',
    'en-route-to-pickup',
    'delivered',
    'completed',
    'cancelled',
    'failed',
  ),
  quote: fc.constantFrom('draft', 'quoted', 'accepted', 'rejected', 'expired'),
  cancel: fc.option(fc.constantFrom('shipper-request', 'weather', 'other'), { nil: null }),
  startedAt: fc.option(micros, { nil: null }),
  completedAt: fc.option(micros, { nil: null }),
  changedAt: micros,
  isScheduled: fc.boolean(),
  ints: fc.array(fc.integer({ min: 0, max: 2_147_483_647 }), { minLength: 6, maxLength: 6 }),
  maxWeightKg: fc.oneof(fc.double({ min: 0, max: 1e6, noNaN: true }), fc.constantFrom(0, 12.5, 0.1, 1e-7)),
  location: fc.option(fc.tuple(coordinate, coordinate), { nil: null }),
  halfLocation: fc.boolean(),
  activeStep: fc.boolean(),
  carrier: fc.constantFrom('none', 'courier', 'owner'),
  windows: fc.array(
    fc.record({ start: micros, type: fc.constantFrom('pickup', 'dropoff', 'whole-delivery') }),
    {
      maxLength: 3,
    },
  ),
  sameStart: fc.boolean(),
  quotes: fc.integer({ min: 0, max: 3 }),
  assignments: fc.array(
    fc.record({ van: fc.integer({ min: 0, max: 1 }), driver: fc.boolean(), open: fc.boolean() }),
    {
      maxLength: 3,
    },
  ),
});

/** A double as SQL text: the pg driver sends -0 as "0", so a negative zero is written out. */
const float8 = (x: number) => sql`${Object.is(x, -0) ? '-0' : String(x)}::float8`;

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t);
  const db = t.database.db;
  await db.update(driverInfos).set({ statusSlug: 'available' });
  vans = await Promise.all(
    ['Van A', 'Van B'].map(
      async (name, i) =>
        (await c.adminA.post(`${c.base}/vehicle`, { name, registrationNumber: `DA${i}` })).json<{
          data: { uuid: string };
        }>().data.uuid,
    ),
  );
  const drawn = fc.sample(variation, { seed: SEED, numRuns: 24 });
  // Edges a draw may miss: negative zeros (JSON.stringify writes 0), tiny numbers PostgreSQL writes with exponents.
  drawn[0] = { ...drawn[0]!, location: [-0, 1e-7], halfLocation: false, maxWeightKg: -0 };
  drawn[1] = { ...drawn[1]!, location: [-1e-5, -0], halfLocation: false, maxWeightKg: 1e-7 };
  for (const [i, v] of drawn.entries()) {
    const created = await createTestDelivery(c.adminA, c.base, { name: `Run ${i}` });
    const id = created.uuid;
    ids.push(id);
    const [lat, lng] = v.location ?? [null, null];
    await db
      .update(deliveries)
      .set({
        name: v.name,
        description: v.description,
        isActive: v.isActive,
        liveStatusSlug: v.live,
        quoteStatusSlug: v.quote,
        cancelTypeSlug: v.cancel,
        startedAt: v.startedAt === null ? null : sql`${v.startedAt}::timestamptz`,
        completedAt: v.completedAt === null ? null : sql`${v.completedAt}::timestamptz`,
        liveStatusChangedAt: sql`${v.changedAt}::timestamptz`,
        quoteStatusChangedAt: sql`${v.changedAt}::timestamptz + interval '1 microsecond'`,
        isScheduled: v.isScheduled,
        distanceM: v.ints[0],
        originalDistanceM: v.ints[1],
        durationS: v.ints[2],
        originalDurationS: v.ints[3],
        maxVolumeCm3: v.ints[4],
        maxParcelPriceMinor: v.ints[5],
        maxWeightKg: float8(v.maxWeightKg),
        lat: lat === null ? null : float8(lat),
        lng: v.halfLocation || lng === null ? null : float8(lng),
        activeStepId: v.activeStep ? created.deliverySteps[0]!.deliveryStepUuid : null,
        carrierCompanyId:
          v.carrier === 'courier' ? c.companyB.id : v.carrier === 'owner' ? c.companyA.id : null,
      })
      .where(eq(deliveries.id, id));
    await db.delete(deliveryScheduleWindows).where(eq(deliveryScheduleWindows.deliveryId, id));
    for (const w of v.windows) {
      const start = v.sameStart ? v.windows[0]!.start : w.start;
      await db.insert(deliveryScheduleWindows).values({
        deliveryId: id,
        typeSlug: w.type,
        startAt: sql`${start}::timestamptz`,
        endAt: sql`${start}::timestamptz + interval '2 hours 0.000999 seconds'`,
      });
    }
    for (let q = 0; q < v.quotes; q++) {
      await db.insert(deliveryQuotes).values({
        deliveryId: id,
        priceMinor: 1000 + q,
        currencyCode: 'GBP',
        validUntil: new Date('2030-01-01T00:00:00Z'),
        // Equal creation times: the id orders them.
        createdAt: new Date('2026-11-25T00:00:00Z'),
      });
    }
    for (const a of v.assignments) {
      await db.insert(deliveryAssignments).values({
        deliveryId: id,
        vehicleId: vans[a.van]!,
        driverUserIds: a.driver ? [c.driverAUser.id] : [],
        unassignedAt: a.open ? null : new Date(),
      });
    }
  }
  // Proofs and notes, shown by the detail only.
  const [withExtras] = ids;
  const created = await t.database.db
    .select({ id: deliverySteps.id })
    .from(deliverySteps)
    .where(eq(deliverySteps.deliveryId, withExtras!));
  expect(created.length).toBeGreaterThan(0);
  const detailRes = await c.adminA.get(`${c.base}/delivery/${withExtras}`);
  if (detailRes.statusCode !== 200) throw new Error(detailRes.body);
  const detail = detailRes.json<{
    data: { deliverySteps: { deliveryStepTasks: { deliveryStepTaskUuid: string }[] }[] };
  }>().data;
  const task = detail.deliverySteps[1]!.deliveryStepTasks[0]!.deliveryStepTaskUuid;
  for (const name of ['sig "one".png', 'zwei\\.png']) {
    const body = multipart(
      { deliveryStepTaskUuid: task, proofTypeSlug: 'signature' },
      {
        name,
        type: 'image/png',
        bytes: PNG,
      },
    );
    const res = await c.adminA.request(
      'POST',
      `${c.base}/delivery/${withExtras}/doc/step/task/proof`,
      body.body,
      {
        headers: body.headers,
      },
    );
    expect(res.statusCode).toBe(201);
  }
  for (const message of ['First "note"', 'Second\nline 🚚']) {
    const res = await c.adminA.post(`${c.base}/notes`, {
      noteableType: 'deliveries',
      noteableUuid: withExtras,
      message,
    });
    expect(res.statusCode).toBe(201);
  }
}, 120_000);
afterAll(() => t.close());

const actorOf = (
  user: { id: string },
  company: { id: string },
  type: 'shipper' | 'courier',
  roles: CompanyRoleSlug[],
): Actor => ({
  userId: user.id,
  isPlatformAdmin: false,
  memberships: [{ companyId: company.id, companyTypeSlug: type, roles }],
});

/** The reference: the rows presented by `presentDelivery` (and the detail's documents and notes by their domains). */
async function reference(id: string, actor: Actor, detailOf?: { companyId: string; companySlug: string }) {
  const db = t.database.db;
  const access = await deliveryAccess(db, actor, 'read', id);
  const row = (await findDeliveryRow(db, access))!;
  const delivery = presentDelivery(row, childrenOf([row]), actor);
  if (!detailOf) return delivery;
  const extras = (await findDeliveryDetailRow(db, access, detailOf.companyId))!;
  return {
    ...delivery,
    deliveryDocuments: documentsFromJson(extras.documentsJson, detailOf.companySlug),
    notes: notesFromJson(extras.notesJson).map((n) => ({ message: n.message, noteObject: n })),
  };
}

/** Equal as JSON and in key order: both texts parsed and written again by the same JSON.stringify. */
function expectSameJson(sent: string, expected: unknown) {
  const parsed: unknown = JSON.parse(sent);
  expect(parsed).toEqual(JSON.parse(JSON.stringify(expected)));
  expect(JSON.stringify(parsed)).toBe(JSON.stringify(expected));
}

describe('answers written by PostgreSQL equal the contract encoding of presentDelivery (decision 048)', () => {
  it('has drawn what it means to compare', async () => {
    const rows = await t.database.db
      .select({ lat: deliveries.lat, carrier: deliveries.carrierCompanyId, started: deliveries.startedAt })
      .from(deliveries);
    expect(rows.some((r) => r.lat === null)).toBe(true);
    expect(rows.some((r) => r.lat !== null)).toBe(true);
    expect(rows.some((r) => r.carrier === c.companyB.id)).toBe(true);
    expect(rows.some((r) => r.started !== null)).toBe(true);
  });

  it('the list page, as the owner admin and the carrier admin, both orders', async () => {
    const viewers = [
      {
        agent: c.adminA,
        base: c.base,
        actor: actorOf(c.adminAUser, c.companyA, 'shipper', ['company-admin']),
      },
      {
        agent: c.adminB,
        base: c.baseB,
        actor: actorOf(c.adminBUser, c.companyB, 'courier', ['company-admin']),
      },
    ];
    const envelope = envelopeOf(deliveryCalls.listDeliveries.data);
    for (const v of viewers) {
      for (const order of ['desc', 'asc']) {
        const res = await v.agent.get(`${v.base}/delivery?per_page=100&order=${order}`);
        expect(res.statusCode).toBe(200);
        const sent = JSON.parse(res.body) as { data: { uuid: string }[]; meta: unknown };
        expect(sent.data.length).toBeGreaterThan(0);
        const expected = z.encode(envelope, {
          data: await Promise.all(sent.data.map((d) => reference(d.uuid, v.actor))),
          meta: sent.meta as z.output<typeof envelope>['meta'],
        });
        // Valid for the contract, and equal to the reference encoding.
        expect(() => envelope.parse(JSON.parse(res.body))).not.toThrow();
        expectSameJson(res.body, expected);
      }
    }
    // The meta in the contract's key order, with the cursor of a full page.
    const page = await c.adminA.get(`${c.base}/delivery?per_page=5`);
    const meta = (JSON.parse(page.body) as { meta: z.input<typeof envelope>['meta'] }).meta;
    expect(Object.keys(meta!)).toEqual(['current_page', 'last_page', 'per_page', 'total', 'next_cursor']);
    expectSameJson(JSON.stringify(meta), z.encode(envelope.shape.meta, meta));
  });

  it('the detail, as the owner admin and the carrier admin, with proofs and notes', async () => {
    const envelope = envelopeOf(deliveryCalls.getDelivery.data);
    let compared = 0;
    for (const id of ids) {
      const viewers = [
        {
          agent: c.adminA,
          base: c.base,
          actor: actorOf(c.adminAUser, c.companyA, 'shipper', ['company-admin']),
          company: c.companyA,
        },
        {
          agent: c.adminB,
          base: c.baseB,
          actor: actorOf(c.adminBUser, c.companyB, 'courier', ['company-admin']),
          company: c.companyB,
        },
      ];
      for (const v of viewers) {
        const res = await v.agent.get(`${v.base}/delivery/${id}`);
        if (res.statusCode === 404) continue; // not carried by B
        expect(res.statusCode).toBe(200);
        const expected = z.encode(envelope, {
          data: await reference(id, v.actor, { companyId: v.company.id, companySlug: v.company.slug }),
        });
        expect(() => envelope.parse(JSON.parse(res.body))).not.toThrow();
        expectSameJson(res.body, expected);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(ids.length);
    const withExtras = JSON.parse((await c.adminA.get(`${c.base}/delivery/${ids[0]}`)).body) as {
      data: { deliveryDocuments: unknown[]; notes: unknown[] };
    };
    expect(withExtras.data.deliveryDocuments).toHaveLength(2);
    expect(withExtras.data.notes).toHaveLength(2);
  });
});
