import { jobCalls } from '@courier/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { jobKeys } from '../../../lib/job-keys';
import { JOB_QUEUES_REFRESH_MS } from './list-job-queues';

/** GET /platform/jobs/dead: the newest jobs every try of which failed, of one queue or all. */
export const deadJobsQueryOptions = (queue: string | undefined) =>
  queryOptions({
    queryKey: jobKeys.dead(queue),
    queryFn: ({ signal }) =>
      callApi(jobCalls.listDeadJobs, { query: queue ? { queue } : {}, signal, silent: true }),
    refetchInterval: JOB_QUEUES_REFRESH_MS,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useDeadJobs(queue: string | undefined) {
  return useQuery(deadJobsQueryOptions(queue));
}
