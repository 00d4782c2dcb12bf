import {
  LIVE_ACTIVE_STATUSES,
  LIVE_START_STATUSES,
  LIVE_STATUSES,
  type DriverDelivery,
  type LiveStatus,
} from '@courier/contract';

const startIndex = Math.min(...LIVE_START_STATUSES.map((s) => LIVE_STATUSES.indexOf(s)));

/**
 * Under way: the contract's active statuses from the start of the work on (en route to pickup through at dropoff).
 * `assigned` is active (the vehicle is booked) but not started, so the phone does not track yet; a failed delivery
 * on its way back to the sender is not under way either, as the status machine counts it.
 */
export const UNDER_WAY_STATUSES: readonly LiveStatus[] = LIVE_ACTIVE_STATUSES.filter(
  (s) => LIVE_STATUSES.indexOf(s) >= startIndex,
);

export const isUnderWay = (status: string): boolean =>
  (UNDER_WAY_STATUSES as readonly string[]).includes(status);

/** Whether any of these deliveries (as the driver sees them, queued moves applied) is under way. */
export const anyUnderWay = (deliveries: readonly Pick<DriverDelivery, 'deliveryLiveStatusTypeSlug'>[]) =>
  deliveries.some((d) => isUnderWay(d.deliveryLiveStatusTypeSlug));
