import type {
  Actor,
  DispatchBoard,
  OptimiseBody,
  PlanDraft,
  PlanResult,
  PlanTotals,
} from '@courier/contract';
import { PLANNING } from '@courier/contract';
import { and, eq } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { Db } from '../../db/client.js';
import type { JobDefinition, JobRunner } from '../../db/jobs/job-runner.js';
import { planDrafts } from '../../db/schema/index.js';
import { conflict, notFound, unprocessable } from '../../lib/app-error.js';
import { saveBoardChange } from './board-change.service.js';
import { evaluateLayout, readDay, routesOf, type DayData } from './board.service.js';
import { layoutsOf, planProblem } from './plan-problem.js';
import type { RouteSolver } from './solver/model.js';
import type { TravelSource } from './travel.js';

export const PLANNING_SOLVE_JOB = 'planning.solve';

type DraftRow = typeof planDrafts.$inferSelect;

export function presentPlan(row: DraftRow): PlanDraft {
  return {
    uuid: row.id,
    day: row.routeDay,
    status: row.status,
    engine: row.engine,
    driverUserUuids: row.driverUserIds,
    deliveryUuids: row.deliveryIds,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    error: row.error,
    result: (row.result as PlanResult | null) ?? null,
  };
}

/**
 * A dispatcher asks for a plan: the drivers must be the company's active drivers and the deliveries on the day's
 * board (else 422 / 404); the draft is written and its solve sent as a job in the same transaction (decision 055).
 */
export async function requestPlan(
  db: Db,
  jobs: JobRunner,
  engine: RouteSolver['name'],
  actor: Actor,
  companyId: string,
  body: OptimiseBody,
): Promise<PlanDraft> {
  const data = await readDay(db, companyId, body.day);
  const drivers = new Set(data.drivers.map((d) => d.userId));
  const strangers = body.driverUserUuids.filter((id) => !drivers.has(id));
  if (strangers.length) throw unprocessable({ driverUserUuids: ['Choose active drivers of your company.'] });
  if (body.deliveryUuids.some((id) => !data.deliveries.has(id))) throw notFound('Delivery');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(planDrafts)
      .values({
        companyId,
        routeDay: data.frame.day,
        engine,
        driverUserIds: [...new Set(body.driverUserUuids)],
        deliveryIds: [...new Set(body.deliveryUuids)],
        requestedByUserId: actor.userId,
      })
      .returning();
    await jobs.send(tx, PLANNING_SOLVE_JOB, { planId: row!.id });
    return presentPlan(row!);
  });
}

async function planRow(db: Db, companyId: string, planId: string) {
  const [row] = await db
    .select()
    .from(planDrafts)
    .where(and(eq(planDrafts.id, planId), eq(planDrafts.companyId, companyId)));
  if (!row) throw notFound('Plan');
  return row;
}

export async function getPlan(db: Db, companyId: string, planId: string): Promise<PlanDraft> {
  return presentPlan(await planRow(db, companyId, planId));
}

function totals(data: DayData, routes: PlanResult['routes'], which: 'before' | 'after'): PlanTotals {
  const sum = (f: (r: PlanResult['routes'][number]) => number) => routes.reduce((n, r) => n + f(r), 0);
  return {
    distanceM: sum((r) => r[which].distanceM),
    durationS: sum((r) => r[which].durationS),
    lateStops: sum((r) => r[which].lateStops),
    lateMinutes: sum((r) => r[which].lateMinutes),
    routed: which === 'after' ? new Set(routes.flatMap((r) => r.stops.map((s) => s.deliveryUuid))).size : 0,
  };
}

/**
 * Solves a plan (the job): the day read again, the problem built, the engine asked (the built-in solver in a worker
 * thread, or VROOM), and the proposal evaluated with the board's own evaluation, so the before and after figures the
 * dispatcher compares are computed the same way. A solve that fails is kept failed, with the reason.
 */
export async function solvePlan(
  db: Db,
  travel: TravelSource,
  solver: RouteSolver,
  planId: string,
): Promise<void> {
  const [row] = await db.select().from(planDrafts).where(eq(planDrafts.id, planId));
  if (!row || row.status !== 'solving') return;
  let result: PlanResult;
  let fingerprint: string;
  try {
    const data = await readDay(db, row.companyId, row.routeDay);
    fingerprint = fingerprintOf(data, row.driverUserIds, row.deliveryIds);
    const plan = await planProblem(travel, data, row.driverUserIds, row.deliveryIds);
    const started = performance.now();
    // A small day needs far less than the time limit: the search's pace is set by its size (about 1,500 tries per
    // delivery, as many as the benchmark's second gives 100 customers), the limit still bounds a large one.
    const requests = plan.problem.shipments.length + plan.problem.jobs.length;
    const solution = await solver.solve(plan.problem, {
      timeLimitMs: PLANNING.solveSeconds * 1000,
      iterations: Math.max(20_000, 1_500 * requests),
    });
    const computingMs = Math.round(performance.now() - started);
    const { routes, unassigned } = layoutsOf(plan, solution);
    const current = routesOf(data);
    const proposed: PlanResult['routes'] = [];
    for (const driverId of row.driverUserIds) {
      const driver = data.drivers.find((d) => d.userId === driverId);
      if (!driver) continue;
      const now = current.get(driverId) ?? { stepIds: [], locked: new Set<string>() };
      const before = await evaluateLayout(travel, data, driver, now);
      // Done stops stay at the head of the route, as they were.
      const done = now.stepIds.filter((id) => data.steps.get(id)!.done);
      const after = await evaluateLayout(travel, data, driver, {
        stepIds: [...done, ...(routes.get(driverId) ?? [])],
        locked: now.locked,
      });
      proposed.push({
        driverUserUuid: driverId,
        stops: after.stops,
        before: before.figures,
        after: after.figures,
      });
    }
    result = {
      routes: proposed,
      unassigned: unassigned.map((u) => ({
        deliveryUuid: u.deliveryId,
        name: data.deliveries.get(u.deliveryId)?.name ?? 'A delivery',
        reason: u.reason,
      })),
      driversLeftOut: plan.driversLeftOut.map((d) => {
        const driver = data.drivers.find((x) => x.userId === d.driverUserId)!;
        return {
          driverUserUuid: d.driverUserId,
          name: `${driver.firstName} ${driver.lastName}`,
          reason: d.reason,
        };
      }),
      before: { ...totals(data, proposed, 'before'), routed: countRouted(data, row.driverUserIds) },
      after: totals(data, proposed, 'after'),
      computingMs,
      travelWarning: (plan.problem.matrix as { warning?: string }).warning ?? null,
    };
  } catch (error) {
    await db
      .update(planDrafts)
      .set({
        status: 'failed',
        finishedAt: new Date(),
        error: error instanceof Error ? error.message : 'The optimiser failed.',
      })
      .where(and(eq(planDrafts.id, planId), eq(planDrafts.status, 'solving')));
    return;
  }
  await db
    .update(planDrafts)
    .set({ status: 'ready', finishedAt: new Date(), result, boardFingerprint: fingerprint })
    .where(and(eq(planDrafts.id, planId), eq(planDrafts.status, 'solving')));
}

/**
 * What a plan was made from, in one hash: the chosen drivers' routes with their done stops, and each delivery's
 * status and drivers. Applying compares it with the board of now.
 */
function fingerprintOf(data: DayData, driverIds: readonly string[], deliveryIds: readonly string[]): string {
  const routes = routesOf(data);
  const hash = createHash('sha256');
  const ids = new Set(deliveryIds);
  for (const driverId of [...driverIds].sort()) {
    const stepIds = routes.get(driverId)?.stepIds ?? [];
    hash.update(
      `${driverId}:${stepIds.map((id) => `${id}${data.steps.get(id)!.done ? '+' : ''}`).join(',')};`,
    );
    for (const id of stepIds) ids.add(data.steps.get(id)!.deliveryId);
  }
  for (const id of [...ids].sort()) {
    const d = data.deliveries.get(id);
    hash.update(
      `${id}:${d?.liveStatusSlug ?? 'gone'}:${(data.assignments.get(id)?.driverUserIds ?? []).join('+')};`,
    );
  }
  return hash.digest('hex');
}

/** The fingerprint a plan of these drivers and deliveries made now would carry (the access sweep makes ready plans). */
export async function boardFingerprint(
  db: Db,
  companyId: string,
  day: string,
  driverIds: readonly string[],
  deliveryIds: readonly string[],
): Promise<string> {
  return fingerprintOf(await readDay(db, companyId, day), driverIds, deliveryIds);
}

function countRouted(data: DayData, driverIds: readonly string[]): number {
  const routes = routesOf(data);
  return new Set(
    driverIds.flatMap((id) => (routes.get(id)?.stepIds ?? []).map((s) => data.steps.get(s)!.deliveryId)),
  ).size;
}

/**
 * Applies a ready plan: its routes are saved as one board change (the assignment path, the policy, one
 * transaction); a delivery the plan left out that was in a chosen driver's route is taken off it. A plan made before
 * the board changed is refused (409): the routes it would overwrite are not those it was made from.
 */
export async function applyPlan(
  db: Db,
  travel: TravelSource,
  actor: Actor,
  companyId: string,
  planId: string,
): Promise<DispatchBoard> {
  const row = await planRow(db, companyId, planId);
  if (row.status !== 'ready')
    throw conflict(
      row.status === 'solving'
        ? 'This plan is still being made: wait for it.'
        : `This plan is ${row.status}: optimise again for a new one.`,
    );
  const result = row.result as PlanResult;
  const data = await readDay(db, companyId, row.routeDay);
  if (fingerprintOf(data, row.driverUserIds, row.deliveryIds) !== row.boardFingerprint)
    throw conflict(
      'The board changed since this plan was made: optimise again for a plan of the day as it is.',
    );
  const planned = new Set(result.routes.flatMap((r) => r.stops.map((s) => s.deliveryUuid)));
  const leftOut = result.unassigned
    .map((u) => u.deliveryUuid)
    .filter(
      (id) =>
        !planned.has(id) &&
        data.assignments.get(id)?.driverUserIds.some((d) => row.driverUserIds.includes(d)),
    );
  const board = await saveBoardChange(db, travel, actor, companyId, {
    day: row.routeDay,
    routes: result.routes.map((r) => ({
      driverUserUuid: r.driverUserUuid,
      stepUuids: r.stops.map((s) => s.stepUuid),
      lockedStepUuids: r.stops.filter((s) => s.locked).map((s) => s.stepUuid),
    })),
    unassignDeliveryUuids: leftOut,
  });
  await db
    .update(planDrafts)
    .set({ status: 'applied', appliedAt: new Date() })
    .where(eq(planDrafts.id, planId));
  return board;
}

export async function discardPlan(db: Db, companyId: string, planId: string): Promise<PlanDraft> {
  const row = await planRow(db, companyId, planId);
  if (row.status === 'applied')
    throw conflict('This plan is applied already: change the routes on the board.');
  const [updated] = await db
    .update(planDrafts)
    .set({ status: 'discarded', finishedAt: row.finishedAt ?? new Date() })
    .where(eq(planDrafts.id, planId))
    .returning();
  return presentPlan(updated!);
}

/** The solve job: a plan solved once; a crash mid-solve is retried once, then the plan is marked failed. */
export function planningSolveJob(
  db: Db,
  travel: TravelSource,
  solver: RouteSolver,
): JobDefinition<{ planId: string }> {
  return {
    name: PLANNING_SOLVE_JOB,
    retryLimit: 1,
    concurrency: 1,
    expireInSeconds: 120,
    handle: ({ planId }) => solvePlan(db, travel, solver, planId),
  };
}
