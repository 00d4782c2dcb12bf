import { planningCalls, type OptimiseBody } from '@courier/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/**
 * POST admin/dispatch/plan (201): asks the optimiser for a plan of the chosen drivers and deliveries; it is solved in
 * the background (status `solving`). Silent: the dialog shows a refusal on its fields.
 */
export const optimise = (slug: string, body: OptimiseBody) =>
  callApi(planningCalls.optimise, { params: { companySlug: slug }, body, silent: true });

export function useOptimise(slug: string) {
  return useMutation({ mutationFn: (body: OptimiseBody) => optimise(slug, body) });
}
