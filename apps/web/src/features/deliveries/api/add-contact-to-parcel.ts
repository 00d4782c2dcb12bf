import { deliveryCalls, type ContactInput } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { deliveryKeys } from '../../../lib/delivery-keys';
import { notifySuccess } from '../../../lib/notifications';

/** POST delivery/parcel/:parcelUuid/add-contact: a contact person for one parcel. */
export const addContactToParcel = (slug: string, parcelUuid: string, contact: ContactInput) =>
  callApi(deliveryCalls.addContactToParcel, {
    params: { companySlug: slug, parcelUuid },
    body: { contact },
  });

export function useAddContactToParcel(slug: string, deliveryUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ parcelUuid, contact }: { parcelUuid: string; contact: ContactInput }) =>
      addContactToParcel(slug, parcelUuid, contact),
    onSuccess: () => {
      // The delivery's parcel list carries each parcel's contacts.
      void queryClient.invalidateQueries({ queryKey: deliveryKeys.part(slug, deliveryUuid, 'parcels') });
      notifySuccess('Contact Added', 'Contact has been added to parcel');
    },
  });
}
