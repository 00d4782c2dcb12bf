import { driverScopeCalls, type ChangeStatusBody } from '@courier/contract';
import { callApi } from '../../../lib/api-client';

/**
 * POST /driver/delivery/:uuid/status: a driver move of the machine; anything else is a 409 with the reason. Sent
 * from the write queue (offline/), which says what failed: the call itself stays silent.
 */
export const changeMyDeliveryStatus = (
  deliveryUuid: string,
  body: ChangeStatusBody,
  idempotencyKey?: string,
  signal?: AbortSignal,
) =>
  callApi(driverScopeCalls.changeMyDeliveryStatus, {
    params: { deliveryUuid },
    body,
    idempotencyKey,
    signal,
    silent: true,
  });
