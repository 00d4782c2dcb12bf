import { fleetCalls, type Fleet } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notifications';
import { fleetKeys } from './keys';

export const deleteFleet = (slug: string, fleetUuid: string) =>
  callApi(fleetCalls.deleteFleet, { params: { companySlug: slug, fleetUuid } });

/** Its vehicles stay; they only leave the fleet. */
export function useDeleteFleet(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fleet: Pick<Fleet, 'uuid' | 'name'>) => deleteFleet(slug, fleet.uuid),
    onSuccess: (_, fleet) => {
      void queryClient.invalidateQueries({ queryKey: fleetKeys.all(slug) });
      notifySuccess('Fleet Deleted', `${fleet.name} has been deleted. Its vehicles stay.`);
    },
  });
}
