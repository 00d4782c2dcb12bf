import { driverScopeCalls, type ParcelScanBody } from '@courier/contract';
import { callApi } from '../../../lib/api-client';

/**
 * POST /driver/delivery/:uuid/scan: a parcel's label read at a stop. Another stop's or delivery's parcel, or one
 * scanned there already, answers 409 or 422 with the reason in words; the queue's failed list shows it.
 */
export const scanMyParcel = (
  deliveryUuid: string,
  body: ParcelScanBody,
  idempotencyKey?: string,
  signal?: AbortSignal,
) =>
  callApi(driverScopeCalls.scanMyParcel, {
    params: { deliveryUuid },
    body,
    idempotencyKey,
    signal,
    silent: true,
  });
