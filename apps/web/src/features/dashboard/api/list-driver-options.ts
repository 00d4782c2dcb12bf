import { adminUserCalls, driverCalls } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** GET driver/info and GET user: the company's drivers by name, for the driver filter. */
export const listDriverOptions = async (slug: string, signal?: AbortSignal) => {
  const [drivers, users] = await Promise.all([
    callApi(driverCalls.listDriverInfo, { params: { companySlug: slug }, signal, silent: true }),
    callApi(adminUserCalls.listUsers, { params: { companySlug: slug }, signal, silent: true }),
  ]);
  return Object.values(drivers)
    .map((d) => {
      const user = users[d.driverUserUuid];
      return {
        value: d.driverUserUuid,
        label: user ? `${user.firstname} ${user.lastname}`.trim() : 'Driver',
      };
    })
    .sort((a, b) => a.label.localeCompare(b.label));
};

export const driverOptionsQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['dashboard', slug, 'driver-options'],
    queryFn: ({ signal }) => listDriverOptions(slug, signal),
  });

export function useDriverOptions(slug: string) {
  return useQuery(driverOptionsQueryOptions(slug));
}
