import { fleetCalls, type FleetInput } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notifications';
import { fleetKeys } from './keys';

export const createFleet = (slug: string, body: FleetInput) =>
  callApi(fleetCalls.createFleet, { params: { companySlug: slug }, body });

export function useCreateFleet(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FleetInput) => createFleet(slug, body),
    onSuccess: (fleet) => {
      void queryClient.invalidateQueries({ queryKey: fleetKeys.fleets(slug) });
      notifySuccess('Fleet Created', `${fleet.name} has been created.`);
    },
  });
}
