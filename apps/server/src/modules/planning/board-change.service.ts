import type { Actor, BoardChangeBody, BoardPreview, DispatchBoard, RouteLayout } from '@courier/contract';
import { LIVE_UNDER_WAY_STATUSES, type LiveStatus } from '@courier/contract';
import { authorOf } from '../../access/actor.js';
import { deliveryAccess } from '../../access/delivery-access.js';
import type { Db } from '../../db/client.js';
import { conflict, notFound, unprocessable, type FieldErrors } from '../../lib/app-error.js';
import { assignVehicleAndDrivers, unassignDelivery } from '../deliveries/index.js';
import { recordEvents } from '../live/index.js';
import { boardOf, evaluateLayout, readDay, routesOf, type DayData } from './board.service.js';
import {
  clearRoutes,
  forgetAutoAssignOutcomes,
  insertRouteStops,
  removeFromRoutes,
} from './planning.queries.js';
import type { PlanningDriverRow, PlanningVehicleRow } from './planning.queries.js';
import type { TravelSource } from './travel.js';

/** A change of the board, checked against the day: who gets which stops, in which order, with which vehicle. */
interface CheckedLayout {
  driver: PlanningDriverRow;
  /** The vehicle for deliveries newly given to the driver; null when none is needed. */
  vehicle: PlanningVehicleRow | null;
  stepIds: string[];
  locked: Set<string>;
  /** The deliveries of the route not yet assigned to this driver. */
  newlyAssigned: string[];
}
interface CheckedChange {
  layouts: CheckedLayout[];
  unassign: string[];
}

const driverName = (d: PlanningDriverRow) => `${d.firstName} ${d.lastName}`;
const underWay = (status: string) => LIVE_UNDER_WAY_STATUSES.includes(status as LiveStatus);

/**
 * Checks a change against the day as read: 404 for a stop or delivery the company does not run on this board (a
 * stranger's learns nothing), 422 with the field for what the dispatcher can fix (a driver who is not theirs, a stop
 * twice, a delivery's stops split between drivers or out of their order, no vehicle for the driver), 409 for a
 * delivery under way being taken from its driver. A preview needs no vehicle yet (its capacity is then unknown).
 */
function checkChange(data: DayData, body: BoardChangeBody, purpose: 'preview' | 'save'): CheckedChange {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const drivers = new Map(data.drivers.map((d) => [d.userId, d]));
  const current = routesOf(data);
  const seenDrivers = new Set<string>();
  const seenSteps = new Set<string>();
  const layouts: CheckedLayout[] = [];
  const moved = new Set<string>();

  (body.routes as RouteLayout[]).forEach((layout, i) => {
    const driver = drivers.get(layout.driverUserUuid);
    if (!driver) return add(`routes.${i}.driverUserUuid`, 'Choose an active driver of your company.');
    if (seenDrivers.has(driver.userId)) return add(`routes.${i}.driverUserUuid`, 'Each driver’s route once.');
    seenDrivers.add(driver.userId);
    const stepIds = layout.stepUuids;
    for (const id of stepIds) {
      if (!data.steps.has(id)) throw notFound('Stop');
      if (seenSteps.has(id)) add(`routes.${i}.stepUuids`, 'A stop can be in one route only, once.');
      seenSteps.add(id);
    }
    const deliveryIds = [...new Set(stepIds.map((id) => data.steps.get(id)!.deliveryId))];
    const newlyAssigned: string[] = [];
    for (const deliveryId of deliveryIds) {
      const delivery = data.deliveries.get(deliveryId)!;
      const steps = data.stepsOf.get(deliveryId) ?? [];
      const missing = steps.filter((s) => !s.done && !stepIds.includes(s.id));
      if (missing.length)
        add(
          `routes.${i}.stepUuids`,
          `${delivery.name}: its stops go on one driver’s route together (its pickup and its dropoff).`,
        );
      const order = stepIds.filter((id) => data.steps.get(id)!.deliveryId === deliveryId);
      const stepOrder = order.map((id) => data.steps.get(id)!.stepOrderNo);
      if (stepOrder.some((n, k) => k > 0 && n < stepOrder[k - 1]!))
        add(
          `routes.${i}.stepUuids`,
          `${delivery.name}: its stops are done in their order, the pickup first.`,
        );
      const assigned = data.assignments.get(deliveryId)?.driverUserIds ?? [];
      if (assigned.length !== 1 || assigned[0] !== driver.userId) {
        if (underWay(delivery.liveStatusSlug) && assigned.length)
          throw conflict(
            `${delivery.name} is under way with its driver: it stays on their route until it is done.`,
          );
        newlyAssigned.push(deliveryId);
      }
      moved.add(deliveryId);
    }
    let vehicle: PlanningVehicleRow | null = null;
    if (layout.vehicleUuid) {
      vehicle = data.vehicles.get(layout.vehicleUuid) ?? null;
      if (!vehicle) add(`routes.${i}.vehicleUuid`, 'Choose a vehicle of your company.');
    } else if (newlyAssigned.length) {
      const inUse = current.get(driver.userId)?.stepIds.length
        ? data.assignments.get(data.steps.get(current.get(driver.userId)!.stepIds[0]!)!.deliveryId)?.vehicleId
        : undefined;
      const id = inUse ?? driver.usualVehicleId;
      vehicle = id ? (data.vehicles.get(id) ?? null) : null;
      if (!vehicle && purpose === 'save')
        add(
          `routes.${i}.vehicleUuid`,
          `Choose a vehicle for ${driverName(driver)}: they have no usual vehicle.`,
        );
    }
    const locked = new Set(layout.lockedStepUuids.filter((id) => stepIds.includes(id)));
    layouts.push({ driver, vehicle, stepIds: [...stepIds], locked, newlyAssigned });
  });

  const unassign = [...new Set(body.unassignDeliveryUuids ?? [])];
  for (const deliveryId of unassign) {
    const delivery = data.deliveries.get(deliveryId);
    if (!delivery) throw notFound('Delivery');
    if (moved.has(deliveryId))
      add('unassignDeliveryUuids', `${delivery.name} is both in a route and unassigned.`);
    if (underWay(delivery.liveStatusSlug))
      throw conflict(
        `${delivery.name} is under way with its driver: it stays on their route until it is done.`,
      );
  }
  if (Object.keys(errors).length) throw unprocessable(errors);
  return { layouts, unassign };
}

/** What the routes of a change would do, before and after; nothing is written. */
export async function previewBoardChange(
  db: Db,
  travel: TravelSource,
  companyId: string,
  body: BoardChangeBody,
): Promise<BoardPreview> {
  const data = await readDay(db, companyId, body.day);
  const change = checkChange(data, body, 'preview');
  const current = routesOf(data);
  const routes: BoardPreview['routes'] = [];
  for (const layout of change.layouts) {
    const before = await evaluateLayout(travel, data, layout.driver, current.get(layout.driver.userId)!);
    const after = await evaluateLayout(travel, data, layout.driver, {
      stepIds: layout.stepIds,
      locked: layout.locked,
      ...(layout.vehicle ? { vehicle: layout.vehicle } : {}),
    });
    routes.push({
      driverUserUuid: layout.driver.userId,
      stops: after.stops,
      before: before.figures,
      after: after.figures,
    });
  }
  return { routes };
}

/**
 * Saves a change of the board in one transaction: each delivery it touches is asked of the policy (`assign`, locked),
 * those new to a driver are assigned to them through the deliveries' one assignment path (history, live stream,
 * driver app, fleet status), those taken off are unassigned, and the routes are written whole with their planned
 * times. Answers the day's board as it now is.
 */
export async function saveBoardChange(
  db: Db,
  travel: TravelSource,
  actor: Actor,
  companyId: string,
  body: BoardChangeBody,
): Promise<DispatchBoard> {
  const before = await readDay(db, companyId, body.day);
  const planned = checkChange(before, body, 'save');
  // Planned times are computed before the transaction: a road router's answer is not waited for under locks.
  const times = new Map<string, { arrival: Date | null; departure: Date | null }>();
  for (const layout of planned.layouts) {
    const evaluated = await evaluateLayout(travel, before, layout.driver, {
      stepIds: layout.stepIds,
      locked: layout.locked,
      ...(layout.vehicle ? { vehicle: layout.vehicle } : {}),
    });
    for (const s of evaluated.stops)
      times.set(s.stepUuid, {
        arrival: s.plannedArrivalAt ? new Date(s.plannedArrivalAt) : null,
        departure: s.plannedDepartureAt ? new Date(s.plannedDepartureAt) : null,
      });
  }
  const touched = [
    ...new Set([
      ...planned.layouts.flatMap((l) => l.stepIds.map((id) => before.steps.get(id)!.deliveryId)),
      ...planned.unassign,
    ]),
  ].sort();
  const author = authorOf(actor);
  await db.transaction(async (tx) => {
    for (const id of touched) await deliveryAccess(tx, actor, 'assign', id, { forUpdate: true });
    // Read again under the locks: what another dispatcher saved meanwhile is checked, not overwritten blindly.
    const data = await readDay(tx, companyId, body.day);
    const change = checkChange(data, body, 'save');
    for (const layout of change.layouts)
      for (const deliveryId of layout.newlyAssigned)
        await assignVehicleAndDrivers(tx, {
          companyId,
          deliveryId,
          liveStatus: data.deliveries.get(deliveryId)!.liveStatusSlug,
          vehicleId: layout.vehicle!.id,
          driverUserIds: [layout.driver.userId],
          ...author,
          planned: true,
        });
    for (const deliveryId of change.unassign) {
      const delivery = data.deliveries.get(deliveryId)!;
      await unassignDelivery(tx, {
        deliveryId,
        liveStatus: delivery.liveStatusSlug,
        isScheduled: delivery.isScheduled,
        ...author,
      });
    }
    await removeFromRoutes(tx, companyId, touched);
    await forgetAutoAssignOutcomes(tx, touched);
    await clearRoutes(
      tx,
      companyId,
      data.frame.day,
      change.layouts.map((l) => l.driver.userId),
    );
    await insertRouteStops(
      tx,
      change.layouts.flatMap((layout) =>
        layout.stepIds.map((stepId, position) => ({
          companyId,
          driverUserId: layout.driver.userId,
          routeDay: data.frame.day,
          deliveryId: data.steps.get(stepId)!.deliveryId,
          deliveryStepId: stepId,
          position,
          plannedArrivalAt: times.get(stepId)?.arrival ?? null,
          plannedDepartureAt: times.get(stepId)?.departure ?? null,
          locked: layout.locked.has(stepId),
        })),
      ),
    );
    // The drivers' phones and the other dispatchers' boards read the changed routes again.
    const at = new Date().toISOString();
    await recordEvents(
      tx,
      change.layouts.map((layout) => ({
        type: 'route.planned' as const,
        data: { driverUserUuid: layout.driver.userId, day: data.frame.day, at },
        audience: { companyId, driverUserIds: [layout.driver.userId] },
        actorUserId: actor.userId,
      })),
    );
  });
  return boardOf(travel, await readDay(db, companyId, body.day));
}
