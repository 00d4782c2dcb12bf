import type { DriverDelivery, DriverStop, Parcel } from '@courier/contract';
import { describe, expect, it } from 'vitest';
import type { QueuedWrite } from './offline/queued-write';
import { checkScan, queuedScans, scanMessage } from './scans';

let seq = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`;

const parcel = (name: string, code: string, scans: Parcel['scans'] = []): Parcel => ({
  uuid: uuid(),
  name,
  volumeCm3: 0,
  weightKg: 1,
  quantity: 1,
  isFragile: false,
  trackingCode: code,
  scans,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

function stop(order: number, type: string, parcels: Parcel[], line1 = `${order} High Street`): DriverStop {
  const id = uuid();
  return {
    deliveryStepUuid: id,
    stepOrderNo: order,
    address: { uuid: uuid(), line1, city: 'London', postcode: 'N1 1AA', countryCode: 'GB' },
    location: null,
    tasks: [
      {
        uuid: uuid(),
        deliveryStepTaskUuid: uuid(),
        deliveryStepUuid: id,
        deliveryStepTaskTypeSlug: type,
        taskOrderNo: 1,
        completedAt: null,
      },
    ],
    contacts: [],
    parcels,
    plan: null,
    etaAt: null,
    recipientInstructions: null,
  };
}

const delivery = (name: string, stops: DriverStop[]) =>
  ({ uuid: uuid(), name, deliveryLiveStatusTypeSlug: 'at-pickup', stops }) as unknown as DriverDelivery;

const queued = (d: DriverDelivery, s: DriverStop, code: string, state: 'waiting' | 'failed' = 'waiting') =>
  ({
    state,
    write: { kind: 'scan', deliveryUuid: d.uuid, body: { deliveryStepUuid: s.deliveryStepUuid, code } },
  }) as QueuedWrite;

const box = parcel('Box one', 'ABCDEFGH23');
const middle = parcel('Middle box', 'MMMMMMMM22');
const pickup = stop(1, 'pickup', [box, middle], '1 First Street');
const drop2 = stop(2, 'dropoff', [box]);
const drop3 = stop(3, 'dropoff', [middle], '3 Third Street');
const run = delivery('Morning run', [pickup, drop2, drop3]);
const later = delivery('Afternoon run', [stop(1, 'pickup', [parcel('Far box', 'FARFARFA22')])]);
const clock = (iso: string) => iso.slice(11, 16);

describe('checking a scan on the phone', () => {
  it('accepts a parcel of the stop, typed in small letters with spaces', () => {
    const check = checkScan(run, pickup, '  abcdefgh23 ', { waiting: [], others: [] });
    expect(check).toMatchObject({ kind: 'ok', parcel: { name: 'Box one' }, verb: 'collected' });
    expect(scanMessage(check, clock)).toBe('Box one: collected.');
    expect(checkScan(run, drop2, 'ABCDEFGH23', { waiting: [], others: [] })).toMatchObject({
      kind: 'ok',
      verb: 'handed over',
    });
  });

  it('tells a second scan at the same stop, whether the server has it or it waits on the phone', () => {
    const scanned = parcel('Crate', 'CRATECRA22', [
      {
        uuid: uuid(),
        parcelUuid: uuid(),
        deliveryStepUuid: '',
        stepOrderNo: 1,
        kind: 'pickup',
        scannedAt: '2026-11-29T14:02:00.000Z',
        scannedByName: 'Dan',
      },
    ]);
    const here = stop(1, 'pickup', [scanned]);
    scanned.scans![0]!.deliveryStepUuid = here.deliveryStepUuid;
    const d = delivery('Crates', [here]);
    const onServer = checkScan(d, here, 'CRATECRA22', { waiting: [], others: [] });
    expect(scanMessage(onServer, clock)).toBe(
      '“Crate” was scanned here already at 14:02: it is counted once.',
    );
    const waiting = queuedScans([queued(run, pickup, 'abcdefgh23')], run.uuid);
    expect(checkScan(run, pickup, 'ABCDEFGH23', { waiting, others: [] }).kind).toBe('twice');
    // A refused scan is not a scan: the parcel may be scanned again.
    const failed = queuedScans([queued(run, pickup, 'ABCDEFGH23', 'failed')], run.uuid);
    expect(checkScan(run, pickup, 'ABCDEFGH23', { waiting: failed, others: [] }).kind).toBe('ok');
  });

  it('says where a parcel of another stop is collected and handed over', () => {
    const check = checkScan(run, drop2, 'MMMMMMMM22', { waiting: [], others: [] });
    expect(scanMessage(check, clock)).toBe(
      '“Middle box” is not for this stop: it is collected at stop 1 (1 First Street) and handed over at stop 3 ' +
        '(3 Third Street).',
    );
  });

  it("names the driver's other delivery a parcel is on, and tells an unknown code", () => {
    const other = checkScan(run, pickup, 'FARFARFA22', { waiting: [], others: [run, later] });
    expect(scanMessage(other, clock)).toBe(
      'This parcel is not on this delivery: it is on your delivery “Afternoon run”. Keep it for that run.',
    );
    const unknown = checkScan(run, pickup, 'zzzz', { waiting: [], others: [run, later] });
    expect(scanMessage(unknown, clock)).toBe(
      'No parcel of this delivery has the code ZZZZ. Check the label, or type the code under its barcode.',
    );
  });
});
