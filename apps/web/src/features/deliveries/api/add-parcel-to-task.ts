import { deliveryCalls, type ParcelInput } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { deliveryKeys } from '../../../lib/delivery-keys';
import { notifySuccess } from '../../../lib/notifications';

export interface AddParcelToTaskBody {
  deliveryStepTaskUuid: string;
  parcel: ParcelInput;
}

/** POST delivery/:uuid/add-parcel-to-step-task: a new parcel on one task; the delivery's load figures grow. */
export const addParcelToTask = (slug: string, deliveryUuid: string, body: AddParcelToTaskBody) =>
  callApi(deliveryCalls.addParcelToTask, { params: { companySlug: slug, deliveryUuid }, body });

export function useAddParcelToTask(slug: string, deliveryUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddParcelToTaskBody) => addParcelToTask(slug, deliveryUuid, body),
    onSuccess: () => {
      // Spec 4 "After actions": adding a parcel refetches parcels; the delivery's weight and volume change too.
      void queryClient.invalidateQueries({ queryKey: deliveryKeys.part(slug, deliveryUuid, 'parcels') });
      void queryClient.invalidateQueries({ queryKey: deliveryKeys.one(slug, deliveryUuid), exact: true });
      notifySuccess('Parcel Added', 'New parcel has been added to the delivery task.');
    },
  });
}
