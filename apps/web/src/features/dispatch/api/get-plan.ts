import { planningCalls } from '@courier/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { dispatchKeys } from './keys';

/** GET admin/dispatch/plan/:uuid: still solving, ready to review, failed with the reason, or done. */
export const getPlan = (slug: string, planUuid: string, signal?: AbortSignal) =>
  callApi(planningCalls.getPlan, { params: { companySlug: slug, planUuid }, signal, silent: true });

/** How often a plan being solved is asked for. */
export const PLAN_POLL_MS = 1_000;

/** A plan, read again every second while it is being solved. */
export function usePlan(slug: string, planUuid: string | null) {
  return useQuery({
    queryKey: dispatchKeys.plan(slug, planUuid ?? ''),
    queryFn: ({ signal }) => getPlan(slug, planUuid!, signal),
    enabled: planUuid !== null,
    refetchInterval: ({ state }) => (state.data?.status === 'solving' ? PLAN_POLL_MS : false),
    refetchOnWindowFocus: false,
  });
}
