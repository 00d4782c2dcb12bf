import type { DriverDelivery } from '@courier/contract';
import { useEffect, useSyncExternalStore } from 'react';
import { useMe } from '../../../lib/session/get-me';
import { liveTracker, rememberSharing, rememberedSharing, setTrackedDriver } from './live-tracker';
import type { TrackerSnapshot } from './tracker';
import { anyUnderWay } from './under-way';

/**
 * Tracks the driver's position while this driver screen is open and one of `deliveries` (as the driver sees them,
 * queued moves applied) is under way. `undefined` while they load: the last answer holds meanwhile.
 */
export function useLocationSharing(
  deliveries: readonly Pick<DriverDelivery, 'deliveryLiveStatusTypeSlug'>[] | undefined,
): void {
  const me = useMe().data?.uuid ?? null;
  useEffect(() => liveTracker.attach(), []);
  useEffect(() => {
    setTrackedDriver(me);
    if (me) liveTracker.restoreEnabled(rememberedSharing(me));
  }, [me]);
  const known = deliveries !== undefined;
  const underWay = known && anyUnderWay(deliveries);
  useEffect(() => {
    if (known) liveTracker.setUnderWay(underWay);
  }, [known, underWay]);
}

export function useSharingState(): TrackerSnapshot {
  return useSyncExternalStore(liveTracker.subscribe, liveTracker.snapshot);
}

/** The driver's switch: remembered on this phone for them, and a tap (the permission prompt may show). */
export function setSharing(driverUuid: string | undefined, on: boolean): void {
  if (driverUuid) rememberSharing(driverUuid, on);
  liveTracker.setEnabled(on);
}
