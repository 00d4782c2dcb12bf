import { driverScopeCalls, type DriverDelivery } from '@courier/contract';
import { useCallback } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { driverKeys } from './keys';
import { withQueuedStatus } from '../offline/overlay';
import { useMyQueuedWrites } from '../offline/use-write-queue';
import { DRIVER_STALE_MS, myDeliveriesQueryOptions } from './list-my-deliveries';

/** GET /driver/delivery/:uuid: one delivery assigned to me (404 once it is not). */
export const getMyDelivery = (deliveryUuid: string, signal?: AbortSignal) =>
  callApi(driverScopeCalls.getMyDelivery, { params: { deliveryUuid }, signal, silent: true });

export const myDeliveryQueryOptions = (deliveryUuid: string) =>
  queryOptions({
    queryKey: driverKeys.delivery(deliveryUuid),
    queryFn: ({ signal }) => getMyDelivery(deliveryUuid, signal),
    staleTime: DRIVER_STALE_MS,
    refetchOnWindowFocus: true,
  });

/**
 * One of my deliveries; opened from the dashboard it shows at once from the list while it refetches. The status
 * moves still waiting in the queue are shown on top of the server's answer.
 */
export function useMyDelivery(deliveryUuid: string) {
  const queryClient = useQueryClient();
  const { entries } = useMyQueuedWrites();
  const select = useCallback((delivery: DriverDelivery) => withQueuedStatus(delivery, entries), [entries]);
  return useQuery({
    ...myDeliveryQueryOptions(deliveryUuid),
    select,
    placeholderData: () =>
      queryClient
        .getQueryData(myDeliveriesQueryOptions().queryKey)
        ?.find((delivery) => delivery.uuid === deliveryUuid),
  });
}
