import { driverScopeCalls, type HandoverPinBody } from '@courier/contract';
import { callApi } from '../../../lib/api-client';

/**
 * POST /driver/delivery/:uuid/doc/step/task/pin: the recipient's handover code, recorded as the task's proof. A
 * wrong code answers 422 with a message on `pin`, too many wrong codes 429; the screen says which.
 */
export const confirmMyHandoverPin = (
  deliveryUuid: string,
  body: HandoverPinBody,
  idempotencyKey?: string,
  signal?: AbortSignal,
) =>
  callApi(driverScopeCalls.confirmMyHandoverPin, {
    params: { deliveryUuid },
    body,
    idempotencyKey,
    signal,
    silent: true,
  });
