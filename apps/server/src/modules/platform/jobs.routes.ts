import { DEAD_JOBS_SHOWN, jobCalls } from '@courier/contract';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/app-error.js';
import { registerCall } from '../../lib/route.js';

/** The job queues for platform admins (decision 055; registered in the platform scope, whose hook asks the policy). */
export function jobRoutes(app: FastifyInstance): void {
  registerCall(app, jobCalls.listJobQueues, async () => ({ data: await app.jobs.counts() }));

  registerCall(app, jobCalls.listDeadJobs, async ({ query }) => {
    const dead = await app.jobs.deadJobs(query.queue, DEAD_JOBS_SHOWN);
    return {
      data: dead.map((j) => ({
        uuid: j.id,
        queue: j.queue,
        tries: j.retryCount + 1,
        error: j.error,
        createdAt: j.createdAt.toISOString(),
        failedAt: j.failedAt?.toISOString() ?? null,
      })),
    };
  });

  registerCall(app, jobCalls.retryDeadJob, async ({ params }) => {
    if (!(await app.jobs.retry(params.queue, params.jobUuid))) throw notFound('Dead job');
    return { data: { uuid: params.jobUuid }, message: 'The job runs again.' };
  });
}
