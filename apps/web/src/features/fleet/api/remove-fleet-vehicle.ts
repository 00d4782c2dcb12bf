import { fleetCalls, type Vehicle } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notifications';
import { fleetKeys } from './keys';

export const removeFleetVehicle = (slug: string, fleetUuid: string, vehicleUuid: string) =>
  callApi(fleetCalls.removeFleetVehicle, { params: { companySlug: slug, fleetUuid, vehicleUuid } });

export function useRemoveFleetVehicle(slug: string, fleetUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vehicle: Pick<Vehicle, 'uuid' | 'name'>) =>
      removeFleetVehicle(slug, fleetUuid, vehicle.uuid),
    onSuccess: (fleet, vehicle) => {
      void queryClient.invalidateQueries({ queryKey: fleetKeys.all(slug) });
      notifySuccess('Fleet Updated', `${vehicle.name} has left ${fleet.name}.`);
    },
  });
}
