import { planningCalls, type DriverShiftBody } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notifications';
import { dispatchKeys } from './keys';

/**
 * PUT admin/dispatch/driver/:uuid/shift: a driver's working day for planning. Silent: the dialog puts a 422 on its
 * fields (an address without a point, a vehicle not the company's).
 */
export const updateDriverShift = (slug: string, driverUserUuid: string, body: DriverShiftBody) =>
  callApi(planningCalls.updateDriverShift, {
    params: { companySlug: slug, driverUserUuid },
    body,
    silent: true,
  });

/** The boards are read again: the route's times, figures and start and end places follow the new day. */
export function useUpdateDriverShift(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ driverUserUuid, body }: { driverUserUuid: string; body: DriverShiftBody; name: string }) =>
      updateDriverShift(slug, driverUserUuid, body),
    onSuccess: (_, { name }) => {
      notifySuccess('Working Day Saved', `Working day saved: ${name}'s route is planned in it from now on.`);
      return queryClient.invalidateQueries({ queryKey: dispatchKeys.boards(slug) });
    },
  });
}
