import { fleetCalls, type FleetInput } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notifications';
import { fleetKeys } from './keys';

export const updateFleet = (slug: string, fleetUuid: string, body: FleetInput) =>
  callApi(fleetCalls.updateFleet, { params: { companySlug: slug, fleetUuid }, body });

export function useUpdateFleet(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fleetUuid, body }: { fleetUuid: string; body: FleetInput }) =>
      updateFleet(slug, fleetUuid, body),
    onSuccess: (fleet) => {
      void queryClient.invalidateQueries({ queryKey: fleetKeys.fleets(slug) });
      notifySuccess('Fleet Updated', `${fleet.name} has been saved.`);
    },
  });
}
