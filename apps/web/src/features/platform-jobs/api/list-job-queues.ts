import { jobCalls } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { jobKeys } from '../../../lib/job-keys';

/** How often the screen reads the counts again while it is open: jobs move on their own. */
export const JOB_QUEUES_REFRESH_MS = 10_000;

/** GET /platform/jobs: each queue's jobs by state, with the oldest wait. */
export const jobQueuesQueryOptions = () =>
  queryOptions({
    queryKey: jobKeys.queues(),
    queryFn: ({ signal }) => callApi(jobCalls.listJobQueues, { signal, silent: true }),
    refetchInterval: JOB_QUEUES_REFRESH_MS,
    staleTime: 0,
  });

export function useJobQueues() {
  return useQuery(jobQueuesQueryOptions());
}
