import type { Point } from '../../lib/routing/routing.js';
import { capacityOf, routesOf, routeVehicle, shiftOf, type DayData } from './board.service.js';
import type { PlanningDriverRow } from './planning.queries.js';
import type { Job, LockedStep, Problem, Shipment, Solution, Vehicle } from './solver/model.js';
import type { TravelSource } from './travel.js';
import { LIVE_UNDER_WAY_STATUSES, PLANNING, type LiveStatus } from '@courier/contract';

/**
 * The optimiser's problem for a day's board (issue 35, decision 070): the chosen drivers as vehicles (their shift,
 * places, break, capacity, and the stops they must keep first), the chosen deliveries as pickup-and-dropoff pairs
 * (a delivery already picked up as a lone dropoff on its driver), times in seconds from the day's start.
 */

/** Drivers away for the day (on leave, unavailable): their work not yet started can go to others. */
export const AWAY_STATUSES: readonly string[] = ['on-leave', 'unavailable'];
const startedWork = (status: string) => LIVE_UNDER_WAY_STATUSES.includes(status as LiveStatus);

/** A capacity with no limit (a vehicle of unknown size). */
const UNLIMITED = 1_000_000_000;

export interface PlanProblem {
  problem: Problem;
  /** What the solver's ids stand for: a shipment or job id is a delivery id; a vehicle id is a driver's user id. */
  stepsOf: Map<string, { pickup: string | null; dropoff: string }>;
  /** Deliveries left out before solving, with the reason. */
  excluded: { deliveryId: string; reason: string }[];
  /** Chosen drivers given nothing, with the reason. */
  driversLeftOut: { driverUserId: string; reason: string }[];
  /** Each driver's stops that stay first, in order (locked or under way). */
  lockedOf: Map<string, string[]>;
  origin: number;
}

const pointOf = (p: { lat: number | null; lng: number | null } | null): Point | null =>
  p && p.lat !== null && p.lng !== null ? { lat: p.lat, lng: p.lng } : null;

const amountOf = (kg: number, cm3: number) => [Math.ceil(kg), Math.ceil(cm3 / 1000)];

export async function planProblem(
  travel: TravelSource,
  data: DayData,
  driverIds: readonly string[],
  deliveryIds: readonly string[],
): Promise<PlanProblem> {
  const { frame } = data;
  const origin = frame.from.getTime();
  const seconds = (ms: number) => Math.max(0, Math.round((ms - origin) / 1000));
  const points: Point[] = [];
  const placeOf = (p: Point) => points.push(p) - 1;
  const current = routesOf(data);
  const named = driverIds
    .map((id) => data.drivers.find((d) => d.userId === id))
    .filter(Boolean) as PlanningDriverRow[];
  // A driver away for the day drives nothing: their route's work goes to the others. One with no vehicle (none in
  // their route, no usual one) can be given nothing either.
  const driversLeftOut: PlanProblem['driversLeftOut'] = [];
  const drivers = named.filter((d) => {
    const name = `${d.firstName} ${d.lastName}`;
    if (AWAY_STATUSES.includes(d.statusSlug))
      driversLeftOut.push({
        driverUserId: d.userId,
        reason: `${name} is ${d.statusSlug.replace('-', ' ')}.`,
      });
    else if (!routeVehicle(data, d, current.get(d.userId)?.stepIds ?? []))
      driversLeftOut.push({
        driverUserId: d.userId,
        reason: `${name} has no vehicle: choose a usual vehicle in their working day.`,
      });
    else return true;
    return false;
  });
  const chosen = new Set(deliveryIds);
  // The chosen drivers' deliveries come along: their routes are planned again whole.
  for (const d of named)
    for (const stepId of current.get(d.userId)?.stepIds ?? []) chosen.add(data.steps.get(stepId)!.deliveryId);

  const excluded: PlanProblem['excluded'] = [];
  const stepsOf = new Map<string, { pickup: string | null; dropoff: string }>();
  const shipments: Shipment[] = [];
  const jobs: Job[] = [];
  const lockedOf = new Map<string, string[]>();
  const holder = new Map<string, string>();
  for (const [driverId, route] of current)
    for (const id of route.stepIds) holder.set(data.steps.get(id)!.deliveryId, driverId);
  for (const d of drivers) {
    const stepIds = current.get(d.userId)?.stepIds ?? [];
    const locked = current.get(d.userId)?.locked ?? new Set<string>();
    // A lock keeps the stops before it too: the route's start is fixed up to the last locked stop.
    const lastLocked = stepIds.reduce((last, id, i) => (locked.has(id) ? i : last), -1);
    lockedOf.set(
      d.userId,
      stepIds.slice(0, lastLocked + 1).filter((id) => !data.steps.get(id)!.done),
    );
  }

  const windowSeconds = (stepId: string, kind: 'pickup' | 'dropoff') => {
    const step = data.steps.get(stepId)!;
    const windows = data.windowsOf.get(step.deliveryId) ?? [];
    const w =
      windows.find((x) => x.typeSlug === kind) ?? windows.find((x) => x.typeSlug === 'whole-delivery');
    return w ? [[seconds(w.startAt.getTime()), seconds(w.endAt.getTime())] as const] : [];
  };

  for (const deliveryId of chosen) {
    const delivery = data.deliveries.get(deliveryId);
    if (!delivery) continue;
    const open = (data.stepsOf.get(deliveryId) ?? []).filter((s) => !s.done);
    const all = data.stepsOf.get(deliveryId) ?? [];
    if (open.length === 0) continue;
    if (all.length > 2) {
      excluded.push({ deliveryId, reason: `${delivery.name} has more than two stops: place it by hand.` });
      continue;
    }
    if (open.some((s) => pointOf(s) === null)) {
      excluded.push({ deliveryId, reason: `${delivery.name} has a stop with no point on the map yet.` });
      continue;
    }
    const held = holder.get(deliveryId);
    const who = held ? data.drivers.find((d) => d.userId === held) : undefined;
    // A driver who dropped out (on leave, unavailable) gives up the work not yet started: the plan places it again.
    const droppedOut =
      who !== undefined && AWAY_STATUSES.includes(who.statusSlug) && !startedWork(delivery.liveStatusSlug);
    if (held && !drivers.some((d) => d.userId === held) && !droppedOut) {
      excluded.push({
        deliveryId,
        reason: `${delivery.name} stays on ${who ? `${who.firstName} ${who.lastName}` : 'its driver'}’s route: add the driver to the plan to move it.`,
      });
      continue;
    }
    const assigned = droppedOut ? [] : (data.assignments.get(deliveryId)?.driverUserIds ?? []);
    const underWay = startedWork(delivery.liveStatusSlug);
    const keeper = underWay ? assigned[0] : undefined;
    if (underWay && (!keeper || !drivers.some((d) => d.userId === keeper))) {
      excluded.push({ deliveryId, reason: `${delivery.name} is under way with a driver not in this plan.` });
      continue;
    }
    const vehicles = keeper ? [keeper] : undefined;
    const amount = amountOf(delivery.maxWeightKg, delivery.maxVolumeCm3);
    const stop = (stepId: string, kind: 'pickup' | 'dropoff') => ({
      place: placeOf(pointOf(data.steps.get(stepId)!)!),
      service: PLANNING.serviceMinutes * 60,
      windows: windowSeconds(stepId, kind),
    });
    const last = all.at(-1)!;
    if (open.length === 2) {
      stepsOf.set(deliveryId, { pickup: all[0]!.id, dropoff: last.id });
      shipments.push({
        id: deliveryId,
        pickup: stop(all[0]!.id, 'pickup'),
        delivery: stop(last.id, 'dropoff'),
        amount,
        ...(vehicles ? { vehicles } : {}),
      });
    } else {
      // Picked up already: only its dropoff is left, with the load on board.
      stepsOf.set(deliveryId, { pickup: null, dropoff: open[0]!.id });
      jobs.push({
        id: deliveryId,
        kind: 'delivery',
        stop: stop(open[0]!.id, 'dropoff'),
        amount,
        ...(vehicles ? { vehicles } : {}),
      });
    }
  }

  const vehicles: Vehicle[] = drivers.map((d) => {
    const shift = shiftOf(data, d);
    const start = pointOf(d.startPlace) ?? (frame.isToday ? pointOf(d) : null);
    const end = pointOf(d.endPlace);
    const capacity = capacityOf(routeVehicle(data, d, current.get(d.userId)?.stepIds ?? []));
    const startAt = frame.isToday
      ? Math.max(shift.startsAt.getTime(), frame.now.getTime())
      : shift.startsAt.getTime();
    const locked: LockedStep[] = (lockedOf.get(d.userId) ?? []).flatMap((stepId): LockedStep[] => {
      const deliveryId = data.steps.get(stepId)!.deliveryId;
      const steps = stepsOf.get(deliveryId);
      if (!steps) return [];
      if (steps.pickup === null) return [{ type: 'job', job: deliveryId }];
      return [{ type: stepId === steps.pickup ? 'pickup' : 'delivery', shipment: deliveryId }];
    });
    return {
      id: d.userId,
      ...(start ? { start: placeOf(start) } : {}),
      ...(end ? { end: placeOf(end) } : {}),
      shift: [seconds(startAt), seconds(shift.endsAt.getTime())] as const,
      capacity: [
        capacity.kg ?? UNLIMITED,
        capacity.cm3 === null ? UNLIMITED : Math.floor(capacity.cm3 / 1000),
      ],
      ...(d.breakMinutes > 0
        ? {
            break: {
              window: [seconds(shift.breakFrom.getTime()), seconds(shift.breakUntil.getTime())] as const,
              duration: d.breakMinutes * 60,
            },
          }
        : {}),
      ...(locked.length ? { locked } : {}),
    };
  });
  const matrix = await travel.matrix(points);
  return {
    problem: { matrix, vehicles, shipments, jobs },
    stepsOf,
    excluded,
    driversLeftOut,
    lockedOf,
    origin,
  };
}

/** The solution as each driver's ordered step ids, and what it left out with the reason. */
export function layoutsOf(plan: PlanProblem, solution: Solution) {
  const routes = new Map<string, string[]>();
  for (const route of solution.routes) {
    const stepIds: string[] = [];
    for (const step of route.steps) {
      if (step.type !== 'pickup' && step.type !== 'delivery') continue;
      const steps = plan.stepsOf.get(step.id);
      if (!steps) continue;
      stepIds.push(step.type === 'pickup' && steps.pickup ? steps.pickup : steps.dropoff);
    }
    routes.set(route.vehicle, stepIds);
  }
  return {
    routes,
    unassigned: [
      ...plan.excluded,
      ...solution.unassigned.map((u) => ({ deliveryId: u.id, reason: u.reason })),
    ],
  };
}
