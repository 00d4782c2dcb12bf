import { planningCalls } from '@courier/contract';
import type { FastifyInstance } from 'fastify';
import { companyActor } from '../../access/actor.js';
import { registerCall } from '../../lib/route.js';
import { tenantOf } from '../../plugins/tenancy.plugin.js';
import { previewBoardChange, saveBoardChange } from './board-change.service.js';
import { boardOf, readDay } from './board.service.js';
import { writeAutoAssign } from './planning.queries.js';
import { applyPlan, discardPlan, getPlan, requestPlan } from './plans.service.js';
import { updateDriverShift } from './shifts.service.js';
import type { RouteSolver } from './solver/model.js';
import type { TravelSource } from './travel.js';

/** The dispatch board (issue 35, decision 070): a company admin's day of routes. */
export function planningRoutes(
  app: FastifyInstance,
  planning: { travel: TravelSource; engine: RouteSolver['name'] },
): void {
  const db = app.database.db;
  const { travel } = planning;

  registerCall(app, planningCalls.getDispatchBoard, async ({ request, query }) => ({
    data: await boardOf(travel, await readDay(db, tenantOf(request).companyId, query.day)),
  }));

  registerCall(app, planningCalls.previewBoardChange, async ({ request, body }) => ({
    data: await previewBoardChange(db, travel, tenantOf(request).companyId, body),
  }));

  registerCall(app, planningCalls.saveBoardChange, async ({ request, body }) => ({
    data: await saveBoardChange(db, travel, companyActor(request), tenantOf(request).companyId, body),
    message: 'Routes saved: the drivers see their new stops.',
  }));

  registerCall(app, planningCalls.optimise, async ({ request, body }) => ({
    data: await requestPlan(
      db,
      app.jobs,
      planning.engine,
      companyActor(request),
      tenantOf(request).companyId,
      body,
    ),
    message: 'Optimising: the plan shows here in a few seconds.',
  }));

  registerCall(app, planningCalls.getPlan, async ({ request, params }) => ({
    data: await getPlan(db, tenantOf(request).companyId, params.planUuid),
  }));

  registerCall(app, planningCalls.applyPlan, async ({ request, params }) => ({
    data: await applyPlan(db, travel, companyActor(request), tenantOf(request).companyId, params.planUuid),
    message: 'Plan applied: the drivers see their new routes.',
  }));

  registerCall(app, planningCalls.discardPlan, async ({ request, params }) => ({
    data: await discardPlan(db, tenantOf(request).companyId, params.planUuid),
    message: 'Plan discarded.',
  }));

  registerCall(app, planningCalls.updateDispatchSettings, async ({ request, body }) => {
    await writeAutoAssign(db, tenantOf(request).companyId, body.autoAssign);
    return {
      data: body,
      message: body.autoAssign
        ? 'Auto-assignment is on: new deliveries go into the best route at once.'
        : 'Auto-assignment is off: new deliveries wait on the board.',
    };
  });

  registerCall(app, planningCalls.updateDriverShift, async ({ request, params, body }) => ({
    data: await updateDriverShift(db, tenantOf(request).companyId, params.driverUserUuid, body),
    message: 'Working day saved.',
  }));
}
