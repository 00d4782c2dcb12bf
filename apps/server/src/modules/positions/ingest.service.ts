import type { Actor, PositionBatchResult, PositionPoint } from '@courier/contract';
import { reportLocationScope } from '../../access/delivery-access.js';
import type { Db } from '../../db/client.js';
import { recordDeliveryEvent } from '../live/index.js';
import { writePositions, type PointRow } from './ingest.queries.js';

/** The batch's points, one per recordedAt (a repeat inside the batch is a duplicate too), oldest first. */
function distinctPoints(points: readonly PositionPoint[]): PointRow[] {
  const byTime = new Map<number, PointRow>();
  for (const p of points) {
    const ms = Date.parse(p.recordedAt);
    if (byTime.has(ms)) continue;
    byTime.set(ms, {
      lat: p.lat,
      lng: p.lng,
      speed: p.speed ?? null,
      heading: p.heading ?? null,
      accuracy: p.accuracy ?? null,
      at: new Date(ms).toISOString(),
    });
  }
  return [...byTime].sort((a, b) => a[0] - b[0]).map(([, p]) => p);
}

/**
 * Files a driver's batch of positions (decision 022): each point goes into the location history of every delivery
 * the driver had under way at its time — assigned to them then, in an under-way live status then, and one the policy
 * lets them report the location of (`report-location`, as `reportLocationScope`) — the newest point becomes the
 * driver's latest position, and per vehicle the newest point filed under its assignment the vehicle's. One statement
 * (`writePositions`): one round trip and one transaction per batch.
 */
export async function recordPositions(
  db: Db,
  actor: Actor,
  points: readonly PositionPoint[],
): Promise<PositionBatchResult> {
  const distinct = distinctPoints(points);
  if (distinct.length === 0) return { stored: 0, duplicates: points.length, unfiled: 0 };
  const { filed, stored, newest } = await writePositions(db, {
    scope: reportLocationScope(actor),
    points: distinct,
  });
  // The statement has committed: each delivery's watchers get its newest point (one event per delivery per batch).
  for (const point of newest) {
    await recordDeliveryEvent(db, point.deliveryId, {
      type: 'position',
      data: {
        deliveryUuids: [point.deliveryId],
        driverUserUuid: actor.userId,
        vehicleUuid: point.vehicleId,
        lat: point.lat,
        lng: point.lng,
        recordedAt: new Date(point.at).toISOString(),
        speed: point.speed,
        heading: point.heading,
      },
    });
  }
  return {
    stored,
    duplicates: points.length - distinct.length + (filed - stored),
    unfiled: distinct.length - filed,
  };
}
