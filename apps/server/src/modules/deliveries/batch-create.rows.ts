import { randomUUID } from 'node:crypto';
import type { Author } from '../../access/actor.js';
import type { RouteEstimate } from '../../lib/routing/routing.js';
import { addressRow } from '../directory/index.js';
import type { NewLiveEvent } from '../live/index.js';
import type { placeColumns } from '../places/index.js';
import type { DeliverySetRows } from './batch-create.queries.js';
import {
  contactValues,
  createdEvent,
  createdStatusValues,
  deliveryValues,
  parcelEnds,
  recordedBy,
  SCHEDULE_SET_MESSAGE,
  scheduleWindowValues,
  stepTaskSlugs,
  typedStop,
  type CreateBody,
  type StepBody,
} from './create-delivery.values.js';
import { parcelValues } from './parcels.service.js';

type PlaceStatus = ReturnType<typeof placeColumns>['placeStatus'];

/** A delivery of a set: its id (the server's), its body, checked, and its route estimate. */
export interface PlannedDelivery {
  id: string;
  body: CreateBody;
  route: RouteEstimate;
}

/** A typed-in address as the directory's `insertAddress` keeps it (outside any directory); the set tests compare. */
const typedAddressValues = (a: NonNullable<StepBody['address']>) => ({
  id: randomUUID(),
  companyId: null,
  userId: null,
  ...addressRow(a),
});

/**
 * The rows and live events of a set of new deliveries, each exactly as `createDelivery` writes it (the values come
 * from the same helpers): the delivery with its `created` and `draft` records, its windows (and then the `scheduled`
 * move: status, record and event, as `applyLiveStatus` makes it; that move starts no clock and moves no fleet), its
 * steps with their typed-in addresses, tasks and contacts, its parcels from the first pickup to the last dropoff, and
 * its `delivery.created` event. Only typed-in addresses, no vehicle: the other items take the form's path.
 */
export function deliverySetRows(
  companyId: string,
  author: Author,
  planned: readonly PlannedDelivery[],
): { rows: DeliverySetRows; events: NewLiveEvent[]; trackingCodes: string[]; placeStatuses: PlaceStatus[] } {
  const rows: DeliverySetRows = {
    deliveries: [],
    statusRecords: [],
    scheduleWindows: [],
    addresses: [],
    steps: [],
    tasks: [],
    contacts: [],
    taskContacts: [],
    parcels: [],
    taskParcels: [],
  };
  const events: NewLiveEvent[] = [];
  const placeStatuses: PlaceStatus[] = [];
  const trackingCodes: string[] = [];
  const movedAt = new Date();
  const { createdByUserId, createdByApiKeyId } = recordedBy(author);
  for (const { id: deliveryId, body, route } of planned) {
    const scheduled = body.scheduleWindows.length > 0;
    const stops = body.steps.map((s) => typedStop(s.address!));
    const audience = { deliveryId, ownerCompanyId: companyId, carrierCompanyId: null, driverUserIds: [] };
    const values = deliveryValues({ companyId, author, body, route, firstStop: stops[0] });
    trackingCodes.push(values.trackingCode);
    rows.deliveries.push({
      id: deliveryId,
      ...values,
      liveStatusSlug: scheduled ? 'scheduled' : 'created',
      liveStatusChangedAt: scheduled ? movedAt : null,
      updatedAt: scheduled ? movedAt : null,
    });
    events.push({ ...createdEvent(deliveryId, author), audience });
    for (const r of createdStatusValues(deliveryId, author))
      rows.statusRecords.push({ ...r, statusMessage: null, createdAt: null });
    if (scheduled) {
      rows.scheduleWindows.push(...scheduleWindowValues(deliveryId, body.scheduleWindows));
      rows.statusRecords.push({
        deliveryId,
        statusType: 'live',
        statusSlug: 'scheduled',
        createdByUserId,
        createdByApiKeyId,
        statusMessage: SCHEDULE_SET_MESSAGE,
        createdAt: movedAt,
      });
      events.push({
        type: 'delivery.status',
        data: { deliveryUuid: deliveryId, status: 'scheduled', at: movedAt.toISOString() },
        actorUserId: author.userId,
        audience,
      });
    }

    const mainTaskIds: string[] = [];
    for (const [i, step] of body.steps.entries()) {
      const address = typedAddressValues(step.address!);
      rows.addresses.push(address);
      placeStatuses.push(address.placeStatus);
      const stepId = randomUUID();
      rows.steps.push({ id: stepId, deliveryId, stepOrderNo: i + 1, addressId: address.id, ...stops[i]! });
      const taskIds = stepTaskSlugs(step).map((typeSlug, n) => {
        const id = randomUUID();
        rows.tasks.push({ id, stepId, typeSlug, taskOrderNo: n + 1 });
        return id;
      });
      mainTaskIds.push(taskIds[0]!);
      for (const c of step.contacts) {
        const contactId = randomUUID();
        rows.contacts.push({ id: contactId, ...contactValues(companyId, c) });
        rows.taskContacts.push({ taskId: taskIds[0]!, contactId });
      }
    }
    for (const p of body.parcels) {
      const parcelId = randomUUID();
      rows.parcels.push({ id: parcelId, ...parcelValues(companyId, p, body.currencyCode) });
      for (const taskId of parcelEnds(mainTaskIds)) rows.taskParcels.push({ taskId, parcelId });
    }
  }
  return { rows, events, trackingCodes, placeStatuses };
}
