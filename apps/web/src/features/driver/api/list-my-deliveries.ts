import { driverScopeCalls } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { driverKeys } from './keys';

/** GET /driver/delivery: my deliveries now and today, under way first, each with its stops in order. */
export const listMyDeliveries = (signal?: AbortSignal) =>
  callApi(driverScopeCalls.listMyDeliveries, { signal, silent: true });

export const myDeliveriesQueryOptions = () =>
  queryOptions({ queryKey: driverKeys.deliveries(), queryFn: ({ signal }) => listMyDeliveries(signal) });

export function useMyDeliveries() {
  return useQuery(myDeliveriesQueryOptions());
}
