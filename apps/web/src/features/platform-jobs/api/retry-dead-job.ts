import { jobCalls } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { jobKeys } from '../../../lib/job-keys';
import { notifySuccess } from '../../../lib/notifications';

/** POST /platform/jobs/:queue/:jobUuid/retry: the job runs again; the counts and the list refetch. */
export function useRetryDeadJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (job: { queue: string; uuid: string }) =>
      callApi(jobCalls.retryDeadJob, { params: { queue: job.queue, jobUuid: job.uuid } }),
    onSuccess: () => notifySuccess('Job Retried', 'The job runs again: it leaves this list once it has run.'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobKeys.all() }),
  });
}
