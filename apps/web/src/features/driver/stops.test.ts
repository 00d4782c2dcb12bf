import type { DriverDelivery, DriverStop } from '@courier/contract';
import { describe, expect, it } from 'vitest';
import {
  defaultPinTask,
  defaultProofTask,
  formatWindow,
  isLate,
  legOf,
  navigationLinks,
  nextStop,
  placeStops,
  splitDeliveries,
  stopHere,
  stopSummary,
  telLink,
} from './stops';

let seq = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`;

function stop(order: number, types: string[], extra: Partial<DriverStop> = {}): DriverStop {
  const id = uuid();
  return {
    deliveryStepUuid: id,
    stepOrderNo: order,
    address: {
      uuid: uuid(),
      line1: `${order} High Street`,
      city: 'London',
      postcode: 'N1 1AA',
      countryCode: 'GB',
    },
    location: { lat: 51.5, lng: -0.1 },
    tasks: types.map((type, i) => ({
      uuid: `${id.slice(0, -2)}${i}${i}`,
      deliveryStepTaskUuid: `${id.slice(0, -2)}${i}${i}`,
      deliveryStepUuid: id,
      deliveryStepTaskTypeSlug: type,
      taskOrderNo: i + 1,
      completedAt: null,
    })),
    contacts: [],
    parcels: [],
    plan: null,
    etaAt: null,
    recipientInstructions: null,
    ...extra,
  };
}

const parcel = (quantity: number) => ({
  uuid: uuid(),
  name: 'Box',
  volumeCm3: 1000,
  weightKg: 1,
  quantity,
  isFragile: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

function delivery(status: string, stops: DriverStop[], extra: Partial<DriverDelivery> = {}): DriverDelivery {
  return {
    uuid: uuid(),
    name: `Delivery ${seq}`,
    deliveryLiveStatusTypeSlug: status,
    activeDeliveryStepUuid: null,
    deliveryScheduleWindows: [],
    stops,
    ...extra,
  } as DriverDelivery;
}

describe('next stop', () => {
  const pickup = stop(1, ['pickup']);
  const dropoff = stop(2, ['dropoff', 'signature']);

  it('is the pickup until the parcels are picked up, then the dropoff', () => {
    for (const status of ['assigned', 'en-route-to-pickup', 'at-pickup'])
      expect(nextStop(delivery(status, [dropoff, pickup]))).toBe(pickup);
    for (const status of ['picked-up', 'en-route-to-dropoff', 'at-dropoff'])
      expect(nextStop(delivery(status, [pickup, dropoff]))).toBe(dropoff);
  });

  it('is none once delivered or ended, and the pickup to return a failed delivery to', () => {
    for (const status of ['delivered', 'completed', 'cancelled', 'returned'])
      expect(nextStop(delivery(status, [pickup, dropoff]))).toBeNull();
    expect(nextStop(delivery('failed', [pickup, dropoff]))).toBe(pickup);
  });

  it('skips stops whose tasks are all done and takes the first open one of the leg', () => {
    const done = stop(2, ['dropoff'], {});
    done.tasks[0]!.completedAt = '2026-01-01T10:00:00.000Z';
    const later = stop(3, ['dropoff']);
    expect(nextStop(delivery('en-route-to-dropoff', [pickup, done, later]))).toBe(later);
  });

  it("follows the server's active step when it names one", () => {
    const d = delivery('en-route-to-dropoff', [pickup, dropoff], {
      activeDeliveryStepUuid: pickup.deliveryStepUuid,
    });
    expect(nextStop(d)).toBe(pickup);
  });

  it('falls back to the first open stop when no stop is of the leg', () => {
    const other = stop(1, ['photo']);
    expect(nextStop(delivery('picked-up', [other]))).toBe(other);
    expect(nextStop(delivery('assigned', []))).toBeNull();
  });
});

describe('stop summary', () => {
  it('says where, what to do and how many parcels, with the window of its kind', () => {
    const pickup = stop(1, ['pickup'], { parcels: [parcel(2), parcel(1)] });
    const dropoff = stop(2, ['dropoff'], { parcels: [parcel(1)] });
    const d = delivery('assigned', [pickup, dropoff], {
      deliveryScheduleWindows: [
        { deliveryScheduleWindowTypeSlug: 'dropoff', startAt: '2026-01-01T14:00:00.000Z', endAt: 'x' },
        { deliveryScheduleWindowTypeSlug: 'whole-delivery', startAt: '2026-01-01T08:00:00.000Z', endAt: 'y' },
      ],
    });
    expect(stopSummary(d, pickup)).toEqual({
      kind: 'pickup',
      number: 1,
      todo: 'Pick up 3 parcels',
      address: '1 High Street, London N1 1AA, GB',
      window: { startAt: '2026-01-01T08:00:00.000Z', endAt: 'y' },
      parcels: 3,
    });
    expect(stopSummary(d, dropoff)).toMatchObject({
      number: 2,
      todo: 'Drop off 1 parcel',
      window: { startAt: '2026-01-01T14:00:00.000Z', endAt: 'x' },
    });
  });

  it('says Return at the pickup of a failed delivery, and copes with no address or parcels', () => {
    const pickup = stop(1, ['pickup'], { parcels: [parcel(1)] });
    expect(stopSummary(delivery('failed', [pickup]), pickup).todo).toBe('Return 1 parcel');
    const bare = stop(1, ['photo'], { address: null });
    expect(stopSummary(delivery('assigned', [bare]), bare)).toMatchObject({
      todo: 'Stop',
      address: 'No address on this stop',
      window: null,
    });
  });
});

describe('windows', () => {
  const now = new Date(2026, 10, 24, 9, 30);
  const at = (day: number, h: number, m = 0) => new Date(2026, 10, day, h, m).toISOString();

  it('names today and tomorrow and shows the hours', () => {
    expect(formatWindow({ startAt: at(24, 14), endAt: at(24, 16) }, now)).toBe('Today 14:00–16:00');
    expect(formatWindow({ startAt: at(25, 9), endAt: at(25, 11, 30) }, now)).toBe('Tomorrow 09:00–11:30');
    expect(formatWindow({ startAt: at(26, 9), endAt: at(27, 10) }, now)).toBe(
      'Thu 26 Nov 09:00 – Fri 27 Nov 10:00',
    );
  });

  it('is late once its end has passed', () => {
    expect(isLate({ startAt: at(24, 7), endAt: at(24, 9) }, now)).toBe(true);
    expect(isLate({ startAt: at(24, 9), endAt: at(24, 10) }, now)).toBe(false);
    expect(isLate(null, now)).toBe(false);
  });
});

describe('dashboard lists', () => {
  it('puts deliveries under way first, then those not started, and finished ones apart', () => {
    const waiting = delivery('assigned', []);
    const underWay = delivery('en-route-to-dropoff', []);
    const failed = delivery('failed', []);
    const delivered = delivery('delivered', []);
    const completed = delivery('completed', []);
    const { current, finished } = splitDeliveries([waiting, delivered, underWay, failed, completed]);
    expect(current).toEqual([underWay, failed, waiting]);
    expect(finished).toEqual([delivered, completed]);
  });

  it('reads the leg from the live status', () => {
    expect(['assigned', 'at-pickup', 'picked-up', 'failed', 'delivered'].map(legOf)).toEqual([
      'pickup',
      'pickup',
      'dropoff',
      'return',
      'done',
    ]);
  });
});

describe('links', () => {
  it('navigates by coordinates, else by address', () => {
    const s = stop(1, ['pickup'], { location: { lat: 51.5362, lng: -0.1033 } });
    expect(navigationLinks(s)).toEqual({
      geo: 'geo:51.5362,-0.1033?q=51.5362,-0.1033(1%20High%20Street)',
      google: 'https://www.google.com/maps/dir/?api=1&destination=51.5362,-0.1033',
      apple: 'https://maps.apple.com/?daddr=51.5362,-0.1033',
    });
    const byAddress = navigationLinks(stop(2, ['dropoff'], { location: null }));
    expect(byAddress?.geo).toBe('geo:0,0?q=2%20High%20Street%2C%20London%20N1%201AA%2C%20GB');
    expect(navigationLinks(stop(3, ['dropoff'], { location: null, address: null }))).toBeNull();
  });

  it('calls a number with its digits and leading plus only', () => {
    expect(telLink('+44 7700 900300')).toBe('tel:+447700900300');
    expect(telLink('(020) 7946-0000')).toBe('tel:02079460000');
  });
});

describe('route map', () => {
  it('places stops in order by their point or their address, and names the ones it cannot place', () => {
    const first = stop(1, ['pickup'], { location: { lat: 51.5, lng: -0.1 } });
    const noPoint = stop(2, ['dropoff'], { location: null });
    noPoint.address!.location = { lat: 51.4, lng: -0.2 };
    const lost = stop(3, ['dropoff'], { location: null });
    const { points, unplaced } = placeStops(delivery('assigned', [lost, noPoint, first]));
    expect(points.map((p) => [p.number, p.kind, p.lat, p.lng])).toEqual([
      [1, 'pickup', 51.5, -0.1],
      [2, 'dropoff', 51.4, -0.2],
    ]);
    expect(unplaced).toEqual([3]);
  });
});

describe('proof task', () => {
  it('is the stop’s task of the proof’s type, else its first task', () => {
    const dropoff = stop(2, ['dropoff', 'signature']);
    expect(defaultProofTask(dropoff, 'signature')).toBe(dropoff.tasks[1]!.uuid);
    expect(defaultProofTask(dropoff, 'photo')).toBe(dropoff.tasks[0]!.uuid);
    expect(defaultProofTask(null, 'photo')).toBeNull();
  });

  it('is the dropoff task for a handover code, the route’s when the next stop is the pickup', () => {
    const pickup = stop(1, ['pickup']);
    const dropoff = stop(2, ['signature', 'dropoff']);
    expect(defaultProofTask(dropoff, 'pin')).toBe(dropoff.tasks[1]!.uuid);
    const run = delivery('at-pickup', [dropoff, pickup]);
    expect(defaultPinTask(run, pickup)).toBe(dropoff.tasks[1]!.uuid);
    expect(defaultPinTask(run, dropoff)).toBe(dropoff.tasks[1]!.uuid);
  });
});

describe('the stop the driver is at', () => {
  const pickup = () => stop(1, ['pickup', 'photo']);
  const dropoff = () => stop(2, ['dropoff', 'signature']);

  it('is the pickup while at it and just after picking up, not the next stop', () => {
    const p = pickup();
    const d = dropoff();
    expect(stopHere(delivery('at-pickup', [p, d]))).toBe(p);
    // The server already points at the dropoff once the parcels are picked up: the driver still stands at the pickup.
    expect(nextStop(delivery('picked-up', [p, d]))).toBe(d);
    expect(stopHere(delivery('picked-up', [p, d]))).toBe(p);
    expect(stopHere(delivery('picked-up', [p, d], { activeDeliveryStepUuid: d.deliveryStepUuid }))).toBe(p);
  });

  it('is the next stop on the way and at the dropoff, and the dropoff once delivered', () => {
    const p = pickup();
    const d = dropoff();
    expect(stopHere(delivery('en-route-to-dropoff', [p, d]))).toBe(d);
    expect(stopHere(delivery('at-dropoff', [p, d]))).toBe(d);
    expect(stopHere(delivery('delivered', [p, d]))).toBe(d);
  });

  it('of several pickups is the active one, else the one finished last', () => {
    const first = stop(1, ['pickup']);
    const second = stop(2, ['pickup']);
    const d = stop(3, ['dropoff']);
    expect(
      stopHere(delivery('picked-up', [first, second, d], { activeDeliveryStepUuid: first.deliveryStepUuid })),
    ).toBe(first);
    const done = {
      ...first,
      tasks: first.tasks.map((t) => ({ ...t, completedAt: '2026-11-29T10:00:00.000Z' })),
    };
    expect(stopHere(delivery('picked-up', [done, second, d]))).toBe(done);
  });
});
