import { driverScopeCalls } from '@courier/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { driverKeys } from './keys';
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

/** One of my deliveries; opened from the dashboard it shows at once from the list while it refetches. */
export function useMyDelivery(deliveryUuid: string) {
  const queryClient = useQueryClient();
  return useQuery({
    ...myDeliveryQueryOptions(deliveryUuid),
    placeholderData: () =>
      queryClient
        .getQueryData(myDeliveriesQueryOptions().queryKey)
        ?.find((delivery) => delivery.uuid === deliveryUuid),
  });
}
