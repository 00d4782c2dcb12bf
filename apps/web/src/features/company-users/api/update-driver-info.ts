import { driverCalls, type DriverInfoBody } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notifications';
import { companyUserKeys } from '../../../lib/company-user-keys';

export const updateDriverInfo = (slug: string, driverUserUuid: string, body: DriverInfoBody) =>
  callApi(driverCalls.updateDriverInfo, { params: { companySlug: slug, driverUserUuid }, body });

export function useUpdateDriverInfo(slug: string, driverUserUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DriverInfoBody) => updateDriverInfo(slug, driverUserUuid, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: companyUserKeys.all(slug) });
      notifySuccess('Driver Info Saved', 'Licence and insurance details have been saved.');
    },
  });
}
