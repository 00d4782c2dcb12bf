import { z } from 'zod';
import { defineCall } from '../api/define-call.js';
import { IsoDateTimeSchema } from '../common.js';

/** A queue name as the server's jobs have them (`domain.verb-noun`, decision 055). */
const QueueNameSchema = z
  .string()
  .regex(/^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+$/, 'A queue name, like mail.send.')
  .max(100);

/**
 * One queue of the server's jobs and its jobs by state (decision 055): `waiting` to run, `running`, `retrying` (a try
 * failed, another is due later), `dead` (every try failed: kept for an admin to retry). `oldestWaitingSeconds`: how
 * long the oldest job ready to run has waited; null when none is.
 */
export const JobQueueSchema = z.object({
  queue: z.string(),
  waiting: z.number().int().nonnegative(),
  running: z.number().int().nonnegative(),
  retrying: z.number().int().nonnegative(),
  dead: z.number().int().nonnegative(),
  oldestWaitingSeconds: z.number().nonnegative().nullable(),
});
export type JobQueue = z.infer<typeof JobQueueSchema>;

/** A job every try of which failed, with the last failure's message. */
export const DeadJobSchema = z.object({
  uuid: z.uuid(),
  queue: z.string(),
  tries: z.number().int().positive(),
  error: z.string(),
  createdAt: IsoDateTimeSchema,
  failedAt: IsoDateTimeSchema.nullable(),
});
export type DeadJob = z.infer<typeof DeadJobSchema>;

export const DeadJobsQuerySchema = z.object({ queue: QueueNameSchema.optional() });
export const JobParamsSchema = z.object({ queue: QueueNameSchema, jobUuid: z.uuid() });

/** How many dead jobs the screen lists (newest first). */
export const DEAD_JOBS_SHOWN = 100;

export const jobCalls = {
  listJobQueues: defineCall({
    method: 'GET',
    path: '/platform/jobs',
    summary: "The server's job queues and their jobs by state (platform admins)",
    data: z.array(JobQueueSchema),
  }),
  listDeadJobs: defineCall({
    method: 'GET',
    path: '/platform/jobs/dead',
    summary: `The newest ${DEAD_JOBS_SHOWN} jobs every try of which failed, of one queue or all (platform admins)`,
    query: DeadJobsQuerySchema,
    data: z.array(DeadJobSchema),
  }),
  retryDeadJob: defineCall({
    method: 'POST',
    path: '/platform/jobs/:queue/:jobUuid/retry',
    summary: 'Runs a dead job again, with its tries counted afresh (platform admins)',
    params: JobParamsSchema,
    data: z.object({ uuid: z.uuid() }),
  }),
};
