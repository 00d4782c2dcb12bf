import {
  ETA,
  LIVE_UNDER_WAY_STATUSES,
  POSITIONS,
  type DeliveryLive,
  type Eta,
  type LiveStatus,
} from '@courier/contract';
import type { DbOrTx } from '../../db/client.js';
import { iso } from '../../lib/dates.js';
import { haversineM } from '../../lib/routing/routing.js';
import type { TravelSource } from '../planning/index.js';
import { remainingStops, type StopArrival } from './eta.js';
import { listDeliveryEtas, type StopEtaRow } from './etas.queries.js';
import { refreshDeliveryEtas } from './etas.service.js';
import { findDriverPosition, listStops, type LiveSubject } from './live.queries.js';

const underWay = (slug: string) => LIVE_UNDER_WAY_STATUSES.includes(slug as LiveStatus);

export interface LiveView {
  live: DeliveryLive;
  /** Every remaining stop's arrival (the public page picks its dropoff from these). */
  arrivals: StopArrival[];
  position: { lat: number; lng: number; recordedAt: Date; heading: number | null } | null;
}

const present = (a: StopArrival) => ({
  deliveryStepUuid: a.stepId,
  stepOrderNo: a.stepOrderNo,
  distanceM: a.distanceM,
  durationS: a.durationS,
  arriveAt: iso(a.arriveAt),
  earliestAt: iso(a.earliestAt),
  latestAt: iso(a.latestAt),
});

/** Stored ETAs that no longer say what is true now: a stop ahead without one, older than ETA.freshSeconds, or
 * computed from a position older than the driver's latest. */
function stale(rows: readonly StopEtaRow[], ahead: readonly { id: string }[], positionAt: Date, now: number) {
  const byStep = new Set(rows.map((r) => r.deliveryStepId));
  if (ahead.some((s) => !byStep.has(s.id))) return true;
  return rows.some(
    (r) =>
      now - r.computedAt.getTime() > ETA.freshSeconds * 1000 || r.positionAt.getTime() < positionAt.getTime(),
  );
}

const arrivalOf = (r: StopEtaRow, stepOrderNo: number): StopArrival => ({
  stepId: r.deliveryStepId,
  stepOrderNo,
  distanceM: r.distanceM,
  durationS: r.durationS,
  arriveAt: r.arriveAt,
  earliestAt: r.earliestAt,
  latestAt: r.latestAt,
});

/**
 * The live side of a delivery (decisions 022, 073): while it is under way, its driver's latest position and the one
 * ETA of each of its stops still ahead, as stored by `refreshDriverEtas` (along the driver's whole route, through
 * the other deliveries' stops before them). Stored ETAs that are stale when read (a newer position, over a minute
 * old, a stop missing) are computed again first, by that same function, so every page reads the same value. Nothing
 * while the delivery is not under way: a driver's position between deliveries, or on another company's work, is not
 * this delivery's to show.
 */
export async function deliveryLive(
  db: DbOrTx,
  travel: TravelSource,
  access: LiveSubject,
  now = Date.now(),
): Promise<LiveView> {
  const none: LiveView = { live: { eta: null, lastPosition: null }, arrivals: [], position: null };
  const { delivery } = access;
  if (!underWay(delivery.liveStatusSlug)) return none;
  const driver = await findDriverPosition(db, access);
  if (!driver) return none;
  const position = {
    lat: driver.lat,
    lng: driver.lng,
    recordedAt: driver.recordedAt,
    heading: driver.heading,
  };
  const lastPosition = {
    location: { lat: driver.lat, lng: driver.lng },
    recordedAt: iso(driver.recordedAt),
    heading: driver.heading,
    driverFirstName: driver.firstName,
  };
  const ahead = remainingStops(await listStops(db, delivery.id), delivery.liveStatusSlug);
  if (ahead.length === 0) return { live: { eta: null, lastPosition }, arrivals: [], position };
  let rows = await listDeliveryEtas(db, delivery.id);
  if (stale(rows, ahead, driver.recordedAt, now)) {
    await refreshDeliveryEtas(db, travel, [delivery.id], now);
    rows = await listDeliveryEtas(db, delivery.id);
  }
  const byStep = new Map(rows.map((r) => [r.deliveryStepId, r]));
  const all = ahead.flatMap((stop) => {
    const row = byStep.get(stop.id);
    return row ? [arrivalOf(row, stop.stepOrderNo)] : [];
  });
  const first = all[0];
  if (!first) return { live: { eta: null, lastPosition }, arrivals: [], position };
  const row = byStep.get(first.stepId)!;
  const next = ahead.find((s) => s.id === first.stepId)!;
  const eta: Eta = {
    computedAt: row.computedAt.toISOString(),
    speedMs: row.speedMs,
    speedSource: row.speedSource === 'recent' ? 'recent' : 'route',
    nextStop: present(first),
    lastStop: present(all[all.length - 1]!),
    remainingStops: all.length,
    arriving: haversineM(position, next) <= POSITIONS.arrivingWithinM,
  };
  return { live: { eta, lastPosition }, arrivals: all, position };
}
