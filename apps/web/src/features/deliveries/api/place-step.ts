import { deliveryCalls } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { deliveryKeys } from '../../../lib/delivery-keys';
import { notifySuccess } from '../../../lib/notifications';

/** PUT delivery/:uuid/step/:step/location: a stop placed by hand (a dragged pin); the route is estimated again. */
export function usePlaceStep(slug: string, deliveryUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ stepUuid, lat, lng }: { stepUuid: string; lat: number; lng: number }) =>
      callApi(deliveryCalls.placeStep, {
        params: { companySlug: slug, deliveryUuid, deliveryStepUuid: stepUuid },
        body: { lat, lng },
      }),
    onSuccess: () => {
      // The delivery (its distance and duration) and its parts (steps, addresses) share this prefix.
      void queryClient.invalidateQueries({ queryKey: deliveryKeys.one(slug, deliveryUuid) });
      notifySuccess('Stop placed', 'The stop is on the map; the distance and duration were estimated again.');
    },
  });
}
