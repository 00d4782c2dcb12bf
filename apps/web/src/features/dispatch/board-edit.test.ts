import type { BoardStop, DispatchBoard, DriverRoute, RouteFigures, RouteStop } from '@courier/contract';
import { describe, expect, it } from 'vitest';
import {
  appendDelivery,
  changedDrivers,
  changeOf,
  draftOf,
  errorsByDriver,
  indexOf,
  moveDelivery,
  moveStop,
  moveStopBy,
  routeOfDelivery,
  setVehicle,
  toggleLock,
  unassign,
  type Draft,
  type EditResult,
} from './board-edit';

const ADA = '10000000-0000-4000-8000-000000000001';
const BEN = '10000000-0000-4000-8000-000000000002';
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Delivery `d` has stops `d*10+1` (pickup) and `d*10+2` (dropoff). */
const stop = (d: number, order: 1 | 2, done = false): BoardStop => ({
  stepUuid: uuid(d * 10 + order),
  deliveryUuid: uuid(d),
  deliveryName: `Order ${d}`,
  stepOrderNo: order,
  kind: order === 1 ? 'pickup' : 'dropoff',
  label: `${d} Street ${order}`,
  location: { lat: 51.5, lng: -0.1 },
  window: null,
  done,
  etaAt: null,
});
const routeStop = (s: BoardStop, position: number, locked = false): RouteStop => ({
  ...s,
  position,
  plannedArrivalAt: null,
  plannedDepartureAt: null,
  lateMinutes: 0,
  locked,
  loadKg: 0,
  loadCm3: 0,
});
const FIGURES: RouteFigures = {
  distanceM: 0,
  durationS: 0,
  lateStops: 0,
  lateMinutes: 0,
  peakKg: 0,
  peakCm3: 0,
  overCapacity: false,
  overShift: false,
};
const route = (driverUserUuid: string, stops: BoardStop[], locked: string[] = []): DriverRoute => ({
  driverUserUuid,
  workingDay: {
    driverUserUuid,
    shiftStartMinute: 480,
    shiftEndMinute: 1080,
    breakMinutes: 30,
    breakFromMinute: 720,
    breakUntilMinute: 840,
    shiftStartAddressUuid: null,
    shiftEndAddressUuid: null,
    usualVehicleUuid: null,
  },
  firstName: driverUserUuid === ADA ? 'Ada' : 'Ben',
  lastName: 'Driver',
  driverStatusSlug: 'available',
  shift: {
    startsAt: '2026-03-02T08:00:00.000Z',
    endsAt: '2026-03-02T18:00:00.000Z',
    breakMinutes: 30,
    breakFrom: '2026-03-02T12:00:00.000Z',
    breakUntil: '2026-03-02T14:00:00.000Z',
    startPlace: null,
    endPlace: null,
  },
  vehicle: null,
  stops: stops.map((s, i) => routeStop(s, i, locked.includes(s.stepUuid))),
  figures: FIGURES,
  location: null,
});

/** Ada carries orders 1 and 2 (1's pickup done), Ben order 3; orders 4 and 5 wait. */
const BOARD: DispatchBoard = {
  day: '2026-03-02',
  timeZone: 'Europe/London',
  autoAssign: false,
  travel: 'estimate',
  routes: [
    route(ADA, [stop(1, 1, true), stop(2, 1), stop(1, 2), stop(2, 2)], [uuid(22)]),
    route(BEN, [stop(3, 1), stop(3, 2)]),
  ],
  unassigned: [4, 5].map((d) => ({
    uuid: uuid(d),
    name: `Order ${d}`,
    liveStatusSlug: 'created',
    weightKg: 10,
    volumeCm3: 1000,
    stops: [stop(d, 1), stop(d, 2)],
    assignedDriverName: null,
    autoAssignReason: null,
  })),
};
const INDEX = indexOf(BOARD);
const START = draftOf(BOARD);

function draftIn(result: EditResult): Draft {
  if (!result.ok) throw new Error(result.reason);
  return result.draft;
}
const stepsOf = (draft: Draft, driver: string) =>
  draft.routes.find((r) => r.driverUserUuid === driver)!.stepUuids;

describe('the board as an arrangement', () => {
  it('holds each route in order with its locked stops, and the unassigned deliveries', () => {
    expect(stepsOf(START, ADA)).toEqual([uuid(11), uuid(21), uuid(12), uuid(22)]);
    expect(START.routes[0]!.lockedStepUuids).toEqual([uuid(22)]);
    expect(START.unassigned).toEqual([uuid(4), uuid(5)]);
    expect(INDEX.stepsOf.get(uuid(1))).toEqual([uuid(11), uuid(12)]);
    expect(changeOf(BOARD, START)).toBeNull();
  });
});

describe('appending a delivery to a route', () => {
  it('puts its stops at the end, pickup first, and takes it off the unassigned list', () => {
    const draft = draftIn(appendDelivery(START, INDEX, uuid(4), BEN));
    expect(stepsOf(draft, BEN)).toEqual([uuid(31), uuid(32), uuid(41), uuid(42)]);
    expect(draft.unassigned).toEqual([uuid(5)]);
    expect(routeOfDelivery(draft, INDEX, uuid(4))?.driverUserUuid).toBe(BEN);
    expect(changeOf(BOARD, draft)).toEqual({
      day: '2026-03-02',
      routes: [
        {
          driverUserUuid: BEN,
          stepUuids: [uuid(31), uuid(32), uuid(41), uuid(42)],
          lockedStepUuids: [],
        },
      ],
      unassignDeliveryUuids: [],
    });
  });

  it('leaves a delivery already on the route where it is', () => {
    expect(draftIn(appendDelivery(START, INDEX, uuid(3), BEN))).toBe(START);
  });

  it('refuses an unknown driver', () => {
    expect(appendDelivery(START, INDEX, uuid(4), uuid(99))).toEqual({
      ok: false,
      reason: 'Choose a driver of this board.',
    });
  });
});

describe('moving a delivery between routes', () => {
  it('moves all its open stops together, keeping their order, and changes both routes', () => {
    const draft = draftIn(moveDelivery(START, INDEX, uuid(3), ADA));
    expect(stepsOf(draft, BEN)).toEqual([]);
    expect(stepsOf(draft, ADA)).toEqual([uuid(11), uuid(21), uuid(12), uuid(22), uuid(31), uuid(32)]);
    expect(changedDrivers(BOARD, draft)).toEqual([ADA, BEN]);
    expect(changeOf(BOARD, draft)?.routes.map((r) => r.driverUserUuid)).toEqual([ADA, BEN]);
  });

  it('keeps its lock off when it leaves, and its other stops where they are', () => {
    const draft = draftIn(moveDelivery(START, INDEX, uuid(2), BEN));
    expect(stepsOf(draft, ADA)).toEqual([uuid(11), uuid(12)]);
    expect(draft.routes[0]!.lockedStepUuids).toEqual([]);
    expect(stepsOf(draft, BEN)).toEqual([uuid(31), uuid(32), uuid(21), uuid(22)]);
  });

  it('refuses a delivery under way (a stop of it done)', () => {
    const result = moveDelivery(START, INDEX, uuid(1), BEN);
    expect(result).toEqual({
      ok: false,
      reason: 'Order 1 is under way with its driver: it stays on their route until it is done.',
    });
  });

  it('back where it was is no change at all', () => {
    const there = draftIn(moveDelivery(START, INDEX, uuid(4), ADA));
    const back = draftIn(unassign(there, INDEX, uuid(4)));
    expect(changeOf(BOARD, back)).toBeNull();
  });
});

describe('moving a stop within its route', () => {
  it('moves it to the place given', () => {
    const draft = draftIn(moveStop(START, INDEX, uuid(21), 2));
    expect(stepsOf(draft, ADA)).toEqual([uuid(11), uuid(12), uuid(21), uuid(22)]);
    expect(changeOf(BOARD, draft)?.routes).toHaveLength(1);
  });

  it('refuses to put a dropoff before its pickup', () => {
    expect(moveStop(START, INDEX, uuid(22), 1)).toEqual({
      ok: false,
      reason: 'Order 2: a dropoff cannot come before its pickup.',
    });
    expect(moveStop(START, INDEX, uuid(21), 3)).toEqual({
      ok: false,
      reason: 'Order 2: its pickup comes before its dropoff.',
    });
  });

  it('keeps done stops first and in place', () => {
    expect(moveStop(START, INDEX, uuid(11), 1)).toMatchObject({ ok: false });
    expect(moveStop(START, INDEX, uuid(21), 0)).toEqual({
      ok: false,
      reason: 'Stops already done stay at the start of the route.',
    });
  });

  it('moves up and down by one, and says when it cannot go further', () => {
    const down = draftIn(moveStopBy(START, INDEX, uuid(12), -1));
    expect(stepsOf(down, ADA)).toEqual([uuid(11), uuid(12), uuid(21), uuid(22)]);
    expect(moveStopBy(START, INDEX, uuid(22), 1)).toEqual({
      ok: false,
      reason: 'This stop is last already.',
    });
    expect(moveStopBy(START, INDEX, uuid(31), -1)).toEqual({
      ok: false,
      reason: 'This stop is first already.',
    });
    expect(moveStopBy(START, INDEX, uuid(41), 1)).toEqual({ ok: false, reason: 'This stop is in no route.' });
  });
});

describe('unassigning a delivery', () => {
  it('takes its stops out of the route and sends it back to the list', () => {
    const draft = draftIn(unassign(START, INDEX, uuid(3)));
    expect(stepsOf(draft, BEN)).toEqual([]);
    expect(draft.unassigned).toEqual([uuid(3), uuid(4), uuid(5)]);
    expect(changeOf(BOARD, draft)).toEqual({
      day: '2026-03-02',
      routes: [{ driverUserUuid: BEN, stepUuids: [], lockedStepUuids: [] }],
      unassignDeliveryUuids: [uuid(3)],
    });
  });

  it('refuses one under way, and does nothing to one already unassigned', () => {
    expect(unassign(START, INDEX, uuid(1))).toMatchObject({ ok: false });
    expect(draftIn(unassign(START, INDEX, uuid(4)))).toBe(START);
  });
});

describe('locks and vehicles', () => {
  it('a lock toggled is a change; toggled back it is none', () => {
    const locked = toggleLock(START, uuid(31));
    expect(changeOf(BOARD, locked)?.routes[0]).toMatchObject({
      driverUserUuid: BEN,
      lockedStepUuids: [uuid(31)],
    });
    expect(changeOf(BOARD, toggleLock(locked, uuid(31)))).toBeNull();
  });

  it('a vehicle chosen for a route goes with it', () => {
    const draft = setVehicle(draftIn(appendDelivery(START, INDEX, uuid(5), BEN)), BEN, uuid(700));
    expect(changeOf(BOARD, draft)?.routes[0]).toMatchObject({ driverUserUuid: BEN, vehicleUuid: uuid(700) });
  });
});

describe("a 422's errors by driver", () => {
  it('names the route of each error by its place in the body', () => {
    const body = changeOf(BOARD, draftIn(moveDelivery(START, INDEX, uuid(3), ADA)))!;
    const errors = errorsByDriver(body, {
      'routes.1.vehicleUuid': 'Choose a vehicle for Ben Driver: they have no usual vehicle.',
      unassignDeliveryUuids: 'Order 9 is both in a route and unassigned.',
    });
    expect(errors.get(BEN)).toEqual([
      { field: 'vehicleUuid', message: 'Choose a vehicle for Ben Driver: they have no usual vehicle.' },
    ]);
    expect(errors.get(null)).toEqual([
      { field: 'unassignDeliveryUuids', message: 'Order 9 is both in a route and unassigned.' },
    ]);
  });
});
