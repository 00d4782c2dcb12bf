import type { Actor, PositionBatchResult, PositionPoint } from '@courier/contract';
import { reportLocationScope } from '../../access/delivery-access.js';
import type { Db } from '../../db/client.js';
import type { StoredEvent } from '../live/index.js';
import { writePositions } from './ingest.queries.js';

/**
 * The batch's points, one per instant (a repeat inside the batch is a duplicate too), oldest first. A phone sends
 * them distinct and in order: then the batch itself is used, as it came (PostgreSQL reads the times).
 */
export function distinctPoints(points: readonly PositionPoint[]): readonly PositionPoint[] {
  const times = points.map((p) => Date.parse(p.recordedAt));
  let ordered = true;
  for (let i = 1; i < times.length && ordered; i++) ordered = times[i]! > times[i - 1]!;
  if (ordered) return points;
  const byTime = new Map<number, PositionPoint>();
  points.forEach((p, i) => {
    if (!byTime.has(times[i]!)) byTime.set(times[i]!, p);
  });
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
  publishCommitted: (events: readonly StoredEvent[]) => void,
  actor: Actor,
  points: readonly PositionPoint[],
): Promise<PositionBatchResult> {
  const distinct = distinctPoints(points);
  if (distinct.length === 0) return { stored: 0, duplicates: points.length, unfiled: 0 };
  // One statement files the points and records each delivery's newest as a `position` event, published once it
  // has committed.
  const { filed, stored, events } = await writePositions(db, {
    scope: reportLocationScope(actor),
    points: distinct,
  });
  publishCommitted(events);
  return {
    stored,
    duplicates: points.length - distinct.length + (filed - stored),
    unfiled: distinct.length - filed,
  };
}
