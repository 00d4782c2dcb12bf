import { deliveryCalls, type CreateDeliveryBody } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { deliveryKeys } from '../../../lib/delivery-keys';
import { notifySuccess } from '../../../lib/notifications';

/** POST delivery/create-delivery: steps, tasks, parcels, windows and the optional assignment in one go. */
export const createDelivery = (slug: string, body: CreateDeliveryBody) =>
  callApi(deliveryCalls.createDelivery, { params: { companySlug: slug }, body });

export function useCreateDelivery(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDeliveryBody) => createDelivery(slug, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: deliveryKeys.all(slug) });
      notifySuccess('Mission Created', 'New mission has been created successfully');
    },
  });
}
