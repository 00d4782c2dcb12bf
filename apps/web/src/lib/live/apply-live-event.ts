import type { LiveEvent } from '@courier/contract';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { auctionKeys } from '../auction-keys';
import { companyUserKeys } from '../company-user-keys';
import { deliveryKeys } from '../delivery-keys';
import { inboxKeys } from '../inbox-keys';
import { noteKeys } from '../note-keys';
import { notificationKeys } from '../notification-keys';
import type { LiveSignal } from './live-stream';

/** The driver app's query keys (lib/driver-keys.ts), passed in by the shell for a driver's tab. */
export interface DriverCacheKeys {
  deliveries(): QueryKey;
  delivery(uuid: string): QueryKey;
  notes(uuid: string): QueryKey;
  myStatus(): QueryKey;
}

export interface LiveCacheScope {
  /** The company of the admin screens' caches; null for a driver-only tab. */
  slug: string | null;
  driver?: DriverCacheKeys;
}

type WithStatus = { deliveryLiveStatusTypeSlug?: string; liveStatusChangedAt?: string };

/**
 * Invalidations gathered over a short window and sent once per key: a burst of events (a catch-up, a busy delivery)
 * refetches each open query once, not once per event. `active` refetches what a screen shows now; `stale` only marks
 * (lists refetch when next shown).
 */
export class InvalidationBatch {
  private readonly pending = new Map<string, { key: QueryKey; active: boolean }>();
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly queryClient: QueryClient,
    private readonly windowMs = 100,
  ) {}

  add(key: QueryKey, mode: 'active' | 'stale') {
    const id = JSON.stringify(key);
    const before = this.pending.get(id);
    this.pending.set(id, { key, active: (before?.active ?? false) || mode === 'active' });
    this.timer ??= setTimeout(() => this.flush(), this.windowMs);
  }

  flush() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const all = [...this.pending.values()];
    this.pending.clear();
    for (const { key, active } of all)
      void this.queryClient.invalidateQueries({ queryKey: key, refetchType: active ? 'active' : 'none' });
  }
}

/**
 * Applies one signal of the live stream to TanStack Query's caches: what the event says is written into the cache
 * at once (a status), and only the queries it makes wrong are invalidated (the delivery's history, its assignment,
 * proofs, notes, quotes), batched. The delivery itself is refetched only where a screen shows it: its next moves
 * depend on who looks (decision 016) and the event does not carry them.
 */
export function applyLiveSignal(
  queryClient: QueryClient,
  batch: InvalidationBatch,
  scope: LiveCacheScope,
  signal: LiveSignal,
): void {
  const { slug, driver } = scope;
  if (signal.kind === 'reset') {
    if (slug) {
      batch.add(deliveryKeys.all(slug), 'active');
      batch.add(auctionKeys.all(slug), 'active');
      batch.add(notificationKeys.all(), 'active');
      batch.add(inboxKeys.all(slug), 'active');
    }
    if (driver) batch.add(driver.deliveries(), 'active');
    return;
  }
  const event: LiveEvent = signal.event;
  switch (event.type) {
    case 'delivery.status': {
      const { deliveryUuid: uuid, status, at } = event.data;
      const patch = (d: WithStatus | undefined) =>
        d && { ...d, deliveryLiveStatusTypeSlug: status, liveStatusChangedAt: at };
      if (slug) {
        queryClient.setQueryData<WithStatus>(deliveryKeys.one(slug, uuid), patch);
        batch.add(deliveryKeys.part(slug, uuid, 'statuses'), 'active');
        batch.add(deliveryKeys.one(slug, uuid), 'active');
        batch.add([...deliveryKeys.all(slug), 'list'], 'stale');
        batch.add([...deliveryKeys.all(slug), 'stats'], 'stale');
        // A delivery that starts, finishes or changes status shows (or leaves) the active deliveries map.
        batch.add(deliveryKeys.liveMap(slug), 'active');
      }
      if (driver) {
        queryClient.setQueryData<WithStatus>(driver.delivery(uuid), patch);
        batch.add(driver.delivery(uuid), 'active');
        batch.add(driver.deliveries(), 'stale');
      }
      return;
    }
    case 'delivery.assignment': {
      const uuid = event.data.deliveryUuid;
      if (slug) {
        batch.add(deliveryKeys.part(slug, uuid, 'assignments'), 'active');
        batch.add(deliveryKeys.one(slug, uuid), 'active');
        batch.add([...deliveryKeys.all(slug), 'list'], 'stale');
        batch.add(deliveryKeys.liveMap(slug), 'active');
      }
      // Assigned to me, or taken off me: my list changes.
      if (driver) batch.add(driver.deliveries(), 'active');
      return;
    }
    case 'delivery.proof': {
      const uuid = event.data.deliveryUuid;
      if (slug) {
        batch.add(deliveryKeys.part(slug, uuid, 'proofs'), 'active');
      }
      if (driver) batch.add(driver.delivery(uuid), 'active');
      return;
    }
    case 'delivery.note': {
      const uuid = event.data.deliveryUuid;
      if (slug) batch.add(noteKeys.of(slug, 'deliveries', uuid), 'active');
      if (driver) batch.add(driver.notes(uuid), 'active');
      return;
    }
    case 'delivery.quote': {
      const uuid = event.data.deliveryUuid;
      if (slug) {
        batch.add(deliveryKeys.part(slug, uuid, 'quotes'), 'active');
        batch.add(deliveryKeys.one(slug, uuid), 'active');
      }
      return;
    }
    case 'delivery.route': {
      const uuid = event.data.deliveryUuid;
      if (slug) {
        // The delivery and its parts (steps, addresses) share this key's prefix.
        batch.add(deliveryKeys.one(slug, uuid), 'active');
        batch.add(deliveryKeys.liveMap(slug), 'active');
      }
      if (driver) batch.add(driver.delivery(uuid), 'active');
      return;
    }
    case 'driver.status': {
      if (slug) batch.add(deliveryKeys.people(slug), 'stale');
      if (driver) batch.add(driver.myStatus(), 'active');
      return;
    }
    case 'auction': {
      // A bid, a withdrawal, an award, a new auction: the event says which auction, not what it now holds, and
      // what each viewer sees of it differs (sealed bids), so every marketplace query of the company refetches.
      if (slug) {
        batch.add(auctionKeys.all(slug), 'active');
        // An award makes the winner the carrier: its delivery lists change.
        if (event.data.change === 'awarded') batch.add([...deliveryKeys.all(slug), 'list'], 'stale');
      }
      return;
    }
    case 'member.joined': {
      // An invited person chose their password (decision 032): the people lists lose their "invited" mark.
      if (slug) batch.add(companyUserKeys.all(slug), 'active');
      return;
    }
    case 'message': {
      // A message for me (decision 031): the header's count, the list and the open thread refetch.
      if (slug) batch.add(inboxKeys.all(slug), 'active');
      return;
    }
    case 'notification': {
      // New notifications for me (the stream only brings those naming me): the bell and the list refetch.
      batch.add(notificationKeys.all(), 'active');
      return;
    }
    case 'position':
      return; // positions are for the maps' own handlers (useLiveEvents): each places them in its own cache
  }
}
