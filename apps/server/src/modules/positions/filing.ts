import { LIVE_UNDER_WAY_STATUSES, type LiveStatus } from '@courier/contract';

/** One of the driver's assignments that may cover a batch, with its delivery's live status history. */
export interface CandidateAssignment {
  deliveryId: string;
  vehicleId: string;
  assignedAt: Date;
  unassignedAt: Date | null;
  /** Live status moves in the order they were made (time of each move). */
  statuses: { slug: string; at: Date }[];
}

/** When a delivery was under way for this driver: assigned to them and in an under-way live status. */
export interface UnderWaySpan {
  deliveryId: string;
  vehicleId: string;
  from: number;
  /** Exclusive; Infinity while it still is. */
  to: number;
}

const underWay = (slug: string) => LIVE_UNDER_WAY_STATUSES.includes(slug as LiveStatus);

/**
 * The spans of an assignment during which its delivery was under way (decision 022): the live status history cut
 * into intervals (each status holds from its move to the next), kept where the status is under way, clipped to the
 * assignment's own interval.
 */
export function underWaySpans(a: CandidateAssignment): UnderWaySpan[] {
  const start = a.assignedAt.getTime();
  const end = a.unassignedAt?.getTime() ?? Infinity;
  const out: UnderWaySpan[] = [];
  a.statuses.forEach((s, i) => {
    if (!underWay(s.slug)) return;
    const from = Math.max(s.at.getTime(), start);
    const to = Math.min(a.statuses[i + 1]?.at.getTime() ?? Infinity, end);
    if (from < to) out.push({ deliveryId: a.deliveryId, vehicleId: a.vehicleId, from, to });
  });
  return out;
}

export interface TimedPoint {
  at: number;
}

/**
 * Files each point in the spans that contain its time: answers the (point, span) pairs, and the points filed
 * nowhere. A point is in a span when `from <= at < to`.
 */
export function filePoints<P extends TimedPoint>(points: readonly P[], spans: readonly UnderWaySpan[]) {
  const filed: { point: P; span: UnderWaySpan }[] = [];
  const unfiled: P[] = [];
  for (const point of points) {
    let any = false;
    for (const span of spans) {
      if (point.at >= span.from && point.at < span.to) {
        filed.push({ point, span });
        any = true;
      }
    }
    if (!any) unfiled.push(point);
  }
  return { filed, unfiled };
}
