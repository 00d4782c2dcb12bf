import type { PlaceStatus, Placement } from '@courier/contract';
import type { DbOrTx } from '../../db/client.js';
import { wakeJob } from '../../db/jobs/job-runner.js';

/** The job that places addresses written without a point (decision 060). */
export const PLACES_GEOCODE_JOB = 'places.geocode';

/**
 * The point columns of an address being written: with a point, `placed` when it is a picked suggestion and `manual`
 * otherwise (a pin, typed coordinates); without one, `pending`, for the geocoding job (`wakePlacing` in the same
 * transaction). A write starts the tries afresh.
 */
export function placeColumns(v: {
  lat?: number | undefined;
  lng?: number | undefined;
  placement?: Placement;
}) {
  const hasPoint = v.lat !== undefined && v.lng !== undefined;
  const placeStatus: PlaceStatus = !hasPoint ? 'pending' : v.placement === 'suggestion' ? 'placed' : 'manual';
  return {
    lat: hasPoint ? v.lat! : null,
    lng: hasPoint ? v.lng! : null,
    placeStatus,
    placeAttempts: 0,
    placeRetryAt: null,
  };
}

/** Wakes the geocoding job once the transaction commits, when it wrote an address without a point. */
export async function wakePlacing(tx: DbOrTx, statuses: readonly PlaceStatus[]): Promise<void> {
  if (statuses.includes('pending')) await wakeJob(tx, PLACES_GEOCODE_JOB);
}
