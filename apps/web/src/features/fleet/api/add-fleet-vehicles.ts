import { fleetCalls } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notifications';
import { fleetKeys } from './keys';

export const addFleetVehicles = (slug: string, fleetUuid: string, vehicleUuids: string[]) =>
  callApi(fleetCalls.addFleetVehicles, { params: { companySlug: slug, fleetUuid }, body: { vehicleUuids } });

export function useAddFleetVehicles(slug: string, fleetUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vehicleUuids: string[]) => addFleetVehicles(slug, fleetUuid, vehicleUuids),
    onSuccess: (fleet, vehicleUuids) => {
      void queryClient.invalidateQueries({ queryKey: fleetKeys.all(slug) });
      const count = vehicleUuids.length === 1 ? 'One vehicle' : `${vehicleUuids.length} vehicles`;
      notifySuccess('Fleet Updated', `${count} added to ${fleet.name}.`);
    },
  });
}
