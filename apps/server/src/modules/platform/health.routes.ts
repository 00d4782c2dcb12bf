import { sessionCalls } from '@courier/contract';
import type { FastifyInstance } from 'fastify';
import { APP_VERSION } from '../../config/version.js';
import { pingDatabase } from '../../db/client.js';
import { registerCall } from '../../lib/route.js';

export function healthRoutes(app: FastifyInstance): void {
  registerCall(app, sessionCalls.health, async () => {
    await pingDatabase(app.database.db);
    // Read at most once a second however often the check is asked (a load balancer may ask every second).
    const queues = await app.jobs.counts({ maxAgeMs: 1_000 });
    const sum = (state: 'waiting' | 'running' | 'retrying' | 'dead') =>
      queues.reduce((n, q) => n + q[state], 0);
    const waited = queues.map((q) => q.oldestWaitingSeconds).filter((s): s is number => s !== null);
    const jobs = {
      waiting: sum('waiting'),
      running: sum('running'),
      retrying: sum('retrying'),
      dead: sum('dead'),
      oldestWaitingSeconds: waited.length ? Math.max(...waited) : null,
    };
    return { data: { status: 'ok' as const, database: app.database.kind, version: APP_VERSION, jobs } };
  });

  registerCall(app, sessionCalls.live, () => Promise.resolve({ data: { status: 'ok' as const } }));
}
