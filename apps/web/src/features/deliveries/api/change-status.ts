import { deliveryCalls, type ChangeStatusBody } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { deliveryKeys } from '../../../lib/delivery-keys';
import { notifySuccess } from '../../../lib/notifications';

/** POST delivery/:uuid/status; a move outside nextStatusOptions.user is a 409 with the reason. */
export const changeDeliveryStatus = (slug: string, deliveryUuid: string, body: ChangeStatusBody) =>
  callApi(deliveryCalls.changeStatus, { params: { companySlug: slug, deliveryUuid }, body });

export function useChangeDeliveryStatus(slug: string, deliveryUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeStatusBody) => changeDeliveryStatus(slug, deliveryUuid, body),
    onSuccess: (delivery) => {
      queryClient.setQueryData(deliveryKeys.one(slug, deliveryUuid), delivery);
      void queryClient.invalidateQueries({ queryKey: deliveryKeys.all(slug) });
      notifySuccess(
        'Status Changed',
        `${delivery.name} is now ${delivery.deliveryLiveStatusTypeSlug.replace(/-/g, ' ')}.`,
      );
    },
  });
}
