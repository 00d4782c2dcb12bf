import { driverScopeCalls, type DriverDelivery } from '@courier/contract';
import { useCallback } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { withQueuedStatus } from '../offline/overlay';
import { useMyQueuedWrites } from '../offline/use-write-queue';
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

/** My deliveries, looked at again every minute while the dashboard is open, with the queued status moves on top. */
export function useMyDeliveries() {
  const { entries } = useMyQueuedWrites();
  const select = useCallback(
    (deliveries: DriverDelivery[]) => deliveries.map((d) => withQueuedStatus(d, entries)),
    [entries],
  );
  return useQuery({ ...myDeliveriesQueryOptions(), select, refetchInterval: REFRESH_MS });
}
