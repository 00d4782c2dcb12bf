import { fleetCalls, type Vehicle } from '@courier/contract';
import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { Page } from '../../../lib/api-client';
import { callApi } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notifications';
import { fleetKeys } from './keys';

export interface VehicleStatusChange {
  vehicle: Pick<Vehicle, 'uuid' | 'name'>;
  vehicleStatusTypeSlug: string;
  /** The status's name, for the notification. */
  statusName: string;
}

/** POST vehicle/status. */
export const updateVehicleStatus = (slug: string, vehicleUuid: string, vehicleStatusTypeSlug: string) =>
  callApi(fleetCalls.updateVehicleStatus, {
    params: { companySlug: slug },
    body: { vehicleUuid, vehicleStatusTypeSlug },
  });

/** Puts the changed vehicle into every loaded page at once, so its tag changes before the lists reload. */
function patchLoadedRows(queryClient: QueryClient, slug: string, vehicle: Vehicle): void {
  queryClient.setQueriesData<InfiniteData<Page<Vehicle[]>>>(
    { queryKey: [...fleetKeys.vehicles(slug), 'list'] },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          data: page.data.map((row) => (row.uuid === vehicle.uuid ? vehicle : row)),
        })),
      },
  );
  queryClient.setQueryData(fleetKeys.vehicle(slug, vehicle.uuid), vehicle);
}

/** Spec section 7: the vehicle list is refreshed after a status change. */
export function useUpdateVehicleStatus(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ vehicle, vehicleStatusTypeSlug }: VehicleStatusChange) =>
      updateVehicleStatus(slug, vehicle.uuid, vehicleStatusTypeSlug),
    onSuccess: (vehicle, { statusName }) => {
      patchLoadedRows(queryClient, slug, vehicle);
      void queryClient.invalidateQueries({ queryKey: fleetKeys.all(slug) });
      notifySuccess('Status Changed', `${vehicle.name} is now ${statusName.toLowerCase()}.`);
    },
  });
}
