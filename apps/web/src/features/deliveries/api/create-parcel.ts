import { parcelCalls, type ParcelInput } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { deliveryKeys } from '../../../lib/delivery-keys';
import { notifySuccess } from '../../../lib/notifications';

export interface ParcelWriteBody {
  parcel: ParcelInput;
  deliveryUuid?: string;
  deliveryStepTaskUuid?: string;
}

/** POST parcel: a parcel on a delivery's task, or waiting unassigned. */
export const createParcel = (slug: string, body: ParcelWriteBody) =>
  callApi(parcelCalls.createParcel, { params: { companySlug: slug }, body });

export function useCreateParcel(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ParcelWriteBody) => createParcel(slug, body),
    onSuccess: (parcel, body) => {
      if (body.deliveryUuid) {
        void queryClient.invalidateQueries({ queryKey: deliveryKeys.one(slug, body.deliveryUuid) });
      }
      notifySuccess(
        'Parcel Added',
        `${parcel.name} has been added${parcel.trackingCode ? ` (tracking code ${parcel.trackingCode})` : ''}.`,
      );
    },
  });
}
