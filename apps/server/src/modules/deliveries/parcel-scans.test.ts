import type { Parcel, ParcelScanResult } from '@courier/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverInfos, events, parcelScans } from '../../db/schema/index.js';
import { twoCompanies } from '../../test/company-fixture.js';
import {
  createTestDelivery,
  testDropoff,
  testPickup,
  type TestDelivery,
} from '../../test/delivery-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** Parcel scans at pickup and dropoff (issue 34): recorded once, and a wrong stop, delivery or repeat told plainly. */
let t: TestApp;
let c: Awaited<ReturnType<typeof twoCompanies>>;
let van: string;
const me = '/api/v1/driver';

type Stop = { deliveryStepUuid: string; parcels: Parcel[] };

async function assignedDelivery(name: string, parcelNames: string[]) {
  const d = await createTestDelivery(c.adminA, c.base, {
    name,
    parcels: parcelNames.map((n) => ({ name: n, weightKg: 2 })),
  });
  const link = await c.adminA.post(`${c.base}/delivery/${d.uuid}/vehicle/driver`, {
    vehicleUuid: van,
    driverUserUuids: [c.driverAUser.id],
  });
  expect(link.statusCode).toBe(200);
  const parcels = (await c.adminA.get(`${c.base}/delivery/parcel?deliveryUuid=${d.uuid}`)).json<{
    data: Parcel[];
  }>().data;
  return { ...d, parcels, pickup: stepOf(d, 0), dropoff: stepOf(d, 1) };
}
const stepOf = (d: TestDelivery, i: number) => d.deliverySteps[i]!.deliveryStepUuid;

const scan = (uuid: string, body: Record<string, unknown>) =>
  c.driverA.post(`${me}/delivery/${uuid}/scan`, body);
const scansOf = async (deliveryId: string) =>
  (
    await t.database.db.select({ n: count() }).from(parcelScans).where(eq(parcelScans.deliveryId, deliveryId))
  )[0]?.n ?? 0;

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t);
  await t.database.db.update(driverInfos).set({ statusSlug: 'available' });
  van = (await c.adminA.post(`${c.base}/vehicle`, { name: 'Van', registrationNumber: 'SC1' })).json<{
    data: { uuid: string };
  }>().data.uuid;
});
afterAll(() => t.close());

describe('scanning parcels', () => {
  it('records a scan at the pickup and at the dropoff, shown on the driver’s stops and the office’s parcels', async () => {
    const d = await assignedDelivery('Scan run', ['Box one', 'Box two']);
    const box = d.parcels.find((p) => p.name === 'Box one')!;
    const at = new Date(Date.now() - 60_000).toISOString();
    // Typed in small letters, as a driver might: the code is the same.
    const picked = await scan(d.uuid, {
      deliveryStepUuid: d.pickup,
      code: ` ${box.trackingCode!.toLowerCase()} `,
      scannedAt: at,
    });
    expect(picked.statusCode, picked.body).toBe(201);
    const result = picked.json<{ data: ParcelScanResult; message: string }>();
    expect(result.message).toBe('Box one: collected.');
    expect(result.data.scan).toMatchObject({
      parcelUuid: box.uuid,
      deliveryStepUuid: d.pickup,
      stepOrderNo: 1,
      kind: 'pickup',
      scannedAt: at,
      scannedByName: 'Test',
    });
    expect((await scan(d.uuid, { deliveryStepUuid: d.dropoff, code: box.trackingCode })).statusCode).toBe(
      201,
    );

    const stops = (await c.driverA.get(`${me}/delivery/${d.uuid}`)).json<{ data: { stops: Stop[] } }>().data
      .stops;
    const onPickup = stops[0]!.parcels.find((p) => p.uuid === box.uuid)!;
    expect(onPickup.scans?.map((s) => s.kind)).toEqual(['pickup', 'dropoff']);
    expect(stops[0]!.parcels.find((p) => p.uuid !== box.uuid)?.scans).toEqual([]);
    const office = (await c.adminA.get(`${c.base}/delivery/parcel?deliveryUuid=${d.uuid}`)).json<{
      data: Parcel[];
    }>().data;
    expect(office.find((p) => p.uuid === box.uuid)?.scans?.map((s) => s.deliveryStepUuid)).toEqual([
      d.pickup,
      d.dropoff,
    ]);
    // The office hears of it on the live stream.
    const scanEvents = await t.database.db.select().from(events).where(eq(events.type, 'delivery.scan'));
    expect(scanEvents.filter((e) => e.deliveryId === d.uuid)).toHaveLength(2);
  });

  it('refuses a second scan at the same stop with 409, saying when it was scanned, and stores it once', async () => {
    const d = await assignedDelivery('Twice run', ['Crate']);
    const code = d.parcels[0]!.trackingCode;
    expect((await scan(d.uuid, { deliveryStepUuid: d.pickup, code })).statusCode).toBe(201);
    const again = await scan(d.uuid, { deliveryStepUuid: d.pickup, code });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toMatch(
      /^“Crate” was scanned here already at \d\d:\d\d UTC/,
    );
    expect(await scansOf(d.uuid)).toBe(1);
  });

  it("tells a parcel of the driver's other delivery, an unknown code and a wrong stop apart, and stores none", async () => {
    const d = await assignedDelivery('Morning run', ['Left box']);
    const other = await assignedDelivery('Afternoon run', ['Right box']);
    const mixed = await scan(d.uuid, { deliveryStepUuid: d.pickup, code: other.parcels[0]!.trackingCode });
    expect(mixed.statusCode).toBe(422);
    expect(mixed.json<{ errors: Record<string, string[]> }>().errors.code?.[0]).toMatch(
      /is not on this delivery: it is on your delivery “Afternoon run”/,
    );
    const unknown = await scan(d.uuid, { deliveryStepUuid: d.pickup, code: 'ZZZZZZZZZZ' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json<{ errors: Record<string, string[]> }>().errors.code?.[0]).toMatch(
      /^No parcel of this delivery has the code ZZZZZZZZZZ/,
    );
    // A parcel of another company's delivery is an unknown code: nothing of it is told.
    const theirs = await createTestDelivery(c.adminB, c.baseB, { name: 'Theirs', parcels: [{ name: 'X' }] });
    const theirParcel = (await c.adminB.get(`${c.baseB}/delivery/parcel?deliveryUuid=${theirs.uuid}`)).json<{
      data: Parcel[];
    }>().data[0]!;
    const foreign = await scan(d.uuid, { deliveryStepUuid: d.pickup, code: theirParcel.trackingCode });
    expect(foreign.json<{ errors: Record<string, string[]> }>().errors.code?.[0]).toMatch(/^No parcel/);

    // A stop between the pickup and the dropoff where the parcel is neither collected nor handed over.
    const three = await createTestDelivery(c.adminA, c.base, {
      name: 'Three stops',
      parcels: [{ name: 'Middle box' }],
      steps: [
        { kind: 'pickup', address: { ...testPickup.address, line1: '1 First Street' } },
        { kind: 'dropoff', address: { ...testDropoff.address, line1: '2 Second Street' } },
        { kind: 'dropoff', address: { ...testDropoff.address, line1: '3 Third Street' } },
      ],
    });
    await c.adminA.post(`${c.base}/delivery/${three.uuid}/vehicle/driver`, {
      vehicleUuid: van,
      driverUserUuids: [c.driverAUser.id],
    });
    const middle = (await c.adminA.get(`${c.base}/delivery/parcel?deliveryUuid=${three.uuid}`)).json<{
      data: Parcel[];
    }>().data[0]!;
    const wrong = await scan(three.uuid, { deliveryStepUuid: stepOf(three, 1), code: middle.trackingCode });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json<{ message: string }>().message).toBe(
      '“Middle box” is not for this stop: it is collected at stop 1 (1 First Street) and handed over at stop 3 ' +
        '(3 Third Street).',
    );
    for (const id of [d.uuid, three.uuid]) expect(await scansOf(id)).toBe(0);
  });

  it('refuses a stop of another delivery, a time in the future, an empty code and a stranger', async () => {
    const d = await assignedDelivery('Checks run', ['Tube']);
    const other = await assignedDelivery('Other run', ['Sack']);
    const code = d.parcels[0]!.trackingCode;
    const foreignStop = await scan(d.uuid, { deliveryStepUuid: other.pickup, code });
    expect(foreignStop.statusCode).toBe(422);
    expect(foreignStop.json<{ errors: Record<string, string[]> }>().errors.deliveryStepUuid).toEqual([
      'That stop is not on this delivery.',
    ]);
    const future = await scan(d.uuid, {
      deliveryStepUuid: d.pickup,
      code,
      scannedAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(future.statusCode).toBe(422);
    const empty = await scan(d.uuid, { deliveryStepUuid: d.pickup, code: '  ' });
    expect(empty.statusCode).toBe(422);
    // Another company's admin, who drives nothing: refused before the delivery is looked at.
    const stranger = await c.adminB.post(`${me}/delivery/${d.uuid}/scan`, {
      deliveryStepUuid: d.pickup,
      code,
    });
    expect(stranger.statusCode).toBe(403);
    expect(await scansOf(d.uuid)).toBe(0);
  });
});
