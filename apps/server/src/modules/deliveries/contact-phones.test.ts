import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  companies,
  contacts,
  deliveryStepTaskContacts,
  deliveryStepTasks,
  deliverySteps,
} from '../../db/schema/index.js';
import { twoCompanies } from '../../test/company-fixture.js';
import { createTestDelivery, testDropoff, testPickup } from '../../test/delivery-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

// A contact's number is kept in E.164 with the company's country for one written without its prefix (issue 36,
// decision 071): one form for the driver's "Call" and the recipient's text messages; a number that cannot be one is
// refused on its field, nothing written.

let t: TestApp;
let f: Awaited<ReturnType<typeof twoCompanies>>;

beforeAll(async () => {
  t = await createTestApp();
  f = await twoCompanies(t);
});
afterAll(() => t.close());

async function phonesOf(deliveryUuid: string) {
  const rows = await t.database.db
    .select({ phone: contacts.phoneNumber })
    .from(contacts)
    .innerJoin(deliveryStepTaskContacts, eq(deliveryStepTaskContacts.contactId, contacts.id))
    .innerJoin(deliveryStepTasks, eq(deliveryStepTasks.id, deliveryStepTaskContacts.taskId))
    .innerJoin(deliverySteps, eq(deliverySteps.id, deliveryStepTasks.stepId))
    .where(eq(deliverySteps.deliveryId, deliveryUuid));
  return rows.map((r) => r.phone).sort();
}

const withContact = (phoneNumber: string) => ({
  steps: [testPickup, { ...testDropoff, contacts: [{ firstname: 'Jo', lastname: 'Reader', phoneNumber }] }],
});

describe("a contact's phone number", () => {
  it('is kept in E.164, read with the company country when written without its prefix', async () => {
    const d = await createTestDelivery(f.adminA, f.base, withContact('07700 900123'));
    expect(await phonesOf(d.uuid)).toEqual(['+447700900123']);
    // A company in the United States reads a local number as American.
    await t.database.db.update(companies).set({ countryCode: 'US' }).where(eq(companies.id, f.companyA.id));
    const us = await createTestDelivery(f.adminA, f.base, withContact('(415) 555-0100'));
    expect(await phonesOf(us.uuid)).toEqual(['+14155550100']);
    await t.database.db.update(companies).set({ countryCode: null }).where(eq(companies.id, f.companyA.id));
    // No number stays none.
    expect(await phonesOf((await createTestDelivery(f.adminA, f.base, withContact(''))).uuid)).toEqual(['']);
  });

  it('is refused on its field when it cannot be a number, with nothing written', async () => {
    const before = (await t.database.db.select({ id: contacts.id }).from(contacts)).length;
    const res = await f.adminA.post(`${f.base}/delivery/create-delivery`, {
      name: 'Bad phone',
      ...withContact('12'),
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json<{ errors: object }>().errors)).toEqual(['steps.1.contacts.0.phoneNumber']);
    expect((await t.database.db.select({ id: contacts.id }).from(contacts)).length).toBe(before);

    const d = await createTestDelivery(f.adminA, f.base);
    const task = d.deliverySteps[1]!.deliveryStepTasks[0]!.deliveryStepTaskUuid;
    const add = (phoneNumber: string) =>
      f.adminA.post(`${f.base}/delivery/${d.uuid}/add-contact-to-step-task`, {
        deliveryStepTaskUuid: task,
        contact: { firstname: 'Al', lastname: 'Door', phoneNumber },
      });
    const bad = await add('call me');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json<{ errors: object }>().errors)).toEqual(['contact.phoneNumber']);
    const good = await add('+44 (0)20 7946 0000');
    expect(good.statusCode, good.body).toBe(201);
    expect(await phonesOf(d.uuid)).toEqual(['+442079460000']);
  });

  it('is checked per item in a batch: a bad number refuses only its own item', async () => {
    const res = await f.adminA.post(`${f.base}/delivery/batch`, {
      deliveries: [
        { name: 'Good', ...withContact('07700 900124') },
        { name: 'Bad', ...withContact('999') },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json<{ data: { items: { status: string; uuid?: string; errors?: object }[] } }>().data
      .items;
    expect(items.map((i) => i.status)).toEqual(['created', 'failed']);
    expect(Object.keys(items[1]!.errors!)).toEqual(['steps.1.contacts.0.phoneNumber']);
    expect(await phonesOf(items[0]!.uuid!)).toEqual(['+447700900124']);
  });
});
