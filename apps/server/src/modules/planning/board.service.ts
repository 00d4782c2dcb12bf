import {
  LIVE_UNDER_WAY_STATUSES,
  PLANNING,
  VEHICLE_SIZE_CAPACITY,
  type BoardDelivery,
  type BoardStop,
  type DispatchBoard,
  type DriverRoute,
  type LiveStatus,
  type RouteFigures,
  type RouteStop,
  type StopKind,
} from '@courier/contract';
import type { DbOrTx } from '../../db/client.js';
import type { Point } from '../../lib/routing/routing.js';
import { dayIn, zonedInstant } from '../../lib/zoned-time.js';
import {
  readBoardDeliveries,
  readBoardSteps,
  readAutoAssignOutcomes,
  readBoardWindows,
  readOpenAssignments,
  readPlanningDrivers,
  readPlanningSettings,
  readPlanningVehicles,
  readRouteStops,
  readStopEtas,
  type BoardDeliveryRow,
  type BoardStepRow,
  type PlanningDriverRow,
  type PlanningVehicleRow,
} from './planning.queries.js';
import { evaluateRoute, type EvaluatedStop } from './route-evaluation.js';
import type { Matrix } from './solver/model.js';
import type { TravelSource } from './travel.js';

/** A board's day in the company's time zone: its bounds, and whether it is today (then routes start from now). */
export interface DayFrame {
  day: string;
  timeZone: string;
  from: Date;
  to: Date;
  now: Date;
  isToday: boolean;
  /** Today or later: deliveries with no window at all are offered on it. */
  openEnded: boolean;
}

export function dayFrame(timeZone: string, day: string | undefined, now = new Date()): DayFrame {
  const today = dayIn(timeZone, now);
  const d = day ?? today;
  return {
    day: d,
    timeZone,
    from: zonedInstant(d, 0, timeZone),
    to: zonedInstant(d, 24 * 60, timeZone),
    now,
    isToday: d === today,
    openEnded: d >= today,
  };
}

/** Statuses in which a delivery's goods are on board or handed over: its pickup is behind it. */
const PAST_PICKUP: readonly string[] = ['picked-up', 'en-route-to-dropoff', 'at-dropoff'];

/** Everything a board is computed from, read in one go. */
export interface DayData {
  frame: DayFrame;
  autoAssign: boolean;
  drivers: PlanningDriverRow[];
  vehicles: Map<string, PlanningVehicleRow>;
  deliveries: Map<string, BoardDeliveryRow>;
  steps: Map<string, BoardStepRow>;
  stepsOf: Map<string, BoardStepRow[]>;
  windowsOf: Map<string, { typeSlug: string; startAt: Date; endAt: Date }[]>;
  assignments: Map<string, { vehicleId: string; driverUserIds: string[] }>;
  /** Why auto-assignment left a delivery on the board. */
  autoAssignReasons: Map<string, string>;
  /** Each driver's route of the day as saved: step ids in order, and the locked ones. */
  saved: Map<string, { stepIds: string[]; locked: Set<string> }>;
  /** The stored ETA of the day's stops (today's board only). */
  etas: Map<string, Date>;
}

const group = <T, K>(rows: readonly T[], key: (r: T) => K) => {
  const map = new Map<K, T[]>();
  for (const r of rows) {
    const list = map.get(key(r));
    if (list) list.push(r);
    else map.set(key(r), [r]);
  }
  return map;
};

/**
 * `driverUserId`: only what one driver's route needs (their stops of the day, and what is assigned to them under way
 * whatever its day), for the ETA of their stops (positions/etas.service.ts).
 */
export async function readDay(
  db: DbOrTx,
  companyId: string,
  day: string | undefined,
  now = new Date(),
  opts: { driverUserId?: string } = {},
) {
  const settings = await readPlanningSettings(db, companyId);
  const frame = dayFrame(settings.timeZone, day, now);
  const only = opts.driverUserId;
  const [drivers, vehicles, deliveries, routeRows] = await Promise.all([
    readPlanningDrivers(db, companyId, only ? [only] : undefined),
    readPlanningVehicles(db, companyId),
    readBoardDeliveries(db, companyId, frame, only),
    readRouteStops(db, companyId, frame.day),
  ]);
  const ids = deliveries.map((d) => d.id);
  const [steps, windows, assignments, outcomes] = await Promise.all([
    readBoardSteps(db, ids),
    readBoardWindows(db, ids),
    readOpenAssignments(db, ids),
    readAutoAssignOutcomes(db, ids),
  ]);
  // The board shows each stop's one ETA beside its planned time (today only: an ETA is of a driver out now).
  const etas =
    frame.isToday && !only
      ? await readStopEtas(
          db,
          steps.map((s) => s.id),
        )
      : [];
  const saved = new Map<string, { stepIds: string[]; locked: Set<string> }>();
  for (const r of routeRows) {
    let route = saved.get(r.driverUserId);
    if (!route) saved.set(r.driverUserId, (route = { stepIds: [], locked: new Set() }));
    route.stepIds.push(r.deliveryStepId);
    if (r.locked) route.locked.add(r.deliveryStepId);
  }
  // A delivery whose status is past its pickup has its pickup done, whether or not each task was ticked (a driver
  // moves the status; the driver app reads it the same way).
  const statusOf = new Map(deliveries.map((d) => [d.id, d.liveStatusSlug]));
  for (const step of steps)
    if (step.firstTaskType === 'pickup' && PAST_PICKUP.includes(statusOf.get(step.deliveryId) ?? ''))
      step.done = true;
  const data: DayData = {
    frame,
    autoAssign: settings.autoAssign,
    drivers,
    vehicles: new Map(vehicles.map((v) => [v.id, v])),
    deliveries: new Map(deliveries.map((d) => [d.id, d])),
    steps: new Map(steps.map((s) => [s.id, s])),
    stepsOf: group(steps, (s) => s.deliveryId),
    windowsOf: group(windows, (w) => w.deliveryId),
    assignments: new Map(assignments.map((a) => [a.deliveryId, a])),
    autoAssignReasons: new Map(outcomes.map((o) => [o.deliveryId, o.reason])),
    saved,
    etas: new Map(etas.map((e) => [e.stepId, e.arriveAt])),
  };
  return data;
}

/** A step's kind from its first task: a pickup, a dropoff, or another stop. */
const kindOf = (step: BoardStepRow): StopKind =>
  step.firstTaskType === 'pickup' ? 'pickup' : step.firstTaskType === 'dropoff' ? 'dropoff' : 'other';

function windowOf(data: DayData, step: BoardStepRow, kind: StopKind) {
  const windows = data.windowsOf.get(step.deliveryId) ?? [];
  const typed = kind === 'other' ? undefined : windows.find((w) => w.typeSlug === kind);
  return typed ?? windows.find((w) => w.typeSlug === 'whole-delivery') ?? null;
}

export function boardStop(data: DayData, step: BoardStepRow): BoardStop {
  const delivery = data.deliveries.get(step.deliveryId)!;
  const kind = kindOf(step);
  const window = windowOf(data, step, kind);
  const location = step.lat !== null && step.lng !== null ? { lat: step.lat, lng: step.lng } : null;
  return {
    stepUuid: step.id,
    deliveryUuid: step.deliveryId,
    deliveryName: delivery.name,
    stepOrderNo: step.stepOrderNo,
    kind,
    label:
      step.label ?? (location ? `${location.lat.toFixed(5)}, ${location.lng.toFixed(5)}` : 'No address yet'),
    location,
    window: window ? { startAt: window.startAt.toISOString(), endAt: window.endAt.toISOString() } : null,
    done: step.done,
    etaAt: step.done ? null : (data.etas.get(step.id)?.toISOString() ?? null),
  };
}

/**
 * Where a delivery's load goes on and comes off: at its first pickup and its last dropoff (by step order when its
 * stops are not marked), so a route's load is counted once whatever the number of stops.
 */
function loadSteps(data: DayData, deliveryId: string) {
  const steps = data.stepsOf.get(deliveryId) ?? [];
  const on = steps.find((s) => kindOf(s) === 'pickup') ?? steps[0];
  const off = [...steps].reverse().find((s) => kindOf(s) === 'dropoff') ?? steps.at(-1);
  return { on: on?.id ?? null, off: off?.id ?? null };
}

/**
 * Each driver's route as the board shows it: the saved order, then the stops of deliveries assigned to the driver
 * that no route holds yet (assigned from the delivery's form), in their own order: those under way first.
 */
export function routesOf(data: DayData): Map<string, { stepIds: string[]; locked: Set<string> }> {
  const routes = new Map<string, { stepIds: string[]; locked: Set<string> }>();
  const placed = new Set<string>();
  for (const driver of data.drivers) {
    const saved = data.saved.get(driver.userId);
    const stepIds = (saved?.stepIds ?? []).filter((id) => data.steps.has(id));
    stepIds.forEach((id) => placed.add(id));
    routes.set(driver.userId, { stepIds, locked: new Set(saved?.locked ?? []) });
  }
  // The deliveries under way first (the driver has started them), then the others, each in the order it was made.
  const deliveries = [...data.deliveries.values()];
  const underWay = (d: BoardDeliveryRow) => LIVE_UNDER_WAY_STATUSES.includes(d.liveStatusSlug as LiveStatus);
  for (const delivery of [...deliveries.filter(underWay), ...deliveries.filter((d) => !underWay(d))]) {
    const driverId = data.assignments.get(delivery.id)?.driverUserIds[0];
    const route = driverId ? routes.get(driverId) : undefined;
    if (!route) continue;
    for (const s of data.stepsOf.get(delivery.id) ?? []) if (!placed.has(s.id)) route.stepIds.push(s.id);
  }
  return routes;
}

export function capacityOf(vehicle: PlanningVehicleRow | undefined | null) {
  if (!vehicle) return { kg: null, cm3: null };
  const bySize = VEHICLE_SIZE_CAPACITY[vehicle.sizeSlug] ?? null;
  return {
    kg: vehicle.capacityKg ?? bySize?.kg ?? null,
    cm3: vehicle.capacityVolumeCm3 ?? bySize?.cm3 ?? null,
  };
}

/** The vehicle of a driver's route: the one its deliveries are assigned with, else the driver's usual one. */
export function routeVehicle(data: DayData, driver: PlanningDriverRow, stepIds: readonly string[]) {
  for (const id of stepIds) {
    const assignment = data.assignments.get(data.steps.get(id)!.deliveryId);
    if (assignment?.driverUserIds.includes(driver.userId))
      return data.vehicles.get(assignment.vehicleId) ?? null;
  }
  return driver.usualVehicleId ? (data.vehicles.get(driver.usualVehicleId) ?? null) : null;
}

export function shiftOf(data: DayData, driver: PlanningDriverRow) {
  const { day, timeZone } = data.frame;
  const at = (minute: number) => zonedInstant(day, minute, timeZone);
  return {
    startsAt: at(driver.shiftStartMinute),
    endsAt: at(driver.shiftEndMinute),
    breakFrom: at(driver.breakFromMinute),
    breakUntil: at(driver.breakUntilMinute),
  };
}

const pointOf = (p: { lat: number | null; lng: number | null } | null): Point | null =>
  p && p.lat !== null && p.lng !== null ? { lat: p.lat, lng: p.lng } : null;

/** Where a driver's route starts and ends: the shift's places, or (today) where the driver is now. */
export function routeEnds(data: DayData, driver: PlanningDriverRow) {
  return {
    start: pointOf(driver.startPlace) ?? (data.frame.isToday ? pointOf(driver) : null),
    end: pointOf(driver.endPlace),
  };
}

/** The points of a route's stops (null for a stop not placed yet). */
export const stepPoint = (data: DayData, stepId: string) => pointOf(data.steps.get(stepId)!);

/**
 * A route evaluated on a matrix already built, its places given by `placeOf` (the start, the end, each step):
 * synchronous, so a search (auto-assignment's insertion) can try many orders on one matrix.
 */
export function evaluateOn(
  matrix: Matrix,
  data: DayData,
  driver: PlanningDriverRow,
  layout: { stepIds: readonly string[]; locked: ReadonlySet<string>; vehicle: PlanningVehicleRow | null },
  places: {
    start: number | null;
    end: number | null;
    step: (stepId: string) => number | null;
    /** When the route starts, given (the ETA: now, the driver being out); else the shift's start or now. */
    startAt?: number;
  },
): { stops: RouteStop[]; figures: RouteFigures } {
  const shift = shiftOf(data, driver);
  const { frame } = data;
  const steps = layout.stepIds.map((id) => data.steps.get(id)!);
  const out = steps.some((step) =>
    LIVE_UNDER_WAY_STATUSES.includes(data.deliveries.get(step.deliveryId)!.liveStatusSlug as LiveStatus),
  );
  let onBoardKg = 0;
  let onBoardCm3 = 0;
  const evaluated: EvaluatedStop[] = steps.map((step) => {
    const delivery = data.deliveries.get(step.deliveryId)!;
    const { on, off } = loadSteps(data, step.deliveryId);
    const sign = step.id === on ? 1 : step.id === off && on !== off ? -1 : 0;
    if (sign === -1 && data.steps.get(on!)?.done && !step.done) {
      onBoardKg += delivery.maxWeightKg;
      onBoardCm3 += delivery.maxVolumeCm3;
    }
    const window = windowOf(data, step, kindOf(step));
    return {
      place: places.step(step.id),
      window: window ? { start: window.startAt.getTime(), end: window.endAt.getTime() } : null,
      serviceS: PLANNING.serviceMinutes * 60,
      deltaKg: sign * delivery.maxWeightKg,
      deltaCm3: sign * delivery.maxVolumeCm3,
      done: step.done,
    };
  });
  const result = evaluateRoute(matrix, {
    startAt:
      places.startAt ??
      (!frame.isToday
        ? shift.startsAt.getTime()
        : // A driver already out on a delivery of the route is on their way now, whatever the shift says.
          out
          ? frame.now.getTime()
          : Math.max(shift.startsAt.getTime(), frame.now.getTime())),
    startPlace: places.start,
    endPlace: places.end,
    shiftEnd: shift.endsAt.getTime(),
    break:
      driver.breakMinutes > 0
        ? { from: shift.breakFrom.getTime(), until: shift.breakUntil.getTime(), minutes: driver.breakMinutes }
        : null,
    onBoardKg,
    onBoardCm3,
    capacity: capacityOf(layout.vehicle),
    stops: evaluated,
  });
  const stops = steps.map((step, i): RouteStop => {
    const t = result.stops[i]!;
    return {
      ...boardStop(data, step),
      position: i,
      plannedArrivalAt: t.arrivalAt === null ? null : new Date(t.arrivalAt).toISOString(),
      plannedDepartureAt: t.departureAt === null ? null : new Date(t.departureAt).toISOString(),
      lateMinutes: t.lateMinutes,
      locked: layout.locked.has(step.id),
      loadKg: Math.round(t.loadKg * 1000) / 1000,
      loadCm3: t.loadCm3,
    };
  });
  return { stops, figures: result.figures };
}

/** A driver's route evaluated: planned times, lateness and load per stop, and the route's figures. */
export async function evaluateLayout(
  travel: TravelSource,
  data: DayData,
  driver: PlanningDriverRow,
  layout: { stepIds: readonly string[]; locked: ReadonlySet<string>; vehicle?: PlanningVehicleRow | null },
): Promise<{ stops: RouteStop[]; figures: RouteFigures; vehicle: PlanningVehicleRow | null }> {
  const vehicle = layout.vehicle !== undefined ? layout.vehicle : routeVehicle(data, driver, layout.stepIds);
  const points: Point[] = [];
  const placeOf = (p: Point | null) => (p ? points.push(p) - 1 : null);
  const ends = routeEnds(data, driver);
  const start = placeOf(ends.start);
  const stepPlaces = new Map(layout.stepIds.map((id) => [id, placeOf(stepPoint(data, id))]));
  const end = placeOf(ends.end);
  const matrix = await travel.matrix(points);
  const evaluated = evaluateOn(
    matrix,
    data,
    driver,
    { ...layout, vehicle },
    {
      start,
      end,
      step: (id) => stepPlaces.get(id) ?? null,
    },
  );
  return { ...evaluated, vehicle };
}

function driverRoute(
  data: DayData,
  driver: PlanningDriverRow,
  evaluated: Awaited<ReturnType<typeof evaluateLayout>>,
): DriverRoute {
  const shift = shiftOf(data, driver);
  const place = (p: { label: string; lat: number; lng: number } | null) =>
    p ? { label: p.label, location: { lat: p.lat, lng: p.lng } } : null;
  const { vehicle } = evaluated;
  return {
    driverUserUuid: driver.userId,
    firstName: driver.firstName,
    lastName: driver.lastName,
    driverStatusSlug: driver.statusSlug,
    shift: {
      startsAt: shift.startsAt.toISOString(),
      endsAt: shift.endsAt.toISOString(),
      breakMinutes: driver.breakMinutes,
      breakFrom: shift.breakFrom.toISOString(),
      breakUntil: shift.breakUntil.toISOString(),
      startPlace: place(driver.startPlace),
      endPlace: place(driver.endPlace),
    },
    vehicle: vehicle
      ? { uuid: vehicle.id, name: vehicle.name, sizeSlug: vehicle.sizeSlug, capacity: capacityOf(vehicle) }
      : null,
    stops: evaluated.stops,
    figures: evaluated.figures,
    location: pointOf(driver),
    workingDay: {
      driverUserUuid: driver.userId,
      shiftStartMinute: driver.shiftStartMinute,
      shiftEndMinute: driver.shiftEndMinute,
      breakMinutes: driver.breakMinutes,
      breakFromMinute: driver.breakFromMinute,
      breakUntilMinute: driver.breakUntilMinute,
      shiftStartAddressUuid: driver.shiftStartAddressId,
      shiftEndAddressUuid: driver.shiftEndAddressId,
      usualVehicleUuid: driver.usualVehicleId,
    },
  };
}

/** The dispatch board of a day, from what `readDay` read. */
export async function boardOf(travel: TravelSource, data: DayData): Promise<DispatchBoard> {
  const routes = routesOf(data);
  const inRoute = new Set(
    [...routes.values()].flatMap((r) => r.stepIds.map((id) => data.steps.get(id)!.deliveryId)),
  );
  const drivers = new Map(data.drivers.map((d) => [d.userId, d]));
  const driverRoutes: DriverRoute[] = [];
  for (const driver of data.drivers) {
    const layout = routes.get(driver.userId)!;
    driverRoutes.push(driverRoute(data, driver, await evaluateLayout(travel, data, driver, layout)));
  }
  const unassigned: BoardDelivery[] = [];
  for (const delivery of data.deliveries.values()) {
    if (inRoute.has(delivery.id)) continue;
    const assignedTo = data.assignments.get(delivery.id)?.driverUserIds[0];
    const driver = assignedTo ? drivers.get(assignedTo) : undefined;
    unassigned.push({
      uuid: delivery.id,
      name: delivery.name,
      liveStatusSlug: delivery.liveStatusSlug,
      weightKg: delivery.maxWeightKg,
      volumeCm3: delivery.maxVolumeCm3,
      stops: (data.stepsOf.get(delivery.id) ?? []).map((s) => boardStop(data, s)),
      assignedDriverName: driver ? `${driver.firstName} ${driver.lastName}` : null,
      autoAssignReason: data.autoAssignReasons.get(delivery.id) ?? null,
    });
  }
  return {
    day: data.frame.day,
    timeZone: data.frame.timeZone,
    autoAssign: data.autoAssign,
    travel: travel.kind,
    routes: driverRoutes,
    unassigned,
  };
}
