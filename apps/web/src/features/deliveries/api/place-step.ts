import { deliveryCalls } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reversePlace } from '../../../components/address-search/api/reverse-place';
import { callApi } from '../../../lib/api-client';
import { deliveryKeys } from '../../../lib/delivery-keys';
import { notifySuccess } from '../../../lib/notifications';

type Placed = { stepUuid: string; lat: number; lng: number };

/** The nearest address to a dropped pin, in words; null when the geocoder knows none or cannot answer now. */
async function nearestAddress(placed: Placed): Promise<string | null> {
  try {
    return (await reversePlace(placed))?.label ?? null;
  } catch {
    return null;
  }
}

/**
 * PUT delivery/:uuid/step/:step/location: a stop placed by hand (a dragged pin); the route is estimated again. The
 * toast names the nearest address (reverse geocoding), not the raw coordinates.
 */
export function usePlaceStep(slug: string, deliveryUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (placed: Placed) => {
      const step = await callApi(deliveryCalls.placeStep, {
        params: { companySlug: slug, deliveryUuid, deliveryStepUuid: placed.stepUuid },
        body: { lat: placed.lat, lng: placed.lng },
      });
      return { step, near: await nearestAddress(placed) };
    },
    onSuccess: ({ near }) => {
      // The delivery (its distance and duration) and its parts (steps, addresses) share this prefix.
      void queryClient.invalidateQueries({ queryKey: deliveryKeys.one(slug, deliveryUuid) });
      notifySuccess(
        'Stop placed',
        `${near ? `Near ${near}. ` : ''}The distance and duration were estimated again.`,
      );
    },
  });
}
