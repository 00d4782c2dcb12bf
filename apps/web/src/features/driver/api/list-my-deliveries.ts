import { driverScopeCalls } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { driverKeys } from './keys';

/** GET /driver/delivery: my deliveries now and today, under way first, each with its stops in order. */
export const listMyDeliveries = (signal?: AbortSignal) =>
  callApi(driverScopeCalls.listMyDeliveries, { signal, silent: true });

/** A driver's day changes under them (a new assignment, a cancellation): fresher than the office's lists. */
export const DRIVER_STALE_MS = 30_000;
const REFRESH_MS = 60_000;

export const myDeliveriesQueryOptions = () =>
  queryOptions({
    queryKey: driverKeys.deliveries(),
    queryFn: ({ signal }) => listMyDeliveries(signal),
    staleTime: DRIVER_STALE_MS,
    // Back from the map app or the phone's lock screen: look again.
    refetchOnWindowFocus: true,
  });

/** My deliveries, looked at again every minute while the dashboard is open. */
export function useMyDeliveries() {
  return useQuery({ ...myDeliveriesQueryOptions(), refetchInterval: REFRESH_MS });
}
