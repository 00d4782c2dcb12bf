import type { Actor } from '@courier/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import type { JobDefinition, JobRunner } from '../../db/jobs/job-runner.js';
import { autoAssignOutcomes, companies } from '../../db/schema/index.js';
import type { Point } from '../../lib/routing/routing.js';
import { dayIn } from '../../lib/zoned-time.js';
import type { EventConsumer } from '../live/index.js';
import { saveBoardChange } from './board-change.service.js';
import {
  evaluateOn,
  readDay,
  routeEnds,
  routesOf,
  routeVehicle,
  stepPoint,
  type DayData,
} from './board.service.js';
import { readBoardWindows, readPlanningSettings } from './planning.queries.js';
import { AWAY_STATUSES } from './plan-problem.js';
import type { TravelSource } from './travel.js';

export const PLANNING_AUTO_ASSIGN_JOB = 'planning.auto-assign';

/**
 * The day a new delivery is planned on: the day its pickup (else its whole, else its dropoff) window starts, in the
 * company's time zone; today when it has none.
 */
async function dayOf(db: DbOrTx, deliveryId: string, timeZone: string): Promise<string> {
  const windows = await readBoardWindows(db, [deliveryId]);
  const w =
    windows.find((x) => x.typeSlug === 'pickup') ??
    windows.find((x) => x.typeSlug === 'whole-delivery') ??
    windows.find((x) => x.typeSlug === 'dropoff');
  return dayIn(timeZone, w && w.startAt > new Date() ? w.startAt : new Date());
}

export interface Insertion {
  driverUserId: string;
  stepIds: string[];
  /** Seconds the route grows by. */
  addedS: number;
}

/**
 * The cheapest feasible insertion of a delivery (its pickup, then its dropoff) into the routes of the day: every
 * driver at work with a vehicle, every pair of positions, evaluated with the board's own evaluation on one matrix per
 * driver. Feasible: no stop late that was not, the delivery's own stops on time, the load within the vehicle and the
 * route within the shift (unless it was over already). Answers the best, or the reason none fits.
 */
export async function bestInsertion(
  travel: TravelSource,
  data: DayData,
  deliveryId: string,
): Promise<Insertion | { reason: string }> {
  const delivery = data.deliveries.get(deliveryId)!;
  const steps = data.stepsOf.get(deliveryId) ?? [];
  if (steps.length !== 2) return { reason: 'It has more than two stops: place it by hand.' };
  if (steps.some((s) => s.lat === null || s.lng === null))
    return { reason: 'A stop has no point on the map yet: place its address, then assign it.' };
  const routes = routesOf(data);
  let best: Insertion | null = null;
  let atWork = 0;
  let withVehicle = 0;
  for (const driver of data.drivers) {
    // Offline or on a break now can still be given work ahead; away for the day cannot.
    if (AWAY_STATUSES.includes(driver.statusSlug)) continue;
    atWork++;
    const route = routes.get(driver.userId) ?? { stepIds: [], locked: new Set<string>() };
    const vehicle = routeVehicle(data, driver, route.stepIds);
    if (!vehicle) continue;
    withVehicle++;
    const points: Point[] = [];
    const placeOf = (p: Point | null) => (p ? points.push(p) - 1 : null);
    const ends = routeEnds(data, driver);
    const start = placeOf(ends.start);
    const end = placeOf(ends.end);
    const all = [...route.stepIds, ...steps.map((s) => s.id)];
    const stepPlaces = new Map(all.map((id) => [id, placeOf(stepPoint(data, id))]));
    const matrix = await travel.matrix(points);
    const places = { start, end, step: (id: string) => stepPlaces.get(id) ?? null };
    const base = evaluateOn(
      matrix,
      data,
      driver,
      { stepIds: route.stepIds, locked: route.locked, vehicle },
      places,
    );
    // Nothing goes before a locked or done stop.
    const first = route.stepIds.reduce(
      (last, id, i) => (route.locked.has(id) || data.steps.get(id)!.done ? i + 1 : last),
      0,
    );
    for (let i = first; i <= route.stepIds.length; i++)
      for (let j = i; j <= route.stepIds.length; j++) {
        const stepIds = [...route.stepIds];
        stepIds.splice(j, 0, steps[1]!.id);
        stepIds.splice(i, 0, steps[0]!.id);
        const tried = evaluateOn(matrix, data, driver, { stepIds, locked: route.locked, vehicle }, places);
        const f = tried.figures;
        const ownLate = tried.stops.some((s) => s.deliveryUuid === deliveryId && s.lateMinutes > 0);
        if (
          ownLate ||
          f.lateStops > base.figures.lateStops ||
          (f.overCapacity && !base.figures.overCapacity) ||
          (f.overShift && !base.figures.overShift)
        )
          continue;
        const addedS = f.durationS - base.figures.durationS;
        if (!best || addedS < best.addedS) best = { driverUserId: driver.userId, stepIds, addedS };
      }
  }
  if (best) return best;
  if (atWork === 0) return { reason: 'No driver is at work on this day.' };
  if (withVehicle === 0) return { reason: 'No driver at work has a vehicle: give each a usual vehicle.' };
  return {
    reason: `${delivery.name} fits no route: each would be late, over its vehicle's load or past its shift.`,
  };
}

/** The company acting through its own setting: as its admin, through the policy like anyone. */
function companyItself(companyId: string, companyTypeSlug: string): Actor {
  return {
    userId: null,
    isPlatformAdmin: false,
    memberships: [{ companyId, companyTypeSlug, roles: ['company-admin'] }],
  };
}

/**
 * Auto-assigns one new delivery (the job): for its running company when the setting is on, into the cheapest
 * feasible place of the day's routes, saved as a board change (the assignment path, the policy, history); or left on
 * the board with the reason. A delivery placed meanwhile, or no longer the company's to place, is left alone.
 */
export async function autoAssign(db: Db, travel: TravelSource, companyId: string, deliveryId: string) {
  const settings = await readPlanningSettings(db, companyId);
  if (!settings.autoAssign) return;
  const day = await dayOf(db, deliveryId, settings.timeZone);
  const data = await readDay(db, companyId, day);
  if (!data.deliveries.has(deliveryId) || data.assignments.has(deliveryId)) return;
  const found = await bestInsertion(travel, data, deliveryId);
  if ('reason' in found) {
    await db
      .insert(autoAssignOutcomes)
      .values({ deliveryId, companyId, reason: found.reason })
      .onConflictDoUpdate({
        target: autoAssignOutcomes.deliveryId,
        set: { reason: found.reason, createdAt: new Date() },
      });
    return;
  }
  const [company] = await db
    .select({ type: companies.companyTypeSlug })
    .from(companies)
    .where(eq(companies.id, companyId));
  const route = routesOf(data).get(found.driverUserId)!;
  // A board moved under the insertion (a dispatcher's change, a delivery started) answers 409 or 422: the job's
  // retry reads the day again.
  await saveBoardChange(db, travel, companyItself(companyId, company!.type), companyId, {
    day,
    routes: [
      { driverUserUuid: found.driverUserId, stepUuids: found.stepIds, lockedStepUuids: [...route.locked] },
    ],
  });
}

/** New deliveries, as they are recorded, sent to the auto-assignment job of the companies that run them. */
export function autoAssignConsumer(jobs: JobRunner): EventConsumer {
  return {
    name: 'planning.auto-assign',
    async consume(tx, events) {
      const created = events.filter((e) => e.type === 'delivery.created' && e.deliveryId);
      if (created.length === 0) return;
      const companyIds = [...new Set(created.map((e) => e.carrierCompanyId ?? e.ownerCompanyId))];
      const on = new Set(
        (
          await tx
            .select({ id: companies.id })
            .from(companies)
            .where(and(eq(companies.autoAssign, true), inArray(companies.id, companyIds)))
        ).map((c) => c.id),
      );
      for (const e of created) {
        const companyId = e.carrierCompanyId ?? e.ownerCompanyId;
        if (on.has(companyId))
          await jobs.send(tx, PLANNING_AUTO_ASSIGN_JOB, { companyId, deliveryId: e.deliveryId });
      }
    },
  };
}

/** One delivery auto-assigned; a try that meets a moved board is tried again after a short wait. */
export function planningAutoAssignJob(
  db: Db,
  travel: TravelSource,
): JobDefinition<{ companyId: string; deliveryId: string }> {
  return {
    name: PLANNING_AUTO_ASSIGN_JOB,
    retryLimit: 3,
    retryDelaySeconds: 5,
    concurrency: 1,
    handle: ({ companyId, deliveryId }) => autoAssign(db, travel, companyId, deliveryId),
  };
}
