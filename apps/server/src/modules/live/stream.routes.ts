import { ADMIN_STREAM_PATH, DRIVER_STREAM_PATH } from '@courier/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { companyActor, driverActor } from '../../access/actor.js';
import { unauthenticated } from '../../lib/app-error.js';
import { registerStream } from '../../lib/route.js';
import { callerSecret } from '../../plugins/auth.plugin.js';
import { tenantOf } from '../../plugins/tenancy.plugin.js';
import type { LiveHub } from './live-hub.service.js';
import { currentAdminActor, currentDriverActor } from './stream.access.js';
import { openStream, type StreamSettings } from './stream.service.js';
import { personOf } from '../../access/actor.js';

/** EventSource sends `Last-Event-ID` on its own reconnects; a new EventSource can only pass it in the query. */
const StreamQuerySchema = z.object({ lastEventId: z.string().max(4_000).optional() });
const lastEventIdOf = (request: FastifyRequest<{ Querystring: z.output<typeof StreamQuerySchema> }>) => {
  const header = request.headers['last-event-id'];
  return (Array.isArray(header) ? header[0] : header) || request.query.lastEventId;
};
const OPENS_PER_MINUTE = 60;
const sessionIdOf = (request: FastifyRequest) => {
  if (!request.auth) throw unauthenticated();
  return request.auth.sessionId;
};

export interface LiveStreams {
  hub: LiveHub;
  settings: StreamSettings;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's live stream (decision 023): its hub and the streams' settings, decorated by `app.ts`. */
    live: LiveStreams;
  }
}

/** `GET /c/{slug}/admin/stream`: a company's admins (registered in the company scope: the tenancy hook ran). */
export function adminStreamRoutes(app: FastifyInstance, live: LiveStreams): void {
  registerStream(
    app,
    {
      path: ADMIN_STREAM_PATH,
      summary: "The company's live events (Server-Sent Events)",
      query: StreamQuerySchema,
    },
    async (request, reply) => {
      const tenant = tenantOf(request);
      const secret = callerSecret(app, request);
      if (!secret) throw unauthenticated();
      await openStream(app.database.db, live.hub, live.settings, request, reply, {
        kind: 'admin',
        owner: { kind: 'company', companyId: tenant.companyId },
        actor: companyActor(request),
        sessionId: sessionIdOf(request),
        lastEventId: lastEventIdOf(request),
        revalidate: () => currentAdminActor(app.database.db, secret, tenant.companySlug),
      });
    },
    { opensPerMinute: OPENS_PER_MINUTE },
  );
}

/** `GET /driver/stream`: a driver's own events (registered in the driver scope). */
export function driverStreamRoutes(app: FastifyInstance, live: LiveStreams): void {
  registerStream(
    app,
    {
      path: DRIVER_STREAM_PATH,
      summary: 'My live events as a driver (Server-Sent Events)',
      query: StreamQuerySchema,
    },
    async (request, reply) => {
      const actor = driverActor(request);
      const secret = callerSecret(app, request);
      if (!secret) throw unauthenticated();
      await openStream(app.database.db, live.hub, live.settings, request, reply, {
        kind: 'driver',
        owner: { kind: 'driver', userId: personOf(actor) },
        actor,
        sessionId: sessionIdOf(request),
        lastEventId: lastEventIdOf(request),
        revalidate: () => currentDriverActor(app.database.db, secret),
      });
    },
    { opensPerMinute: OPENS_PER_MINUTE },
  );
}
