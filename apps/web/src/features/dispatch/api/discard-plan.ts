import { planningCalls } from '@courier/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** DELETE admin/dispatch/plan/:uuid: the plan is dropped, nothing of it applied. */
export const discardPlan = (slug: string, planUuid: string) =>
  callApi(planningCalls.discardPlan, { params: { companySlug: slug, planUuid }, silent: true });

/** Quiet: closing the review discards its plan without a word; a failure to discard leaves a draft nobody applies. */
export function useDiscardPlan(slug: string) {
  return useMutation({ mutationFn: (planUuid: string) => discardPlan(slug, planUuid) });
}
