import { planningCalls } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { deliveryKeys } from '../../../lib/delivery-keys';
import { notifySuccess } from '../../../lib/notifications';
import { dispatchKeys } from './keys';

/**
 * POST admin/dispatch/plan/:uuid/apply: the plan's routes saved through the assignment, answering the new board; a
 * 409 when the board changed since the plan was made. Silent: the review shows the refusal and offers a new plan.
 */
export const applyPlan = (slug: string, planUuid: string) =>
  callApi(planningCalls.applyPlan, { params: { companySlug: slug, planUuid }, silent: true });

export function useApplyPlan(slug: string, day: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (planUuid: string) => applyPlan(slug, planUuid),
    onSuccess: (board) => {
      queryClient.setQueryData(dispatchKeys.board(slug, day), board);
      notifySuccess('Plan Applied', 'Plan applied: the drivers see their new routes.');
      void queryClient.invalidateQueries({ queryKey: deliveryKeys.all(slug) });
    },
  });
}
