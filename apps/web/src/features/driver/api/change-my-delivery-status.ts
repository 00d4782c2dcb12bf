import { driverScopeCalls, type ChangeStatusBody } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notifications';
import { driverKeys } from './keys';

/** POST /driver/delivery/:uuid/status: a driver move of the machine; anything else is a 409 with the reason. */
export const changeMyDeliveryStatus = (deliveryUuid: string, body: ChangeStatusBody) =>
  callApi(driverScopeCalls.changeMyDeliveryStatus, { params: { deliveryUuid }, body });

export function useChangeMyDeliveryStatus(deliveryUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeStatusBody) => changeMyDeliveryStatus(deliveryUuid, body),
    onSuccess: (delivery) => {
      queryClient.setQueryData(driverKeys.delivery(deliveryUuid), delivery);
      void queryClient.invalidateQueries({ queryKey: driverKeys.deliveries() });
      // Starting or ending the work moves my availability on the server (decision 015): what this session set is stale.
      queryClient.removeQueries({ queryKey: driverKeys.myStatus() });
      notifySuccess(
        'Status Changed',
        `${delivery.name} is now ${delivery.deliveryLiveStatusTypeSlug.replace(/-/g, ' ')}.`,
      );
    },
  });
}
