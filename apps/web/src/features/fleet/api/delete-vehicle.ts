import { fleetCalls, type Vehicle } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notifications';
import { fleetKeys } from './keys';

export const deleteVehicle = (slug: string, vehicleUuid: string) =>
  callApi(fleetCalls.deleteVehicle, { params: { companySlug: slug, vehicleUuid } });

export function useDeleteVehicle(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vehicle: Pick<Vehicle, 'uuid' | 'name'>) => deleteVehicle(slug, vehicle.uuid),
    onSuccess: (_, vehicle) => {
      queryClient.removeQueries({ queryKey: fleetKeys.vehicle(slug, vehicle.uuid) });
      void queryClient.invalidateQueries({ queryKey: fleetKeys.all(slug) });
      notifySuccess('Vehicle Deleted', `${vehicle.name} has been deleted.`);
    },
  });
}
