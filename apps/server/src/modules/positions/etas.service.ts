import { ETA, etaWindow, POSITIONS, type LiveEventData } from '@courier/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import type { JobDefinition, JobRunner } from '../../db/jobs/job-runner.js';
import { recordDeliveryEvent, type EventConsumer } from '../live/index.js';
import { driverRouteTimes, type TravelSource } from '../planning/index.js';
import { recentSpeed } from './eta.js';
import {
  deleteEtasBut,
  deliveryEtaTargets,
  listEtaTargets,
  lockDriverEtas,
  upsertEtas,
  type EtaTarget,
  type NewStopEta,
} from './etas.queries.js';
import { listRecentPoints } from './live.queries.js';

/** The job that times every driver who is out, every minute. */
export const POSITIONS_ETAS_JOB = 'positions.etas';
/** The job that times again the drivers of deliveries that moved. */
export const POSITIONS_RETIME_JOB = 'positions.retime';

const moved = (a: Date, b: Date | null) =>
  b === null || Math.abs(a.getTime() - b.getTime()) > ETA.publishMovedSeconds * 1000;

/**
 * Times one driver's stops still ahead (`driverRouteTimes`: the board's evaluation from their latest position now,
 * the leg they are on at their recent speed) and stores each stop's one ETA, its window derived by `etaWindow`; the
 * stops no longer ahead lose theirs. A stop whose arrival moved by more than ETA.publishMovedSeconds since last
 * published, appeared or went is published on its delivery's stream (`delivery.eta`: the pages refetch, the ETA
 * webhook and "arriving soon" read the same stored value). In its own transaction, the driver's rows locked.
 */
export async function refreshDriverEtas(
  db: DbOrTx,
  travel: TravelSource,
  target: EtaTarget,
  now = Date.now(),
): Promise<void> {
  const times = await driverRouteTimes(db, travel, {
    ...target,
    now,
    recentSpeed: async (deliveryId) =>
      recentSpeed(
        await listRecentPoints(db, {
          deliveryId,
          userId: target.driverUserId,
          count: POSITIONS.recentSpeedPoints,
        }),
        now,
      ),
  });
  await db.transaction(async (tx) => {
    const before = new Map((await lockDriverEtas(tx, target)).map((r) => [r.deliveryStepId, r]));
    const computedAt = new Date(now);
    const positionAgeS = times ? Math.max(0, (now - times.positionAt.getTime()) / 1000) : 0;
    const changes = new Map<string, { deliveryStepUuid: string; arriveAt: string | null }[]>();
    const change = (deliveryId: string, stepId: string, arriveAt: Date | null) => {
      const list = changes.get(deliveryId) ?? [];
      list.push({ deliveryStepUuid: stepId, arriveAt: arriveAt?.toISOString() ?? null });
      changes.set(deliveryId, list);
    };
    const rows: NewStopEta[] = (times?.stops ?? []).map((stop) => {
      const durationS = Math.max(0, Math.round((stop.arriveAt - now) / 1000));
      const stored = before.get(stop.stepId);
      // Timed again a moment later to about the same arrival (ETA.steadySeconds): the stored value stands, so two
      // reads a moment apart, before and after a refresh, say the very same thing; only its freshness is renewed.
      const steady =
        stored !== undefined &&
        Math.abs(stored.arriveAt.getTime() - stop.arriveAt) < ETA.steadySeconds * 1000 &&
        Math.abs(stored.latestAt.getTime() - etaWindow(now, durationS, positionAgeS).latestAt.getTime()) <
          ETA.steadySeconds * 1000;
      const window = steady
        ? { arriveAt: stored.arriveAt, earliestAt: stored.earliestAt, latestAt: stored.latestAt }
        : etaWindow(now, durationS, positionAgeS);
      const published = stored?.publishedArriveAt ?? null;
      const publish = moved(window.arriveAt, published);
      if (publish) change(stop.deliveryId, stop.stepId, window.arriveAt);
      return {
        deliveryStepId: stop.stepId,
        deliveryId: stop.deliveryId,
        companyId: target.companyId,
        driverUserId: target.driverUserId,
        routePosition: stop.routePosition,
        distanceM: stop.distanceM,
        durationS: steady ? stored.durationS : durationS,
        ...window,
        speedMs: Math.round((times?.speedMs ?? 0) * 10) / 10,
        speedSource: times?.speedSource ?? 'route',
        positionAt: times!.positionAt,
        computedAt,
        publishedArriveAt: publish ? window.arriveAt : null,
      };
    });
    const ahead = new Set(rows.map((r) => r.deliveryStepId));
    for (const [stepId, row] of before)
      if (!ahead.has(stepId) && row.publishedArriveAt !== null) change(row.deliveryId, stepId, null);
    await upsertEtas(tx, rows);
    await deleteEtasBut(tx, target, [...ahead]);
    const at = computedAt.toISOString();
    for (const [deliveryId, stops] of changes)
      await recordDeliveryEvent(tx, deliveryId, {
        type: 'delivery.eta',
        data: { deliveryUuid: deliveryId, stops, at },
      });
  });
}

/** Times each driver timing these deliveries (those of their open assignment, and any who has their ETAs stored). */
export async function refreshDeliveryEtas(
  db: DbOrTx,
  travel: TravelSource,
  deliveryIds: readonly string[],
  now = Date.now(),
): Promise<void> {
  for (const target of await deliveryEtaTargets(db, deliveryIds))
    await refreshDriverEtas(db, travel, target, now);
}

/**
 * Every minute (time passes: a driver stuck in traffic is later each minute), every driver who is out is timed
 * again.
 */
export function etasJob(db: Db, travel: TravelSource): JobDefinition {
  return {
    name: POSITIONS_ETAS_JOB,
    cron: '* * * * *',
    policy: 'stately',
    retryLimit: 1,
    expireInSeconds: 120,
    async handle() {
      const now = Date.now();
      for (const target of await listEtaTargets(db)) await refreshDriverEtas(db, travel, target, now);
    },
  };
}

/** What a retime job times again: the drivers of these deliveries, and these drivers (a route planned). */
interface RetimeData {
  deliveryIds: string[];
  drivers: EtaTarget[];
}

/** Times again at once only the drivers a delivery's move concerns (the minute's job does everyone). */
export function retimeJob(db: Db, travel: TravelSource): JobDefinition<RetimeData> {
  return {
    name: POSITIONS_RETIME_JOB,
    retryLimit: 3,
    async handle({ deliveryIds, drivers }) {
      const now = Date.now();
      await refreshDeliveryEtas(db, travel, deliveryIds, now);
      for (const target of drivers) await refreshDriverEtas(db, travel, target, now);
    },
  };
}

/** Events after which a driver's stops are timed again at once (not `delivery.eta`: the job's own). */
const RETIMED_BY: readonly string[] = [
  'delivery.status',
  'delivery.assignment',
  'delivery.route',
  'delivery.proof',
];

/**
 * After a delivery moved in a way that changes its drivers' stops ahead (a status, an assignment, a stop placed, a
 * proof), or a dispatcher planned a driver's route: one job, in the consumer's transaction, times those drivers again.
 */
export function etasConsumer(jobs: Pick<JobRunner, 'send'>): EventConsumer {
  return {
    name: 'etas',
    async consume(tx: DbOrTx, events) {
      const deliveryIds = new Set<string>();
      const drivers = new Map<string, EtaTarget>();
      for (const e of events) {
        if (e.deliveryId && RETIMED_BY.includes(e.type)) deliveryIds.add(e.deliveryId);
        if (e.type === 'route.planned') {
          const { driverUserUuid } = e.data as LiveEventData<'route.planned'>;
          drivers.set(driverUserUuid, { companyId: e.ownerCompanyId, driverUserId: driverUserUuid });
        }
      }
      if (deliveryIds.size > 0 || drivers.size > 0)
        await jobs.send(tx, POSITIONS_RETIME_JOB, {
          deliveryIds: [...deliveryIds],
          drivers: [...drivers.values()],
        } satisfies RetimeData);
    },
  };
}
