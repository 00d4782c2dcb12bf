import { adminUserCalls, displayName, driverCalls, liveMapCalls } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { companyUserKeys } from '../../../lib/company-user-keys';

/** One of the company's drivers as an admin's Driver Dashboard shows them (decision 061). */
export interface CompanyDriver {
  uuid: string;
  name: string;
  email: string;
  imgThumbUrl: string | null;
  statusSlug: string | null;
  statusName: string | null;
  /** Has not accepted the invitation yet: cannot sign in, so cannot drive. */
  invited: boolean;
  /** Deliveries assigned to them that are being worked (assigned to delivered: the active map's). */
  activeDeliveries: number;
}

/** While the screen is open its figures move with the day. */
export const COMPANY_DRIVERS_REFRESH_MS = 60_000;

/**
 * GET driver/user/uuid, GET user, GET driver/info and GET live-map, asked together: the company's drivers by name,
 * with their status and the active deliveries each is on. Company-admin calls: a driver's own calls are never asked
 * here.
 */
export const listCompanyDrivers = async (slug: string, signal?: AbortSignal): Promise<CompanyDriver[]> => {
  const params = { companySlug: slug };
  const [uuids, users, info, live] = await Promise.all([
    callApi(driverCalls.listDriverUserUuids, { params, signal, silent: true }),
    callApi(adminUserCalls.listUsers, { params, signal, silent: true }),
    callApi(driverCalls.listDriverInfo, { params, signal, silent: true }),
    callApi(liveMapCalls.getLiveMap, { params, signal, silent: true }),
  ]);
  const active = new Map<string, number>();
  for (const delivery of live.deliveries)
    for (const driver of delivery.drivers) active.set(driver.uuid, (active.get(driver.uuid) ?? 0) + 1);
  return uuids
    .flatMap((uuid): CompanyDriver[] => {
      const user = users[uuid];
      if (!user) return [];
      const status = info[uuid];
      return [
        {
          uuid,
          name: displayName(user) || user.email,
          email: user.email,
          imgThumbUrl: user.imgThumbUrl,
          statusSlug: status?.driverStatusSlug ?? null,
          statusName: status?.driverStatusName ?? null,
          invited: user.pendingInvitation !== null,
          activeDeliveries: active.get(uuid) ?? 0,
        },
      ];
    })
    .sort((a, b) => a.name.localeCompare(b.name));
};

/** Under the company's people: adding a driver or changing a status elsewhere refreshes it. */
export const companyDriversQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: [...companyUserKeys.all(slug), 'drivers-today'] as const,
    queryFn: ({ signal }) => listCompanyDrivers(slug, signal),
    refetchInterval: COMPANY_DRIVERS_REFRESH_MS,
  });

export function useCompanyDrivers(slug: string) {
  return useQuery(companyDriversQueryOptions(slug));
}
