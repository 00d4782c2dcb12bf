import { parse } from 'content-disposition';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries } from '../../db/schema/index.js';
import { Agent } from '../../test/agent.js';
import { twoCompanies } from '../../test/company-fixture.js';
import { createTestDelivery, testDropoff, testPickup } from '../../test/delivery-fixture.js';
import { createCompany, createUser, TEST_PASSWORD } from '../../test/factories.js';
import { pdfPages } from '../../test/pdf-text.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { LABEL_PAGE_SIZES, renderLabelsPdf, type ParcelLabel } from './labels.pdf.js';
import { presentLabels } from './labels.presenter.js';
import type { LabelParcelRow, LabelStopRow } from './labels.queries.js';

let t: TestApp;
let c: Awaited<ReturnType<typeof twoCompanies>>;
let stranger: Agent;
let strangerBase: string;
/** A delivery of A's with three parcels, carried by B; and one of A's with none. */
let delivery: string;
let empty: string;
let parcels: { uuid: string; name: string; trackingCode: string }[];

const labelsOf = (base: string, uuid: string, query = '') => `${base}/delivery/${uuid}/labels.pdf${query}`;
const pagesOf = async (res: { rawPayload: Buffer }) => pdfPages(res.rawPayload);

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t);
  const other = await createCompany(t.database.db);
  const admin = await createUser(t.database.db, { company: other, roles: ['company-admin'] });
  stranger = new Agent(t.app);
  await stranger.login(admin.email, TEST_PASSWORD);
  strangerBase = `/api/v1/c/${other.slug}/admin`;

  delivery = (
    await createTestDelivery(c.adminA, c.base, {
      name: 'Summer order',
      externalId: 'ORD-4711',
      steps: [
        { ...testPickup, contacts: [{ firstname: 'Ann', lastname: 'Lee', companyName: 'Bloom' }] },
        { ...testDropoff, contacts: [{ firstname: 'Zoë', lastname: 'Łukasiewicz' }] },
      ],
      parcels: [
        { name: 'Vase', weightKg: 1.5, quantity: 1, isFragile: true },
        { name: 'Books', weightKg: 12, quantity: 4 },
        { name: 'Lamp', weightKg: 3, quantity: 1 },
      ],
    })
  ).uuid;
  // The parcel list's order is the labels' order: "2 of 3" is the second parcel there.
  parcels = (await c.adminA.get(`${c.base}/delivery/parcel?deliveryUuid=${delivery}`)).json<{
    data: { uuid: string; name: string; trackingCode: string }[];
  }>().data;
  await t.database.db
    .update(deliveries)
    .set({ carrierCompanyId: c.companyB.id })
    .where(eq(deliveries.id, delivery));
  empty = (await createTestDelivery(c.adminA, c.base)).uuid;
});
afterAll(() => t.close());

describe("a delivery's labels", () => {
  it('answers a PDF of 4x6 in pages, one per parcel, counted "n of 3" in the parcel list\'s order', async () => {
    const res = await c.adminA.get(labelsOf(c.base, delivery));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(parse(res.headers['content-disposition']!)).toEqual({
      type: 'inline',
      parameters: { filename: 'labels-ORD-4711.pdf' },
    });
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = await pagesOf(res);
    expect(pages).toHaveLength(3);
    pages.forEach((page, i) => {
      expect([page.width, page.height]).toEqual([288, 432]);
      const parcel = parcels[i]!;
      expect(page.text).toContain(`${i + 1} of 3`);
      expect(page.text).toContain(parcel.name);
      expect(page.text).toContain(parcel.trackingCode);
      expect(page.text.includes('FRAGILE')).toBe(parcel.name === 'Vase');
      expect(page.text.includes('Qty 4')).toBe(parcel.name === 'Books');
    });
    // Names as written, in an embedded font: the sender's and the recipient's with their addresses.
    expect(pages[0]!.text).toContain('Zoë Łukasiewicz');
    expect(pages[0]!.text).toMatch(/Ann Lee\nBloom\n1 Upper St\nLondon N1 0PQ, United Kingdom/);
    expect(pages[0]!.text).toMatch(/10 Mare St\nLondon E8 1HE\nUnited Kingdom/);
    expect(pages[0]!.text).toContain('Summer order\nOrder ORD-4711');
    expect(pages[0]!.text).toContain('Track this delivery');
  });

  it("prints one parcel's label with its place among the delivery's parcels; another delivery's parcel is 404", async () => {
    const second = parcels[1]!;
    const res = await c.adminA.get(labelsOf(c.base, delivery, `?parcel=${second.uuid}`));
    expect(res.statusCode).toBe(200);
    expect(parse(res.headers['content-disposition']!).parameters.filename).toBe(
      `label-${second.trackingCode}.pdf`,
    );
    const pages = await pagesOf(res);
    expect(pages).toHaveLength(1);
    expect(pages[0]!.text).toContain('2 of 3');
    expect(pages[0]!.text).toContain(second.trackingCode);
    const another = (
      await createTestDelivery(c.adminA, c.base, { parcels: [{ name: 'Box', weightKg: 1, quantity: 1 }] })
    ).uuid;
    expect((await c.adminA.get(labelsOf(c.base, another, `?parcel=${second.uuid}`))).statusCode).toBe(404);
    const unknown = await c.adminA.get(labelsOf(c.base, delivery, `?parcel=${crypto.randomUUID()}`));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Parcel not found.' });
  });

  it('prints on A6 when asked, and refuses a size it does not know', async () => {
    const res = await c.adminA.get(labelsOf(c.base, delivery, '?size=a6'));
    const pages = await pagesOf(res);
    expect(pages.map((p) => [p.width, p.height])).toEqual(Array(3).fill(LABEL_PAGE_SIZES.a6));
    const refused = await c.adminA.get(labelsOf(c.base, delivery, '?size=a5'));
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ errors: { size: ['Choose a size of 4x6 or a6.'] } });
  });

  it('answers 422 for a delivery with no parcels', async () => {
    const res = await c.adminA.get(labelsOf(c.base, empty));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'This delivery has no parcels to label.',
      errors: { deliveryUuid: ['This delivery has no parcels to label.'] },
    });
  });

  it("is the carrier's admins' too; a stranger is told 404, a driver 403, the signed-out 401", async () => {
    const carried = await c.adminB.get(labelsOf(c.baseB, delivery));
    expect(carried.statusCode).toBe(200);
    expect(await pagesOf(carried)).toHaveLength(3);
    expect((await stranger.get(labelsOf(strangerBase, delivery))).statusCode).toBe(404);
    // Through another company's slug than the caller's own: the company itself is not found.
    expect((await stranger.get(labelsOf(c.base, delivery))).statusCode).toBe(404);
    // B carries only the one delivery: A's other is a stranger's to B.
    expect((await c.adminB.get(labelsOf(c.baseB, empty))).statusCode).toBe(404);
    expect((await c.driverA.get(labelsOf(c.base, delivery))).statusCode).toBe(403);
    expect((await new Agent(t.app).get(labelsOf(c.base, delivery))).statusCode).toBe(401);
  });
});

describe('the labels of several deliveries', () => {
  const many = (base: string, ids: string[], extra = '') =>
    `${base}/labels.pdf?${ids.map((id) => `delivery=${id}`).join('&')}${extra}`;

  it('answers every parcel of the deliveries in the order asked, each delivery once, leaving out those with none', async () => {
    const single = (
      await createTestDelivery(c.adminA, c.base, {
        name: 'Один пакет',
        parcels: [{ name: 'Κουτί', weightKg: 1, quantity: 1 }],
      })
    ).uuid;
    const res = await c.adminA.get(many(c.base, [single, empty, delivery, single]));
    expect(res.statusCode).toBe(200);
    expect(parse(res.headers['content-disposition']!).parameters.filename).toBe('labels-3-deliveries.pdf');
    const pages = await pagesOf(res);
    expect(pages).toHaveLength(4);
    expect(pages[0]!.text).toContain('Один пакет');
    expect(pages[0]!.text).toContain('Κουτί');
    expect(pages[0]!.text).toContain('1 of 1');
    expect(pages.slice(1).map((p) => /(\d) of 3/.exec(p.text)?.[1])).toEqual(['1', '2', '3']);
    // One delivery alone, in the form a query string gives it.
    expect(await pagesOf(await c.adminA.get(many(c.base, [single])))).toHaveLength(1);
  });

  it('answers 422 when none has parcels, none is named, or more than 100 are', async () => {
    const none = await c.adminA.get(many(c.base, [empty]));
    expect(none.statusCode).toBe(422);
    expect(none.json()).toMatchObject({ message: 'None of these deliveries has parcels to label.' });
    const unnamed = await c.adminA.get(`${c.base}/labels.pdf`);
    expect(unnamed.statusCode).toBe(422);
    expect(unnamed.json()).toMatchObject({
      errors: { delivery: ['Choose at least one delivery (delivery=<uuid>).'] },
    });
    const tooMany = await c.adminA.get(
      many(
        c.base,
        Array.from({ length: 101 }, () => crypto.randomUUID()),
      ),
    );
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json()).toMatchObject({
      errors: { delivery: ['Choose at most 100 deliveries at once.'] },
    });
    expect((await c.adminA.get(many(c.base, ['not-a-uuid']))).statusCode).toBe(422);
  });

  it("answers 404 when one of them is not the caller's to read, and serves the carrier what it carries", async () => {
    expect((await stranger.get(many(strangerBase, [delivery]))).statusCode).toBe(404);
    expect((await c.adminB.get(many(c.baseB, [delivery, empty]))).statusCode).toBe(404);
    const carried = await c.adminB.get(many(c.baseB, [delivery], '&size=a6'));
    expect(carried.statusCode).toBe(200);
    expect((await pagesOf(carried)).map((p) => [p.width, p.height])).toEqual(
      Array(3).fill(LABEL_PAGE_SIZES.a6),
    );
  });
});

describe('the label itself', () => {
  const label: ParcelLabel = {
    parcelUuid: crypto.randomUUID(),
    trackingCode: 'K7M2QX9PRT4H',
    parcelName: 'Crate',
    weightKg: 2.25,
    quantity: 1,
    isFragile: false,
    position: 1,
    count: 1,
    deliveryName: 'Δέλτα → Жуков, Straße 5',
    externalId: null,
    from: null,
    to: { contactName: null, companyName: 'Ærø ApS', street: [], place: null, region: null },
    trackingUrl: null,
  };

  it('prints Greek, Cyrillic and Latin as written, and says what it does not know', async () => {
    const [page] = await pdfPages(await renderLabelsPdf([label], { size: '4x6', compress: false }));
    expect(page!.text).toContain('Δέλτα → Жуков, Straße 5');
    expect(page!.text).toContain('FROM\nNot given');
    expect(page!.text).toContain('Ærø ApS\nNo address: a point on the map');
    expect(page!.text).toContain('2.25 kg');
    // No tracking link to share: no QR code, and no caption for one.
    expect(page!.text).not.toContain('Track this delivery');
  });
});

describe('the stops a label names', () => {
  const stop = (stepOrderNo: number, city: string): LabelStopRow => ({
    deliveryId: 'd',
    stepOrderNo,
    line1: `${stepOrderNo} High St`,
    line2: null,
    line3: null,
    city,
    county: null,
    postcode: 'AB1 2CD',
    countryCode: 'GB',
    contactFirstname: stepOrderNo === 1 ? 'Ann' : null,
    contactLastname: stepOrderNo === 1 ? 'Lee' : null,
    contactCompanyName: stepOrderNo === 1 ? '' : null,
  });
  const parcel = (id: string, fromStep: number | null, toStep: number | null): LabelParcelRow => ({
    deliveryId: 'd',
    deliveryName: 'Round',
    externalId: null,
    trackingToken: 't',
    id,
    name: id,
    weightKg: 1,
    quantity: 1,
    isFragile: false,
    trackingCode: id.toUpperCase(),
    fromStep,
    toStep,
  });

  it("are the parcel's first pickup and last dropoff, else the delivery's first and last stops", () => {
    const stops = [stop(1, 'Leeds'), stop(2, 'York'), stop(3, 'Hull'), stop(4, 'Bath')];
    const labels = presentLabels(
      ['d', 'other'],
      [parcel('a', 2, 3), parcel('b', null, null), parcel('c', 1, null)],
      stops,
      () => null,
    );
    expect(labels.map((l) => [l.parcelUuid, l.from?.place, l.to?.place, `${l.position}/${l.count}`])).toEqual(
      [
        ['a', 'York AB1 2CD', 'Hull AB1 2CD', '1/3'],
        ['b', 'Leeds AB1 2CD', 'Bath AB1 2CD', '2/3'],
        ['c', 'Leeds AB1 2CD', 'Bath AB1 2CD', '3/3'],
      ],
    );
    expect(labels[1]!.from).toEqual({
      contactName: 'Ann Lee',
      companyName: null,
      street: ['1 High St'],
      place: 'Leeds AB1 2CD',
      region: 'United Kingdom',
    });
    expect(labels[0]!.from?.contactName).toBeNull();
  });
});
