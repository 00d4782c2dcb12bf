import { parcelCalls } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { deliveryKeys } from '../../../lib/delivery-keys';
import { browserTimeZone } from '../../../lib/time-zone';

/** GET delivery/stats?days=&tz=: counts by status, today, late, on-time rate and per day. */
export const getDeliveryStats = (slug: string, days: number, tz: string, signal?: AbortSignal) =>
  callApi(parcelCalls.deliveryStats, {
    params: { companySlug: slug },
    query: { days, tz },
    signal,
    silent: true,
  });

export const deliveryStatsQueryOptions = (slug: string, days: number, tz: string) =>
  queryOptions({
    queryKey: deliveryKeys.stats(slug, days, tz),
    queryFn: ({ signal }) => getDeliveryStats(slug, days, tz, signal),
  });

export function useDeliveryStats(slug: string, days = 14) {
  return useQuery(deliveryStatsQueryOptions(slug, days, browserTimeZone()));
}
