import { deliveryCalls, type AddressInput } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { deliveryKeys } from '../../../lib/delivery-keys';
import { notifySuccess } from '../../../lib/notifications';

export interface AddStepBody {
  kind: 'pickup' | 'dropoff';
  addressUuid?: string;
  address?: AddressInput;
}

/** POST delivery/:uuid/add-delivery-step-with-address: a pickup goes before the first dropoff, a dropoff last. */
export const addStepWithAddress = (slug: string, deliveryUuid: string, body: AddStepBody) =>
  callApi(deliveryCalls.addStepWithAddress, { params: { companySlug: slug, deliveryUuid }, body });

export function useAddStep(slug: string, deliveryUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddStepBody) => addStepWithAddress(slug, deliveryUuid, body),
    onSuccess: () => {
      // Spec 4 "After actions": adding a step refetches steps. The whole delivery goes stale with them: the
      // order of every later step, the tasks, the addresses and the distance estimate all change.
      void queryClient.invalidateQueries({ queryKey: deliveryKeys.one(slug, deliveryUuid) });
      notifySuccess('Delivery Step Created', 'New delivery step has been added successfully');
    },
  });
}
