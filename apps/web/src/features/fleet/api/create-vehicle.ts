import { fleetCalls, type VehicleInput } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notifications';
import { fleetKeys } from './keys';

/** POST vehicle; a registration number the company already has is a 409 on `registrationNumber`. */
export const createVehicle = (slug: string, body: VehicleInput) =>
  callApi(fleetCalls.createVehicle, { params: { companySlug: slug }, body });

export function useCreateVehicle(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VehicleInput) => createVehicle(slug, body),
    onSuccess: (vehicle) => {
      void queryClient.invalidateQueries({ queryKey: fleetKeys.all(slug) });
      notifySuccess('Vehicle Added', `${vehicle.name} has been added to your fleet.`);
    },
  });
}
