import { driverScopeCalls, type DriverNoteBody } from '@courier/contract';
import { callApi } from '../../../lib/api-client';

/** POST /driver/delivery/:uuid/notes: a note (or a reply) in the company that assigned me; sent from the queue. */
export const createMyDeliveryNote = (
  deliveryUuid: string,
  body: DriverNoteBody,
  idempotencyKey?: string,
  signal?: AbortSignal,
) =>
  callApi(driverScopeCalls.createMyDeliveryNote, {
    params: { deliveryUuid },
    body,
    idempotencyKey,
    signal,
    silent: true,
  });
