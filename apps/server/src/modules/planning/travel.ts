import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config/env.js';
import type { Point } from '../../lib/routing/routing.js';
import { matrixFor } from './solver/matrix.js';
import type { Matrix } from './solver/model.js';

/** Where a plan's travel times and distances come from: a road router, or straight lines with a detour factor. */
export interface TravelSource {
  readonly kind: 'osrm' | 'estimate';
  matrix(points: readonly Point[]): Promise<Matrix>;
}

/** OSRM's road network when OSRM_URL is set (estimates when it fails), else straight-line estimates. */
export function travelSource(
  env: Pick<AppConfig, 'OSRM_URL'>,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): TravelSource {
  return {
    kind: env.OSRM_URL ? 'osrm' : 'estimate',
    matrix: (points) =>
      points.length === 0 ? Promise.resolve(emptyMatrix) : matrixFor(points, env, { log }),
  };
}

const emptyMatrix: Matrix = { size: 0, durations: [], distances: [] };
