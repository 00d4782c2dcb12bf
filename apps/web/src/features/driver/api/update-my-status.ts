import {
  driverScopeCalls,
  type DRIVER_SELF_STATUSES,
  type DriverInfo,
  type DriverStatusSlug,
} from '@courier/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notifications';
import { driverKeys } from './keys';

/** What a driver sets themselves (the office and the work set the others). */
export type SelfStatus = (typeof DRIVER_SELF_STATUSES)[number];

/** POST /driver/status: my availability, in every company I drive for; answers my driver info in each. */
export const updateMyStatus = (driverStatusSlug: SelfStatus) =>
  callApi(driverScopeCalls.updateMyStatus, { body: { driverStatusSlug } });

/**
 * My status as last set in this session (null before). The driver calls cannot read it, so nothing fetches:
 * the cache holds the answer of the last update until the session ends or the work moves it (a status change).
 */
export const myStatusQueryOptions = () =>
  queryOptions<DriverStatusSlug | null>({
    queryKey: driverKeys.myStatus(),
    queryFn: () => null,
    staleTime: Infinity,
  });

export function useMyStatus() {
  return useQuery(myStatusQueryOptions());
}

/** The status the answer gives (the same in every company right after the update). */
export const statusOfAnswer = (infos: DriverInfo[]): DriverStatusSlug | null =>
  (infos[0]?.driverStatusSlug as DriverStatusSlug | undefined) ?? null;

export function useUpdateMyStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMyStatus,
    onSuccess: (infos) => {
      const status = statusOfAnswer(infos);
      queryClient.setQueryData(myStatusQueryOptions().queryKey, status);
      notifySuccess('Status Changed', `You are now ${infos[0]?.driverStatusName.toLowerCase() ?? status}.`);
    },
  });
}
