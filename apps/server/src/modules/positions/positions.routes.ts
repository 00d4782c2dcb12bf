import {
  deliveryCalls,
  driverScopeCalls,
  liveMapCalls,
  PROOF_MIME_TYPES,
  TRACKING,
  TRACKING_PROOF_FILE_PATH,
  TRACKING_STREAM_PATH,
  trackingCalls,
  TrackingParamsSchema,
} from '@courier/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { companyActor, driverActor } from '../../access/actor.js';
import { registerDeliveryCall } from '../../access/delivery-call.js';
import { z } from 'zod';
import { registerFileCall } from '../../lib/file-route.js';
import { registerCall, registerStream, type RouteOptions } from '../../lib/route.js';
import { tenantOf } from '../../plugins/tenancy.plugin.js';
import type { LiveStreams, StoredEvent } from '../live/index.js';
import type { TravelSource } from '../planning/index.js';
import { deliveryLive } from './eta.service.js';
import { recordPositions } from './ingest.service.js';
import { loadLiveMap } from './live-map.service.js';
import { rateDelivery, readRecipientInput, saveInstructions } from './recipient-input.service.js';
import { sendTrackingProof } from './tracking-proof.service.js';
import { streamTracking } from './tracking-stream.service.js';
import { trackDelivery } from './tracking.service.js';

/** The driver's side: sending positions, and the live view of a delivery assigned to them. */
export function positionDriverRoutes(app: FastifyInstance, live: LiveStreams, travel: TravelSource): void {
  const db = app.database.db;
  const publish = (events: readonly StoredEvent[]) => live.hub.publishCommitted(events);

  registerCall(app, driverScopeCalls.postMyPositions, async ({ request, body }) => ({
    data: await recordPositions(db, publish, driverActor(request), body.points),
  }));

  registerDeliveryCall(app, driverScopeCalls.getMyDeliveryLive, async ({ access }) => ({
    data: (await deliveryLive(db, travel, access)).live,
  }));
}

/** The offices' side: the live view of a delivery they own or carry (asked per delivery, never per list row). */
export function positionCompanyRoutes(app: FastifyInstance, travel: TravelSource): void {
  const db = app.database.db;
  registerDeliveryCall(app, deliveryCalls.getDeliveryLive, async ({ access }) => ({
    data: (await deliveryLive(db, travel, access)).live,
  }));
  registerDeliveryCall(app, deliveryCalls.getRecipientInput, async ({ access }) => ({
    data: await readRecipientInput(db, access.deliveryId),
  }));
  registerCall(app, liveMapCalls.getLiveMap, async ({ request }) => ({
    data: await loadLiveMap(db, companyActor(request), tenantOf(request).companyId),
  }));
}

/**
 * The recipient's public page and its live stream: each rate limited per address (the stream counts its openings),
 * on top of the token's 256 bits.
 */
export function trackingRoutes(app: FastifyInstance, live: LiveStreams, travel: TravelSource): void {
  const db = app.database.db;
  registerCall(
    app,
    trackingCalls.getTracking,
    async ({ params }) => ({ data: await trackDelivery(db, travel, params.token) }),
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
    (request, reply) => streamTracking(db, travel, live, request, reply, request.params.token),
    {
      opensPerMinute: TRACKING.streamOpensPerMinutePerAddress,
      keyGenerator: (request) => `track-stream:${request.ip}`,
    },
  );

  registerCall(
    app,
    trackingCalls.saveTrackingInstructions,
    async ({ params, body }) => ({
      data: await saveInstructions(db, params.token, body),
      message: 'Your instructions are saved: your driver will see them.',
    }),
    recipientWriteLimits('instructions'),
  );
  registerCall(
    app,
    trackingCalls.rateTrackedDelivery,
    async ({ params, body }) => ({
      data: await rateDelivery(db, params.token, body),
      message: 'Thank you for your rating.',
    }),
    recipientWriteLimits('rating'),
  );

  registerFileCall(
    app,
    {
      path: TRACKING_PROOF_FILE_PATH,
      summary: "A proof of delivery's picture, for the holder of the delivery's tracking token",
      // Any text: a document that is not this delivery's shown proof is as unknown as a wrong token (404).
      params: TrackingParamsSchema.extend({ documentUuid: z.string().max(64) }),
      types: PROOF_MIME_TYPES.filter((type) => type.startsWith('image/')),
      rateLimit: {
        max: TRACKING.proofsPerMinutePerAddress,
        keyGenerator: (request) => `track-proof:${request.ip}`,
      },
    },
    (request, reply) =>
      sendTrackingProof(reply, db, app.storage, {
        token: request.params.token,
        documentUuid: request.params.documentUuid,
      }),
  );
}

/**
 * The recipient's writes (issue 36) carry no session: the token is the credential. Each is limited per address and
 * per token (one link shared around cannot be used to flood its delivery's driver and office), and takes a small body.
 */
function recipientWriteLimits(name: string): RouteOptions {
  const tokenOf = (request: FastifyRequest) => (request.params as { token?: string }).token ?? '';
  return {
    bodyLimit: 16 * 1024,
    rateLimit: { max: TRACKING.writesPerMinutePerAddress, keyGenerator: (r) => `track-write:${r.ip}` },
    moreRateLimits: [
      { max: TRACKING.writesPerMinutePerToken, keyGenerator: (r) => `track-${name}:${tokenOf(r)}` },
    ],
  };
}
