import {
  deliveryCalls,
  driverScopeCalls,
  liveMapCalls,
  TRACKING,
  TRACKING_STREAM_PATH,
  trackingCalls,
  TrackingParamsSchema,
} from '@courier/contract';
import type { FastifyInstance } from 'fastify';
import { companyActor, driverActor } from '../../access/actor.js';
import { registerDeliveryCall } from '../../access/delivery-call.js';
import { z } from 'zod';
import { registerCall, registerStream } from '../../lib/route.js';
import { tenantOf } from '../../plugins/tenancy.plugin.js';
import type { LiveStreams, StoredEvent } from '../live/index.js';
import { deliveryLive } from './eta.service.js';
import { recordPositions } from './ingest.service.js';
import { loadLiveMap } from './live-map.service.js';
import { streamTracking } from './tracking-stream.service.js';
import { trackDelivery } from './tracking.service.js';

/** The driver's side: sending positions, and the live view of a delivery assigned to them. */
export function positionDriverRoutes(app: FastifyInstance, live: LiveStreams): void {
  const db = app.database.db;
  const publish = (events: readonly StoredEvent[]) => live.hub.publishCommitted(events);

  registerCall(app, driverScopeCalls.postMyPositions, async ({ request, body }) => ({
    data: await recordPositions(db, publish, driverActor(request), body.points),
  }));

  registerDeliveryCall(app, driverScopeCalls.getMyDeliveryLive, async ({ access }) => ({
    data: (await deliveryLive(db, app.routeEstimator, access)).live,
  }));
}

/** The offices' side: the live view of a delivery they own or carry (asked per delivery, never per list row). */
export function positionCompanyRoutes(app: FastifyInstance): void {
  const db = app.database.db;
  registerDeliveryCall(app, deliveryCalls.getDeliveryLive, async ({ access }) => ({
    data: (await deliveryLive(db, app.routeEstimator, access)).live,
  }));
  registerCall(app, liveMapCalls.getLiveMap, async ({ request }) => ({
    data: await loadLiveMap(db, companyActor(request), tenantOf(request).companyId),
  }));
}

/**
 * The recipient's public page and its live stream: each rate limited per address (the stream counts its openings),
 * on top of the token's 256 bits.
 */
export function trackingRoutes(app: FastifyInstance, live: LiveStreams): void {
  const db = app.database.db;
  registerCall(
    app,
    trackingCalls.getTracking,
    async ({ params }) => ({ data: await trackDelivery(db, app.routeEstimator, params.token) }),
    { rateLimit: { max: TRACKING.perMinutePerAddress, keyGenerator: (request) => `track:${request.ip}` } },
  );

  registerStream(
    app,
    {
      path: TRACKING_STREAM_PATH,
      summary: 'The tracking page, live: its whole answer again after each change (Server-Sent Events)',
      params: TrackingParamsSchema,
      query: z.object({}),
    },
    (request, reply) => streamTracking(db, app.routeEstimator, live, request, reply, request.params.token),
    {
      opensPerMinute: TRACKING.streamOpensPerMinutePerAddress,
      keyGenerator: (request) => `track-stream:${request.ip}`,
    },
  );
}
