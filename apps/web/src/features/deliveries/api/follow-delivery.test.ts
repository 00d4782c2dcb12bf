import type { Delivery } from '@courier/contract';
import { describe, expect, it } from 'vitest';
import { deliveryKeys } from '../../../lib/delivery-keys';
import { noteKeys } from '../../../lib/note-keys';
import { FOLLOW_DELIVERY_MS, followInterval, partsChangedBy, workAspects } from './follow-delivery';

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

  it('asks again only the parts a driver’s status move, proof, note or assignment touches', () => {
    const slug = 'demo-shipper';
    const base = workAspects(delivery());
    const changed = (over: Partial<Delivery>) =>
      partsChangedBy(slug, 'd1', base, workAspects(delivery(over))).map((k) => k.at(-1));
    expect(changed({})).toEqual([]);
    expect(changed({ name: 'Renamed' })).toEqual([]);
    expect(changed({ deliveryLiveStatusTypeSlug: 'arrived-at-pickup' })).toEqual([
      'statuses',
      'live',
      'recipient-messages',
    ]);
    expect(changed({ deliveryDocuments: [{}] as Delivery['deliveryDocuments'] })).toEqual([
      'proofs',
      'tasks',
    ]);
    expect(
      partsChangedBy(
        slug,
        'd1',
        base,
        workAspects(delivery({ notes: [{ noteObject: { uuid: 'n1' } }] as unknown as Delivery['notes'] })),
      ),
    ).toEqual([noteKeys.of(slug, 'deliveries', 'd1')]);
    expect(changed({ vehicleMap: { v1: ['u1'] } })).toEqual(['assignments', 'live']);
    // Never the delivery's whole key tree.
    expect(
      partsChangedBy(
        slug,
        'd1',
        base,
        workAspects(delivery({ deliveryLiveStatusTypeSlug: 'completed', vehicleMap: { v1: [] } })),
      ),
    ).not.toContainEqual(deliveryKeys.one(slug, 'd1'));
  });
});
