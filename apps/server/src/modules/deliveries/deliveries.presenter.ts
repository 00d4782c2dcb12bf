import {
  can,
  DELIVERY_ACTIONS,
  isLiveStatus,
  statusOptionsFor,
  type Actor,
  type Delivery,
  type DeliverySubject,
} from '@courier/contract';
import { subjectOf } from '../../access/delivery-access.js';
import { iso, isoOrNull } from '../../lib/dates.js';
import type { DeliveryChildren, DeliveryRow } from './deliveries.queries.js';

/**
 * Builds the spec's Delivery from its row and its children; the viewer's part in it (policy) decides
 * `nextStatusOptions.user`.
 */
export function presentDelivery(row: DeliveryRow, children: DeliveryChildren, viewer: Actor): Delivery {
  const steps = children.steps.filter((s) => s.deliveryId === row.id);
  const vehicleMap: Record<string, string[]> = {};
  const open = children.assignments.filter((x) => x.deliveryId === row.id);
  for (const a of open) vehicleMap[a.vehicleId] = a.driverUserIds;
  const subject = subjectOf({ ...row, assignedDriverIds: open.flatMap((a) => a.driverUserIds) });
  return {
    uuid: row.id,
    createdAt: iso(row.createdAt),
    quoteStatusChangedAt: iso(row.quoteStatusChangedAt),
    liveStatusChangedAt: iso(row.liveStatusChangedAt),
    startedAt: isoOrNull(row.startedAt),
    completedAt: isoOrNull(row.completedAt),
    name: row.name,
    description: row.description,
    externalId: row.externalId,
    isActive: row.isActive,
    activeDeliveryStepUuid: row.activeStepId,
    activeDeliveryStepTaskUuid: row.activeTaskId,
    originatorSlug: row.originatorSlug,
    originatorAccountUuid: row.originatorAccountId,
    deliveryQuoteStatusTypeSlug: row.quoteStatusSlug,
    deliveryLiveStatusTypeSlug: row.liveStatusSlug,
    deliveryCancelTypeSlug: row.cancelTypeSlug,
    isScheduled: row.isScheduled,
    distanceM: row.distanceM,
    originalDistanceM: row.originalDistanceM,
    durationS: row.durationS,
    originalDurationS: row.originalDurationS,
    maxVolumeCm3: row.maxVolumeCm3,
    maxWeightKg: row.maxWeightKg,
    totalSteps: steps.length,
    currencyCode: row.currencyCode,
    maxParcelPriceMinor: row.maxParcelPriceMinor,
    deliveryQuoteUuids: children.quotes.filter((q) => q.deliveryId === row.id).map((q) => q.id),
    deliveryDocuments: [],
    deliveryScheduleWindows: children.windows
      .filter((w) => w.deliveryId === row.id)
      .map((w) => ({
        startAt: iso(w.startAt),
        endAt: iso(w.endAt),
        deliveryScheduleWindowTypeSlug: w.typeSlug,
      })),
    deliverySteps: steps.map((s, i) => ({
      deliveryStepUuid: s.id,
      deliveryUuid: row.id,
      stepOrderNo: s.stepOrderNo,
      nextDeliveryStepUuid: steps[i + 1]?.id ?? null,
      locationRouteUuid: s.locationRouteId,
      deliveryStepTasks: children.tasks
        .filter((t) => t.stepId === s.id)
        .map((t) => ({
          uuid: t.id,
          deliveryStepTaskUuid: t.id,
          deliveryStepUuid: s.id,
          deliveryStepTaskTypeSlug: t.typeSlug,
        })),
    })),
    vehicleMap,
    location: row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null,
    trackingCode: row.trackingCode,
    ...viewerFields(row, subject, viewer),
    notes: [],
  };
}

/**
 * What the viewer's part in the delivery decides (the policy), in the contract's key order: shared by
 * `presentDelivery` and the answers PostgreSQL writes (`delivery-answer.presenter.ts`).
 */
export function viewerFields(
  row: { handoverPin: string; trackingToken: string; liveStatusSlug: string },
  subject: DeliverySubject,
  viewer: Actor,
): Pick<Delivery, 'handoverPin' | 'trackingToken' | 'nextStatusOptions' | 'allowedActions'> {
  const decided = viewerDecisions(subject, row.liveStatusSlug, viewer);
  return {
    handoverPin: decided.readsHandoverPin ? row.handoverPin : null,
    trackingToken: decided.sharesTracking ? row.trackingToken : null,
    nextStatusOptions: decided.nextStatusOptions,
    allowedActions: decided.allowedActions,
  };
}

/**
 * The policy's answers behind `viewerFields`: they depend on the subject, the status and the viewer only, so a page
 * of deliveries with the same parties asks them once (delivery-answer.presenter.ts).
 */
export function viewerDecisions(subject: DeliverySubject, liveStatusSlug: string, viewer: Actor) {
  return {
    // The owner's admins give the code to the recipient; whoever proves the handover with it must not see it.
    readsHandoverPin: can(viewer, 'read-handover-pin', subject),
    // The offices share the recipient's link; a driver has no use for it (decision 022).
    sharesTracking: can(viewer, 'share-tracking', subject),
    nextStatusOptions: isLiveStatus(liveStatusSlug)
      ? statusOptionsFor(viewer, subject, liveStatusSlug)
      : { user: [], system: [] },
    allowedActions: DELIVERY_ACTIONS.filter((a) => can(viewer, a, subject)),
  };
}
