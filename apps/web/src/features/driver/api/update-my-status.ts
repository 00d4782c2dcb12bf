import { driverScopeCalls, type DRIVER_SELF_STATUSES } from '@courier/contract';
import { callApi } from '../../../lib/api-client';

/** What a driver sets themselves (the office and the work set the others). */
export type SelfStatus = (typeof DRIVER_SELF_STATUSES)[number];

/** POST /driver/status: my availability, in every company I drive for; answers my driver info in each. */
export const updateMyStatus = (driverStatusSlug: SelfStatus, idempotencyKey?: string, signal?: AbortSignal) =>
  callApi(driverScopeCalls.updateMyStatus, {
    body: { driverStatusSlug },
    idempotencyKey,
    signal,
    silent: true,
  });
