import { LIVE_FINAL_STATUSES, type Delivery } from '@courier/contract';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { deliveryKeys } from '../../../lib/delivery-keys';
import { useLiveConnected } from '../../../lib/live';
import { noteKeys } from '../../../lib/note-keys';

/** How often an open, unfinished delivery is looked at again while its drivers work it and the live stream is down. */
export const FOLLOW_DELIVERY_MS = 20_000;

/** What a driver's work changes on the delivery itself, each apart: its status, proofs, notes and assignment. */
export function workAspects(delivery: Delivery) {
  return {
    status: delivery.deliveryLiveStatusTypeSlug,
    proofs: String(delivery.deliveryDocuments.length),
    // The detail carries the latest few notes: the newest tells a new one.
    notes: JSON.stringify(delivery.notes[0]?.noteObject ?? null),
    assignment: JSON.stringify(delivery.vehicleMap),
  };
}
export type WorkAspects = ReturnType<typeof workAspects>;

/**
 * The parts of the delivery page to ask again when the delivery, asked again, shows that someone else worked it:
 * only those each change touches (the same as its live event would, decision 062), never the whole key tree.
 */
export function partsChangedBy(slug: string, uuid: string, before: WorkAspects, after: WorkAspects) {
  const part = (name: string) => deliveryKeys.part(slug, uuid, name);
  const keys: QueryKey[] = [];
  // A move the recipient is told of writes its message: the log of messages to the recipient too.
  if (before.status !== after.status) keys.push(part('statuses'), part('live'), part('recipient-messages'));
  // A confirmed handover code is a proof that also completes its task.
  if (before.proofs !== after.proofs) keys.push(part('proofs'), part('tasks'));
  if (before.notes !== after.notes) keys.push(noteKeys.of(slug, 'deliveries', uuid));
  if (before.assignment !== after.assignment) keys.push(part('assignments'), part('live'));
  return [...new Map(keys.map((k) => [JSON.stringify(k), k])).values()];
}

export function followInterval(delivery: Delivery | undefined): number | false {
  if (!delivery) return false;
  return (LIVE_FINAL_STATUSES as readonly string[]).includes(delivery.deliveryLiveStatusTypeSlug)
    ? false
    : FOLLOW_DELIVERY_MS;
}

/**
 * While the live stream is down the delivery is polled (useDelivery); when an answer shows that someone else
 * worked it (a driver marked a stop, sent a proof, wrote a note), the parts that change touches are asked again. While
 * the stream is up its events do this (applyLiveSignal), and this stays quiet: a status the event wrote into the
 * cache must not ask the whole page again.
 */
export function useFollowDeliveryParts(slug: string, delivery: Delivery | undefined) {
  const queryClient = useQueryClient();
  const live = useLiveConnected();
  const seen = useRef<WorkAspects | null>(null);
  useEffect(() => {
    if (!delivery) return;
    const before = seen.current;
    const now = workAspects(delivery);
    seen.current = now;
    if (live || !before) return;
    for (const queryKey of partsChangedBy(slug, delivery.uuid, before, now))
      void queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
  }, [queryClient, slug, delivery, live]);
}
