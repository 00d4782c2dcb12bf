import type { Delivery } from '@courier/contract';
import { describe, expect, it } from 'vitest';
import { FOLLOW_DELIVERY_MS, followInterval, workFingerprint } from './follow-delivery';

const delivery = (over: Partial<Delivery> = {}) =>
  ({
    uuid: 'd1',
    deliveryLiveStatusTypeSlug: 'en-route-to-pickup',
    deliveryDocuments: [],
    notes: [],
    vehicleMap: {},
    ...over,
  }) as unknown as Delivery;

describe('following a delivery a driver works', () => {
  it('looks again while the delivery is unfinished, and stops once it is final', () => {
    expect(followInterval(delivery())).toBe(FOLLOW_DELIVERY_MS);
    expect(followInterval(delivery({ deliveryLiveStatusTypeSlug: 'completed' }))).toBe(false);
    expect(followInterval(delivery({ deliveryLiveStatusTypeSlug: 'cancelled' }))).toBe(false);
    expect(followInterval(undefined)).toBe(false);
  });

  it('sees a driver’s status move, a new proof and a new note, and ignores what they do not change', () => {
    const base = workFingerprint(delivery());
    expect(workFingerprint(delivery())).toBe(base);
    expect(workFingerprint(delivery({ deliveryLiveStatusTypeSlug: 'arrived-at-pickup' }))).not.toBe(base);
    expect(workFingerprint(delivery({ deliveryDocuments: [{}] as Delivery['deliveryDocuments'] }))).not.toBe(
      base,
    );
    expect(
      workFingerprint(delivery({ notes: [{ noteObject: { uuid: 'n1' } }] as unknown as Delivery['notes'] })),
    ).not.toBe(base);
    expect(workFingerprint(delivery({ name: 'Renamed' }))).toBe(base);
  });
});
