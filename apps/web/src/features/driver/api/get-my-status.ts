import { driverScopeCalls, type DriverInfo, type DriverStatusSlug } from '@courier/contract';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { driverKeys } from './keys';

/** GET /driver/status: my availability in every company I drive for (the service worker keeps it for offline). */
export const getMyStatus = (signal?: AbortSignal) =>
  callApi(driverScopeCalls.getMyStatus, { signal, silent: true });

export const myStatusQueryOptions = () =>
  queryOptions({
    queryKey: driverKeys.myStatus(),
    queryFn: ({ signal }) => getMyStatus(signal),
    staleTime: 30_000,
    refetchOnWindowFocus: true,
  });

/**
 * The one status to show: the same in every company right after I set it; while the work has me on delivery in
 * one company, that, since it is what the office acts on.
 */
export function statusOfInfos(infos: readonly DriverInfo[] | undefined): DriverStatusSlug | null {
  const shown = infos?.find((i) => i.driverStatusSlug === 'on-delivery') ?? infos?.[0];
  return (shown?.driverStatusSlug as DriverStatusSlug | undefined) ?? null;
}
