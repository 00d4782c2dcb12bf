import { driverCalls } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notifications';
import { companyUserKeys } from '../../../lib/company-user-keys';

export interface DriverStatusChange {
  driverUserUuid: string;
  driverStatusSlug: string;
  /** For the notification: the driver's name and the status's name. */
  driverName: string;
  statusName: string;
}

export const updateDriverStatus = (slug: string, driverUserUuid: string, driverStatusSlug: string) =>
  callApi(driverCalls.updateDriverStatus, {
    params: { companySlug: slug },
    body: { driverUserUuid, driverStatusSlug },
  });

/** Spec section 7: the driver lists are refreshed after a status change. */
export function useUpdateDriverStatus(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: DriverStatusChange) =>
      updateDriverStatus(slug, change.driverUserUuid, change.driverStatusSlug),
    onSuccess: (info, { driverName, statusName }) => {
      queryClient.setQueryData(
        companyUserKeys.driverInfo(slug),
        (all: Record<string, typeof info> | undefined) =>
          all ? { ...all, [info.driverUserUuid]: info } : all,
      );
      void queryClient.invalidateQueries({ queryKey: companyUserKeys.all(slug) });
      notifySuccess('Status Changed', `${driverName} is now ${statusName.toLowerCase()}.`);
    },
  });
}
