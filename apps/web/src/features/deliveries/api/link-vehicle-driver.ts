import { deliveryCalls } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { deliveryKeys } from '../../../lib/delivery-keys';
import { notifySuccess } from '../../../lib/notifications';

export interface LinkVehicleDriverBody {
  vehicleUuid: string;
  driverUserUuids: string[];
}

/** POST delivery/:uuid/vehicle/driver; 422 on `vehicleUuid` or `driverUserUuids` when one's status rules out work. */
export const linkVehicleDriver = (slug: string, deliveryUuid: string, body: LinkVehicleDriverBody) =>
  callApi(deliveryCalls.linkVehicleDriver, { params: { companySlug: slug, deliveryUuid }, body });

export function useLinkVehicleDriver(slug: string, deliveryUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LinkVehicleDriverBody) => linkVehicleDriver(slug, deliveryUuid, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: deliveryKeys.all(slug) });
      notifySuccess('Linked Vehicle and Driver', 'The vehicle and drivers are now linked to this delivery.');
    },
  });
}
