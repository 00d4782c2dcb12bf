import { isLiveStatus, nextStatusOptions, type DriverDelivery } from '@courier/contract';
import type { QueuedWrite } from './queued-write';

const waitingOf = (entries: readonly QueuedWrite[]) => entries.filter((e) => e.state === 'waiting');

/**
 * A delivery as the driver left it: the server's (or the service worker's cached) answer with the status moves
 * still waiting to be sent applied on top, and the next moves from the same machine the server uses, so the next
 * buttons show while offline. Failed moves are not applied: the server refused them.
 */
export function withQueuedStatus(
  delivery: DriverDelivery,
  entries: readonly QueuedWrite[],
): DriverDelivery & { statusWaiting?: true } {
  let last: string | null = null;
  for (const { write } of waitingOf(entries))
    if (write.kind === 'status' && write.deliveryUuid === delivery.uuid) last = write.body.statusSlug;
  if (last === null || !isLiveStatus(last)) return delivery;
  return {
    ...delivery,
    deliveryLiveStatusTypeSlug: last,
    nextStatusOptions: nextStatusOptions(last, ['driver']),
    statusWaiting: true,
  };
}

/** The availability last set and not yet sent, if any. */
export function queuedAvailability(entries: readonly QueuedWrite[]) {
  let last = null;
  for (const { write } of waitingOf(entries))
    if (write.kind === 'availability') last = write.body.driverStatusSlug;
  return last;
}

/** The waiting and failed writes of one delivery, of one kind. */
export function writesOf<K extends QueuedWrite['write']['kind']>(
  entries: readonly QueuedWrite[],
  deliveryUuid: string,
  kind: K,
) {
  return entries.filter(
    (e): e is QueuedWrite & { write: Extract<QueuedWrite['write'], { kind: K }> } =>
      e.write.kind === kind && 'deliveryUuid' in e.write && e.write.deliveryUuid === deliveryUuid,
  );
}
