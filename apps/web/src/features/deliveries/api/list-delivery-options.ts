import { deliveryCalls } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApiPage } from '../../../lib/api-client';
import { deliveryKeys } from '../../../lib/delivery-keys';

/** GET delivery?per_page=100: the latest deliveries to put a parcel on. */
export const listDeliveryOptions = (slug: string, signal?: AbortSignal) =>
  callApiPage(deliveryCalls.listDeliveries, {
    params: { companySlug: slug },
    query: { per_page: 100, sort: 'createdAt', order: 'desc' },
    signal,
    silent: true,
  }).then((page) => page.data.map((d) => ({ value: d.uuid, label: d.name })));

export const deliveryOptionsQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: deliveryKeys.list(slug, { purpose: 'options' }),
    queryFn: ({ signal }) => listDeliveryOptions(slug, signal),
  });

export function useDeliveryOptions(slug: string) {
  return useQuery(deliveryOptionsQueryOptions(slug));
}
