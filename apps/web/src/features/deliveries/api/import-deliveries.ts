import { deliveryCalls, type CreateDeliveryBody } from '@courier/contract';
import { callApi } from '../../../lib/api-client';

/**
 * POST delivery/batch with one chunk of an order import (issue 34): each delivery is created or refused alone, and
 * answered by its place in the chunk. Silent: the import screen reports every row's answer itself, and a chunk that
 * fails as a whole is reported on its rows.
 */
export const importDeliveries = (slug: string, deliveries: CreateDeliveryBody[], signal?: AbortSignal) =>
  callApi(deliveryCalls.createDeliveries, {
    params: { companySlug: slug },
    body: { deliveries },
    signal,
    silent: true,
  });
