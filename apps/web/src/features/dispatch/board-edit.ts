import type { BoardChangeBody, BoardStop, DispatchBoard } from '@courier/contract';

/**
 * The dispatcher's unsaved arrangement of a board (issue 35), as pure functions: the stops of each driver's route in
 * order, the locked ones, a vehicle chosen for the route, and the deliveries waiting unassigned. A delivery moves
 * whole (its open stops together, in their order, the pickup first), as the server's check of a change requires;
 * `changeOf` turns an arrangement into the body of a preview or a save.
 */

export interface DraftRoute {
  driverUserUuid: string;
  stepUuids: string[];
  lockedStepUuids: string[];
  /** A vehicle chosen on the board for the deliveries new to the route; null: the route's own. */
  vehicleUuid: string | null;
}

export interface Draft {
  routes: DraftRoute[];
  /** Deliveries in no route, in the order the list shows them. */
  unassigned: string[];
}

/** What an edit needs to know of the board's stops and deliveries. */
export interface BoardIndex {
  stops: ReadonlyMap<string, BoardStop>;
  /** Each delivery's stops by step order. */
  stepsOf: ReadonlyMap<string, readonly string[]>;
  /** Each delivery's name. */
  names: ReadonlyMap<string, string>;
}

export type EditResult = { ok: true; draft: Draft } | { ok: false; reason: string };

const ok = (draft: Draft): EditResult => ({ ok: true, draft });
const refuse = (reason: string): EditResult => ({ ok: false, reason });

/** Every stop of the board, its routes' and its unassigned deliveries'. */
export function indexOf(board: DispatchBoard): BoardIndex {
  const stops = new Map<string, BoardStop>();
  for (const route of board.routes) for (const s of route.stops) stops.set(s.stepUuid, s);
  for (const d of board.unassigned) for (const s of d.stops) stops.set(s.stepUuid, s);
  const grouped = new Map<string, BoardStop[]>();
  const names = new Map<string, string>();
  for (const s of stops.values()) {
    grouped.set(s.deliveryUuid, [...(grouped.get(s.deliveryUuid) ?? []), s]);
    names.set(s.deliveryUuid, s.deliveryName);
  }
  for (const d of board.unassigned) names.set(d.uuid, d.name);
  const stepsOf = new Map<string, string[]>();
  for (const [uuid, list] of grouped)
    stepsOf.set(
      uuid,
      [...list].sort((a, b) => a.stepOrderNo - b.stepOrderNo).map((s) => s.stepUuid),
    );
  return { stops, stepsOf, names };
}

/** The board as saved, as an arrangement to edit. */
export function draftOf(board: DispatchBoard): Draft {
  return {
    routes: board.routes.map((r) => ({
      driverUserUuid: r.driverUserUuid,
      stepUuids: r.stops.map((s) => s.stepUuid),
      lockedStepUuids: r.stops.filter((s) => s.locked).map((s) => s.stepUuid),
      vehicleUuid: null,
    })),
    unassigned: board.unassigned.map((d) => d.uuid),
  };
}

const nameOf = (index: BoardIndex, deliveryUuid: string) => index.names.get(deliveryUuid) ?? 'This delivery';

/** The route holding a stop, or null when it waits unassigned. */
export function routeOfStep(draft: Draft, stepUuid: string): DraftRoute | null {
  return draft.routes.find((r) => r.stepUuids.includes(stepUuid)) ?? null;
}

/** The route holding a delivery's open stops, or null when it is unassigned. */
export function routeOfDelivery(draft: Draft, index: BoardIndex, deliveryUuid: string): DraftRoute | null {
  const open = openStepsOf(index, deliveryUuid);
  return draft.routes.find((r) => open.some((id) => r.stepUuids.includes(id))) ?? null;
}

function openStepsOf(index: BoardIndex, deliveryUuid: string): string[] {
  return (index.stepsOf.get(deliveryUuid) ?? []).filter((id) => !index.stops.get(id)?.done);
}

const hasDoneStop = (index: BoardIndex, deliveryUuid: string) =>
  (index.stepsOf.get(deliveryUuid) ?? []).some((id) => index.stops.get(id)?.done);

const underWay = (index: BoardIndex, deliveryUuid: string) =>
  `${nameOf(index, deliveryUuid)} is under way with its driver: it stays on their route until it is done.`;

/** Takes a delivery's open stops out of every route (and out of the unassigned list). */
function lift(draft: Draft, index: BoardIndex, deliveryUuid: string): Draft {
  const open = new Set(openStepsOf(index, deliveryUuid));
  return {
    routes: draft.routes.map((r) =>
      r.stepUuids.some((id) => open.has(id))
        ? {
            ...r,
            stepUuids: r.stepUuids.filter((id) => !open.has(id)),
            lockedStepUuids: r.lockedStepUuids.filter((id) => !open.has(id)),
          }
        : r,
    ),
    unassigned: draft.unassigned.filter((id) => id !== deliveryUuid),
  };
}

/**
 * A delivery onto a driver's route, its open stops appended at the end in their order: from the unassigned list, or
 * from another driver's route (then it leaves that one). A delivery already on the route stays where it is.
 */
export function appendDelivery(
  draft: Draft,
  index: BoardIndex,
  deliveryUuid: string,
  driverUserUuid: string,
): EditResult {
  const target = draft.routes.find((r) => r.driverUserUuid === driverUserUuid);
  if (!target) return refuse('Choose a driver of this board.');
  const open = openStepsOf(index, deliveryUuid);
  if (open.length === 0) return refuse(`${nameOf(index, deliveryUuid)} has no stop left to make.`);
  const from = routeOfDelivery(draft, index, deliveryUuid);
  if (from?.driverUserUuid === driverUserUuid) return ok(draft);
  if (from && hasDoneStop(index, deliveryUuid)) return refuse(underWay(index, deliveryUuid));
  const lifted = lift(draft, index, deliveryUuid);
  return ok({
    ...lifted,
    routes: lifted.routes.map((r) =>
      r.driverUserUuid === driverUserUuid ? { ...r, stepUuids: [...r.stepUuids, ...open] } : r,
    ),
  });
}

/** Moving a delivery from one driver's route to another's: the same as appending it there. */
export const moveDelivery = appendDelivery;

/**
 * A stop to another place in its own route (`toIndex` as in the route after the move). Refused when the delivery's
 * stops would no longer be in their order (a dropoff before its pickup), when the stop is done, or when it would go
 * before a stop already done.
 */
export function moveStop(draft: Draft, index: BoardIndex, stepUuid: string, toIndex: number): EditResult {
  const route = routeOfStep(draft, stepUuid);
  const stop = index.stops.get(stepUuid);
  if (!route || !stop) return refuse('This stop is in no route.');
  const from = route.stepUuids.indexOf(stepUuid);
  const to = Math.max(0, Math.min(route.stepUuids.length - 1, toIndex));
  if (from === to) return ok(draft);
  if (stop.done) return refuse('This stop is done: it stays where it is.');
  const stepUuids = [...route.stepUuids];
  stepUuids.splice(from, 1);
  stepUuids.splice(to, 0, stepUuid);
  const lastDone = stepUuids.reduce((last, id, i) => (index.stops.get(id)?.done ? i : last), -1);
  if (to <= lastDone) return refuse('Stops already done stay at the start of the route.');
  const order = stepUuids
    .filter((id) => index.stops.get(id)?.deliveryUuid === stop.deliveryUuid)
    .map((id) => index.stops.get(id)!.stepOrderNo);
  if (order.some((n, i) => i > 0 && n < order[i - 1]!))
    return refuse(
      stop.kind === 'pickup'
        ? `${stop.deliveryName}: its pickup comes before its dropoff.`
        : `${stop.deliveryName}: a dropoff cannot come before its pickup.`,
    );
  return ok({
    ...draft,
    routes: draft.routes.map((r) => (r === route ? { ...r, stepUuids } : r)),
  });
}

/** A stop one place up (-1) or down (+1) in its route: the keyboard's and the menu's way. */
export function moveStopBy(draft: Draft, index: BoardIndex, stepUuid: string, delta: -1 | 1): EditResult {
  const route = routeOfStep(draft, stepUuid);
  if (!route) return refuse('This stop is in no route.');
  const at = route.stepUuids.indexOf(stepUuid);
  const to = at + delta;
  if (to < 0) return refuse('This stop is first already.');
  if (to >= route.stepUuids.length) return refuse('This stop is last already.');
  return moveStop(draft, index, stepUuid, to);
}

/** A delivery out of its route, back with the unassigned ones (first in their list). */
export function unassign(draft: Draft, index: BoardIndex, deliveryUuid: string): EditResult {
  const from = routeOfDelivery(draft, index, deliveryUuid);
  if (!from) return ok(draft);
  if (hasDoneStop(index, deliveryUuid)) return refuse(underWay(index, deliveryUuid));
  const lifted = lift(draft, index, deliveryUuid);
  return ok({ ...lifted, unassigned: [deliveryUuid, ...lifted.unassigned] });
}

/** Locks a stop in its place for the optimiser, or frees it. */
export function toggleLock(draft: Draft, stepUuid: string): Draft {
  return {
    ...draft,
    routes: draft.routes.map((r) =>
      r.stepUuids.includes(stepUuid)
        ? {
            ...r,
            lockedStepUuids: r.lockedStepUuids.includes(stepUuid)
              ? r.lockedStepUuids.filter((id) => id !== stepUuid)
              : [...r.lockedStepUuids, stepUuid],
          }
        : r,
    ),
  };
}

/** The vehicle a route's new deliveries go with (null: the route's own, or the driver's usual one). */
export function setVehicle(draft: Draft, driverUserUuid: string, vehicleUuid: string | null): Draft {
  return {
    ...draft,
    routes: draft.routes.map((r) => (r.driverUserUuid === driverUserUuid ? { ...r, vehicleUuid } : r)),
  };
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);
const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((v) => b.includes(v));

/** The drivers whose route differs from the board's. */
export function changedDrivers(board: DispatchBoard, draft: Draft): string[] {
  const saved = new Map(draftOf(board).routes.map((r) => [r.driverUserUuid, r]));
  return draft.routes
    .filter((r) => {
      const before = saved.get(r.driverUserUuid);
      return (
        !before ||
        r.vehicleUuid !== null ||
        !sameList(r.stepUuids, before.stepUuids) ||
        !sameSet(r.lockedStepUuids, before.lockedStepUuids)
      );
    })
    .map((r) => r.driverUserUuid);
}

/**
 * The change an arrangement makes to the board: the routes that differ (both ends of a move), and the deliveries
 * taken out of a route; null when it changes nothing.
 */
export function changeOf(board: DispatchBoard, draft: Draft): BoardChangeBody | null {
  const changed = new Set(changedDrivers(board, draft));
  const routed = new Set(board.routes.flatMap((r) => r.stops.map((s) => s.deliveryUuid)));
  const unassignDeliveryUuids = draft.unassigned.filter((id) => routed.has(id));
  if (changed.size === 0 && unassignDeliveryUuids.length === 0) return null;
  return {
    day: board.day,
    routes: draft.routes
      .filter((r) => changed.has(r.driverUserUuid))
      .map((r) => ({
        driverUserUuid: r.driverUserUuid,
        ...(r.vehicleUuid ? { vehicleUuid: r.vehicleUuid } : {}),
        stepUuids: r.stepUuids,
        lockedStepUuids: r.lockedStepUuids,
      })),
    unassignDeliveryUuids,
  };
}

/**
 * A 422 answer's field errors of a change, by the driver they are about (`routes.2.vehicleUuid` is the third route of
 * the body's); errors about no one route (`unassignDeliveryUuids`) under `null`.
 */
export function errorsByDriver(
  body: BoardChangeBody,
  errors: Record<string, string>,
): Map<string | null, { field: string; message: string }[]> {
  const byDriver = new Map<string | null, { field: string; message: string }[]>();
  for (const [path, message] of Object.entries(errors)) {
    const match = /^routes\.(\d+)\.(\w+)/.exec(path);
    const driver = match ? (body.routes[Number(match[1])]?.driverUserUuid ?? null) : null;
    const field = match ? match[2]! : path;
    byDriver.set(driver, [...(byDriver.get(driver) ?? []), { field, message }]);
  }
  return byDriver;
}
