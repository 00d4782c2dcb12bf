import { adminUserCalls, driverCalls, fleetCalls } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, callApiPage } from '../../../lib/api-client';

export interface AvailableFleet {
  vehicles: { uuid: string; name: string; registrationNumber: string; sizeSlug: string }[];
  vehicleTotal: number;
  drivers: { uuid: string; name: string }[];
  driverTotal: number;
}

/** GET vehicle?status=available, GET driver/info and GET user: who and what can take work now. */
export const listAvailableFleet = async (slug: string, signal?: AbortSignal): Promise<AvailableFleet> => {
  const params = { companySlug: slug };
  const [vehicles, drivers, users] = await Promise.all([
    callApiPage(fleetCalls.listVehicles, {
      params,
      query: { status: 'available', per_page: 8, sort: 'name', order: 'asc' },
      signal,
      silent: true,
    }),
    callApi(driverCalls.listDriverInfo, { params, signal, silent: true }),
    callApi(adminUserCalls.listUsers, { params, signal, silent: true }),
  ]);
  const available = Object.values(drivers)
    .filter((d) => d.driverStatusSlug === 'available')
    .map((d) => {
      const user = users[d.driverUserUuid];
      return { uuid: d.driverUserUuid, name: user ? `${user.firstname} ${user.lastname}`.trim() : 'Driver' };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
  return {
    vehicles: vehicles.data.map((v) => ({
      uuid: v.uuid,
      name: v.name,
      registrationNumber: v.registrationNumber,
      sizeSlug: v.vehicleSizeTypeSlug,
    })),
    vehicleTotal: vehicles.meta.total,
    drivers: available,
    driverTotal: available.length,
  };
};

export const availableFleetQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['dashboard', slug, 'available-fleet'],
    queryFn: ({ signal }) => listAvailableFleet(slug, signal),
  });

export function useAvailableFleet(slug: string) {
  return useQuery(availableFleetQueryOptions(slug));
}
