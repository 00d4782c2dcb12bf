import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import type { JobDefinition, JobRunner } from '../../db/jobs/job-runner.js';
import { addresses, deliveries, deliverySteps } from '../../db/schema/index.js';
import type { DeliveryAccess } from '../../access/delivery-access.js';
import { unprocessable } from '../../lib/app-error.js';
import { pointsOf, type RouteEstimator } from '../../lib/routing/routing.js';
import type { PlacedFollower } from '../places/index.js';
import { recordDeliveryEvent } from '../live/index.js';
import { editable, readSteps } from './steps.service.js';

/** The job that estimates a delivery's distance and duration again once a stop has its point. */
export const DELIVERIES_REROUTE_JOB = 'deliveries.reroute';

const REROUTE_ATTEMPTS = 3;

/**
 * Estimates a delivery's distance and duration from its stops' points as they are now (issue 32): the router is
 * asked outside the transaction, and if a stop moved meanwhile the estimate is made again. The original figures
 * are set when they were never known (the stops had no point at creation); the delivery's own point is its first
 * stop's when it had none.
 */
export async function rerouteDelivery(db: Db, routing: RouteEstimator, deliveryId: string): Promise<void> {
  for (let attempt = 1; attempt <= REROUTE_ATTEMPTS; attempt++) {
    const before = pointsOf(await readSteps(db, deliveryId));
    const route = await routing.estimate(before);
    const done = await db.transaction(async (tx) => {
      const now = pointsOf(await readSteps(tx, deliveryId));
      if (JSON.stringify(now) !== JSON.stringify(before)) return false;
      const first = now[0];
      await tx
        .update(deliveries)
        .set({
          distanceM: route.distanceM,
          durationS: route.durationS,
          originalDistanceM: sql`case when ${deliveries.originalDistanceM} = 0 then ${route.distanceM} else ${deliveries.originalDistanceM} end`,
          originalDurationS: sql`case when ${deliveries.originalDurationS} = 0 then ${route.durationS} else ${deliveries.originalDurationS} end`,
          ...(first
            ? {
                lat: sql`coalesce(${deliveries.lat}, ${first.lat})`,
                lng: sql`coalesce(${deliveries.lng}, ${first.lng})`,
              }
            : {}),
          updatedAt: new Date(),
        })
        .where(eq(deliveries.id, deliveryId));
      await recordDeliveryEvent(tx, deliveryId, {
        type: 'delivery.route',
        data: { deliveryUuid: deliveryId, at: new Date().toISOString() },
      });
      return true;
    });
    if (done) return;
  }
}

/**
 * Steps copy their address's point when they are made; a step made before its address was placed takes the point
 * when the geocoding job finds it, and its delivery is estimated again by a job sent in the same transaction.
 */
export function stepsFollowPlacedAddresses(jobs: Pick<JobRunner, 'send'>): PlacedFollower {
  return async (tx, placed) => {
    const moved = new Set<string>();
    for (const p of placed) {
      const rows = await tx
        .update(deliverySteps)
        .set({ lat: p.lat, lng: p.lng })
        .where(and(eq(deliverySteps.addressId, p.addressId), isNull(deliverySteps.lat)))
        .returning({ deliveryId: deliverySteps.deliveryId });
      for (const r of rows) moved.add(r.deliveryId);
    }
    for (const deliveryId of moved)
      await jobs.send(tx, DELIVERIES_REROUTE_JOB, { deliveryId }, { singletonKey: deliveryId });
  };
}

export function rerouteJob(db: Db, routing: RouteEstimator): JobDefinition<{ deliveryId: string }> {
  return {
    name: DELIVERIES_REROUTE_JOB,
    policy: 'short',
    handle: ({ deliveryId }) => rerouteDelivery(db, routing, deliveryId),
  };
}

/**
 * Places a step by hand (its pin dragged): the step's point, and its typed-in address's (an address of the
 * company's directory keeps its own point: the pin moved this stop only). The route is estimated again.
 */
export async function placeStepByHand(
  db: Db,
  routing: RouteEstimator,
  access: DeliveryAccess,
  opts: { stepId: string; lat: number; lng: number },
) {
  const step = await db.transaction(async (tx: DbOrTx) => {
    await editable(tx, access);
    const [row] = await tx
      .update(deliverySteps)
      .set({ lat: opts.lat, lng: opts.lng })
      .where(and(eq(deliverySteps.id, opts.stepId), eq(deliverySteps.deliveryId, access.deliveryId)))
      .returning();
    if (!row) throw unprocessable({ deliveryStepUuid: ['Choose a step of this delivery.'] });
    if (row.addressId)
      await tx
        .update(addresses)
        .set({
          lat: opts.lat,
          lng: opts.lng,
          placeStatus: 'manual',
          placeRetryAt: null,
          updatedAt: new Date(),
        })
        .where(and(eq(addresses.id, row.addressId), isNull(addresses.companyId), isNull(addresses.userId)));
    return row;
  });
  await rerouteDelivery(db, routing, access.deliveryId);
  return step;
}
