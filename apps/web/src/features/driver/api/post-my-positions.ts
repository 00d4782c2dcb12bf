import { driverScopeCalls, type PositionBatchBody } from '@courier/contract';
import { callApi } from '../../../lib/api-client';

/**
 * POST /driver/location: a batch of my positions (at most POSITIONS.batchMax), filed by the server in my deliveries
 * under way at each point's time. Only the write queue calls it, with the batch's Idempotency-Key.
 */
export const postMyPositions = (body: PositionBatchBody, idempotencyKey?: string, signal?: AbortSignal) =>
  callApi(driverScopeCalls.postMyPositions, { body, idempotencyKey, signal, silent: true });
