import { deliveryCalls } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, type CallData } from '../../../lib/api-client';
import { deliveryKeys } from '../../../lib/delivery-keys';

/** The GET lists of one delivery's parts (`delivery/<part>?deliveryUuid=`), by call name. */
const PART_CALLS = {
  steps: deliveryCalls.listSteps,
  tasks: deliveryCalls.listTasks,
  parcels: deliveryCalls.listParcels,
  quotes: deliveryCalls.listQuotes,
  statuses: deliveryCalls.listStatuses,
  addresses: deliveryCalls.listAddresses,
  contacts: deliveryCalls.listContacts,
  assignments: deliveryCalls.listAssignments,
} as const;
export type DeliveryPart = keyof typeof PART_CALLS;

export const listDeliveryPart = <P extends DeliveryPart>(
  slug: string,
  deliveryUuid: string,
  part: P,
  signal?: AbortSignal,
) =>
  callApi(PART_CALLS[part] as typeof deliveryCalls.listSteps, {
    params: { companySlug: slug },
    query: { deliveryUuid },
    signal,
    silent: true,
  }) as Promise<CallData<(typeof PART_CALLS)[P]>>;

export const deliveryPartQueryOptions = <P extends DeliveryPart>(
  slug: string,
  deliveryUuid: string,
  part: P,
) =>
  queryOptions({
    queryKey: deliveryKeys.part(slug, deliveryUuid, part),
    queryFn: ({ signal }) => listDeliveryPart(slug, deliveryUuid, part, signal),
  });

/** Steps, tasks, parcels, quotes, status history, addresses, contacts or assignments of one delivery. */
export function useDeliveryPart<P extends DeliveryPart>(slug: string, deliveryUuid: string, part: P) {
  return useQuery(deliveryPartQueryOptions(slug, deliveryUuid, part));
}
