import { LIVE_FINAL_STATUSES, type Delivery } from '@courier/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { deliveryKeys } from '../../../lib/delivery-keys';

/** How often an open, unfinished delivery is looked at again while its drivers work it and the live stream is down. */
export const FOLLOW_DELIVERY_MS = 20_000;

/** What a driver's work changes on the delivery itself: its status, documents (proofs), notes and assignment. */
export function workFingerprint(delivery: Delivery): string {
  return JSON.stringify([
    delivery.deliveryLiveStatusTypeSlug,
    delivery.deliveryDocuments.length,
    // The detail carries the latest few notes: the newest tells a new one.
    delivery.notes[0]?.noteObject ?? null,
    delivery.vehicleMap,
  ]);
}

export function followInterval(delivery: Delivery | undefined): number | false {
  if (!delivery) return false;
  return (LIVE_FINAL_STATUSES as readonly string[]).includes(delivery.deliveryLiveStatusTypeSlug)
    ? false
    : FOLLOW_DELIVERY_MS;
}

/**
 * When the delivery's refetch shows that someone else moved it (a driver marked a stop, sent a proof, wrote a
 * note), its parts (history, proofs, assignments…) are fetched again; an unchanged delivery costs one request.
 */
export function useFollowDeliveryParts(slug: string, delivery: Delivery | undefined) {
  const queryClient = useQueryClient();
  const seen = useRef<string | null>(null);
  const fingerprint = delivery ? workFingerprint(delivery) : null;
  useEffect(() => {
    if (!delivery || fingerprint === null) return;
    if (seen.current !== null && seen.current !== fingerprint) {
      void queryClient.invalidateQueries({
        queryKey: deliveryKeys.one(slug, delivery.uuid),
        // The delivery itself was just fetched; only its parts are stale.
        predicate: (query) => query.queryKey.length > deliveryKeys.one(slug, delivery.uuid).length,
      });
    }
    seen.current = fingerprint;
  }, [queryClient, slug, delivery, fingerprint]);
}
