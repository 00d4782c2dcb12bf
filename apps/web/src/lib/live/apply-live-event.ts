import type { LiveEvent } from '@courier/contract';
import { HANDOVER_PIN } from '@courier/contract/plain';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { auctionKeys } from '../auction-keys';
import { companyUserKeys } from '../company-user-keys';
import { deliveryKeys } from '../delivery-keys';
import { dispatchBoardKeys } from '../dispatch-keys';
import { inboxKeys } from '../inbox-keys';
import { noteKeys } from '../note-keys';
import { notificationKeys } from '../notification-keys';
import type { InvalidationBatch } from './invalidation-batch';
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
type WithVehicles = { vehicleMap?: Record<string, string[]> };

/**
 * What each event about a delivery changes of it, as the screens that show one cache it (decision 062): the delivery
 * (`one`, exact: never the key tree under it) and the named parts under its key. Everything else it shows is
 * untouched by that event and is not asked again.
 */
function deliveryParts(slug: string, uuid: string) {
  const part = (name: string) => deliveryKeys.part(slug, uuid, name);
  return {
    one: deliveryKeys.one(slug, uuid),
    statuses: part('statuses'),
    assignments: part('assignments'),
    quotes: part('quotes'),
    proofs: part('proofs'),
    parcels: part('parcels'),
    tasks: part('tasks'),
    steps: part('steps'),
    addresses: part('addresses'),
    /** The driver's position and the ETA through the remaining stops (delivery-live.ts). */
    eta: part('live'),
    /** Its messages to its recipients (issue 36). */
    recipientMessages: part('recipient-messages'),
    /** What the recipient wrote from the tracking page: instructions, rating (get-recipient-input.ts). */
    recipient: part('recipient'),
  };
}

const exact = { exact: true } as const;

/**
 * Applies one signal of the live stream to TanStack Query's caches: what the event says is written into the cache
 * at once (a status, a vehicle and its drivers), and only the queries it makes wrong are invalidated, each by its
 * exact key, batched (a burst asks each once). The delivery itself is refetched where a screen shows it only after
 * the events that change what it answers: its next moves depend on who looks (decision 016) and the event does not
 * carry them.
 */
export function applyLiveSignal(
  queryClient: QueryClient,
  batch: InvalidationBatch,
  scope: LiveCacheScope,
  signal: LiveSignal,
): void {
  const { slug, driver } = scope;
  if (signal.kind === 'reset') {
    // Too far behind to know what changed: everything shown is asked again, once.
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
        const keys = deliveryParts(slug, uuid);
        queryClient.setQueryData<WithStatus>(keys.one, patch);
        // The viewer's next moves, the active stop and the timestamps follow the status: the delivery itself.
        batch.add(keys.one, 'active', exact);
        batch.add(keys.statuses, 'active', exact);
        // The remaining stops, hence the ETA, are counted from the status (eta.service.ts).
        batch.add(keys.eta, 'active', exact);
        // A move the recipient is told of writes its message (queued, or held for quiet hours) with it.
        batch.add(keys.recipientMessages, 'active', exact);
        batch.add([...deliveryKeys.all(slug), 'list'], 'stale');
        batch.add([...deliveryKeys.all(slug), 'stats'], 'stale');
        // A delivery that starts, finishes or changes status shows (or leaves) the active deliveries map.
        batch.add(deliveryKeys.liveMap(slug), 'active');
        // Its stops done or its work started: the dispatch board's routes and times.
        batch.add(dispatchBoardKeys.boards(slug), 'active');
      }
      if (driver) {
        queryClient.setQueryData<WithStatus>(driver.delivery(uuid), patch);
        batch.add(driver.delivery(uuid), 'active', exact);
        batch.add(driver.deliveries(), 'stale');
      }
      return;
    }
    case 'delivery.assignment': {
      const { deliveryUuid: uuid, vehicleUuid, driverUserUuids } = event.data;
      if (slug) {
        const keys = deliveryParts(slug, uuid);
        queryClient.setQueryData<WithVehicles>(
          keys.one,
          (d) => d && { ...d, vehicleMap: vehicleUuid ? { [vehicleUuid]: driverUserUuids } : {} },
        );
        // The vehicle's registration and the drivers' names are not in the event.
        batch.add(keys.assignments, 'active', exact);
        // What a viewer may do follows the assigned drivers (an admin who also drives it).
        batch.add(keys.one, 'active', exact);
        // The position shown is the assigned driver's.
        batch.add(keys.eta, 'active', exact);
        batch.add([...deliveryKeys.all(slug), 'list'], 'stale');
        batch.add(deliveryKeys.liveMap(slug), 'active');
        batch.add(dispatchBoardKeys.boards(slug), 'active');
      }
      // Assigned to me, or taken off me: my list changes.
      if (driver) batch.add(driver.deliveries(), 'active');
      return;
    }
    case 'delivery.proof': {
      const { deliveryUuid: uuid, proofTypeSlug } = event.data;
      if (slug) {
        const keys = deliveryParts(slug, uuid);
        batch.add(keys.proofs, 'active', exact);
        // The recipient's code confirmed completes its task (handover-pin.service.ts).
        if (proofTypeSlug === HANDOVER_PIN.proofTypeSlug) batch.add(keys.tasks, 'active', exact);
        // The delivery's own list of documents is not on a screen: marked, asked when next shown.
        batch.add(keys.one, 'stale', exact);
      }
      if (driver) batch.add(driver.delivery(uuid), 'active', exact);
      return;
    }
    case 'delivery.scan': {
      const uuid = event.data.deliveryUuid;
      // The parcel list shows each parcel's scans.
      if (slug) batch.add(deliveryParts(slug, uuid).parcels, 'active', exact);
      if (driver) batch.add(driver.delivery(uuid), 'active', exact);
      return;
    }
    case 'delivery.note': {
      const uuid = event.data.deliveryUuid;
      if (slug) {
        batch.add(noteKeys.of(slug, 'deliveries', uuid), 'active');
        // The delivery's summary of its latest notes is not on a screen: marked, asked when next shown.
        batch.add(deliveryKeys.one(slug, uuid), 'stale', exact);
      }
      if (driver) batch.add(driver.notes(uuid), 'active');
      return;
    }
    case 'delivery.quote': {
      const uuid = event.data.deliveryUuid;
      if (slug) {
        const keys = deliveryParts(slug, uuid);
        batch.add(keys.quotes, 'active', exact);
        // Its quotes and quote status (an accepted quote).
        batch.add(keys.one, 'active', exact);
      }
      return;
    }
    case 'delivery.created': {
      // A delivery made elsewhere (another admin, an API key, an import): the lists and the map gain it.
      if (slug) {
        batch.add([...deliveryKeys.all(slug), 'list'], 'active');
        batch.add(deliveryKeys.liveMap(slug), 'active');
        // A new delivery waits on the board (or auto-assignment places it: route.planned follows).
        batch.add(dispatchBoardKeys.boards(slug), 'active');
      }
      return;
    }
    case 'delivery.route': {
      const uuid = event.data.deliveryUuid;
      if (slug) {
        const keys = deliveryParts(slug, uuid);
        // Its distance and duration; its stops' points (a typed-in address takes a dragged pin's point too); the
        // ETA through those stops.
        batch.add(keys.one, 'active', exact);
        batch.add(keys.steps, 'active', exact);
        batch.add(keys.addresses, 'active', exact);
        batch.add(keys.eta, 'active', exact);
        batch.add(deliveryKeys.liveMap(slug), 'active');
      }
      if (driver) batch.add(driver.delivery(uuid), 'active', exact);
      return;
    }
    case 'delivery.eta': {
      // The one ETA of a stop moved by more than a minute (decision 073): the delivery's live side, the boards'
      // stops and the driver's stops show it.
      const uuid = event.data.deliveryUuid;
      if (slug) {
        batch.add(deliveryParts(slug, uuid).eta, 'active', exact);
        batch.add(dispatchBoardKeys.boards(slug), 'active');
      }
      if (driver) {
        batch.add(driver.delivery(uuid), 'active', exact);
        batch.add(driver.deliveries(), 'active');
      }
      return;
    }
    case 'recipient.message': {
      // A message to a recipient written, sent, or its fate reported by the provider: the delivery's log.
      if (slug) batch.add(deliveryParts(slug, event.data.deliveryUuid).recipientMessages, 'active', exact);
      return;
    }
    case 'delivery.recipient': {
      const { deliveryUuid: uuid, change } = event.data;
      if (slug) {
        batch.add(deliveryParts(slug, uuid).recipient, 'active', exact);
        // A rating moves the dashboard's recipient-satisfaction figure.
        if (change === 'rating') batch.add([...deliveryKeys.all(slug), 'stats'], 'stale');
      }
      // The instructions show on the driver's stop (a rating is the office's: drivers are not told of it).
      if (driver && change === 'instructions') {
        batch.add(driver.delivery(uuid), 'active', exact);
        batch.add(driver.deliveries(), 'active');
      }
      return;
    }
    case 'route.planned': {
      // Another dispatcher's change (or auto-assignment): the boards read the day again; the driver, their list.
      if (slug) batch.add(dispatchBoardKeys.boards(slug), 'active');
      if (driver) batch.add(driver.deliveries(), 'active');
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
