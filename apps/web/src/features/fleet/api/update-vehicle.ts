import { fleetCalls, type VehicleInput } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notifications';
import { fleetKeys } from './keys';

export const updateVehicle = (slug: string, vehicleUuid: string, body: VehicleInput) =>
  callApi(fleetCalls.updateVehicle, { params: { companySlug: slug, vehicleUuid }, body });

export function useUpdateVehicle(slug: string, vehicleUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VehicleInput) => updateVehicle(slug, vehicleUuid, body),
    onSuccess: (vehicle) => {
      queryClient.setQueryData(fleetKeys.vehicle(slug, vehicle.uuid), vehicle);
      void queryClient.invalidateQueries({ queryKey: fleetKeys.all(slug) });
      notifySuccess('Vehicle Updated', `${vehicle.name} has been updated.`);
    },
  });
}
