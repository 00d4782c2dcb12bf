import { can, type Actor, type PositionBatchResult, type PositionPoint } from '@courier/contract';
import { subjectOf } from '../../access/delivery-access.js';
import type { Db } from '../../db/client.js';
import { filePoints, underWaySpans } from './filing.js';
import { listAssignmentsAround, writePositions, type PointRow } from './ingest.queries.js';

type Timed = PointRow & { at: string; ms: number };

/** The batch's points, one per recordedAt (a repeat inside the batch is a duplicate too), in time order. */
function distinctPoints(points: readonly PositionPoint[]): Timed[] {
  const byTime = new Map<number, Timed>();
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
      ms,
    });
  }
  return [...byTime.values()].sort((a, b) => a.ms - b.ms);
}

const rowOf = ({ lat, lng, speed, heading, accuracy, at }: Timed): PointRow => ({
  lat,
  lng,
  speed,
  heading,
  accuracy,
  at,
});

/**
 * Files a driver's batch of positions (decision 022): each point goes into the location history of every delivery
 * the driver had under way at its time — assigned to them then, in an under-way status then, and one the policy
 * lets them report the location of (`report-location`) — and the newest point becomes the driver's latest position
 * and, per vehicle, the newest point filed under that vehicle's assignment becomes the vehicle's. Two statements:
 * one read of the driver's assignments around the batch, one write (a single statement, so one transaction).
 */
export async function recordPositions(
  db: Db,
  actor: Actor,
  points: readonly PositionPoint[],
): Promise<PositionBatchResult> {
  const distinct = distinctPoints(points);
  const first = distinct[0];
  const last = distinct[distinct.length - 1];
  if (!first || !last) return { stored: 0, duplicates: points.length, unfiled: 0 };
  const assignments = await listAssignmentsAround(db, {
    userId: actor.userId,
    from: new Date(first.ms),
    to: new Date(last.ms),
  });
  const spans = assignments
    .filter((a) => can(actor, 'report-location', subjectOf({ ...a, assignedDriverIds: a.driverUserIds })))
    .flatMap(underWaySpans);
  const { filed, unfiled } = filePoints(
    distinct.map((p) => ({ ...p, at: p.ms, row: p })),
    spans,
  );
  const newestByVehicle = new Map<string, Timed>();
  for (const { point, span } of filed) {
    const seen = newestByVehicle.get(span.vehicleId);
    if (!seen || seen.ms < point.ms) newestByVehicle.set(span.vehicleId, point.row);
  }
  const stored = await writePositions(db, {
    userId: actor.userId,
    filed: filed.map(({ point, span }) => ({ ...rowOf(point.row), deliveryId: span.deliveryId })),
    latest: rowOf(last),
    vehicles: [...newestByVehicle].map(([vehicleId, p]) => ({ ...rowOf(p), vehicleId })),
  });
  const filedPoints = distinct.length - unfiled.length;
  return {
    stored,
    duplicates: points.length - distinct.length + (filedPoints - stored),
    unfiled: unfiled.length,
  };
}
