import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config/env.js';
import { builtInSolver } from './solver/built-in-solver.js';
import type { RouteSolver } from './solver/model.js';
import { vroomSolver } from './solver/vroom.js';
import { travelSource, type TravelSource } from './travel.js';

export { planningRoutes } from './planning.routes.js';
export { boardFingerprint, planningSolveJob } from './plans.service.js';
export { autoAssignConsumer, planningAutoAssignJob } from './auto-assign.service.js';
// A driver's stops ahead timed by the board's evaluation: the one ETA's computation (positions/etas.service.ts).
export { driverRouteTimes, type DriverRouteTimes } from './route-times.service.js';
export type { TravelSource } from './travel.js';

/** The planning's outside parts, from the configuration: the road matrix and the engine (decision 070). */
export function planningSetup(
  config: Pick<AppConfig, 'OSRM_URL' | 'VROOM_URL'>,
  log: Pick<FastifyBaseLogger, 'warn'>,
): { travel: TravelSource; solver: RouteSolver; engine: RouteSolver['name'] } {
  const solver = config.VROOM_URL ? vroomSolver({ url: config.VROOM_URL }) : builtInSolver;
  return { travel: travelSource(config, log), solver, engine: solver.name };
}
