import { fleetCalls, type VehicleModelInput } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notifications';
import { fleetKeys } from './keys';

export const createVehicleModel = (slug: string, body: VehicleModelInput) =>
  callApi(fleetCalls.createVehicleModel, { params: { companySlug: slug }, body });

export function useCreateVehicleModel(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VehicleModelInput) => createVehicleModel(slug, body),
    onSuccess: (model) => {
      void queryClient.invalidateQueries({ queryKey: fleetKeys.models(slug) });
      notifySuccess('Vehicle Type Added', `${model.name} can now be chosen for your vehicles.`);
    },
  });
}
