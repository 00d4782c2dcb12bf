import type { Actor, Delivery, PaginationMeta } from '@courier/contract';
import { subjectOf } from '../../access/delivery-access.js';
import { SerializedAnswer } from '../../lib/route.js';
import type { DeliveryAnswerRow } from './delivery-answer.queries.js';
import { viewerDecisions } from './deliveries.presenter.js';

/** The policy's answers for one subject and status, as the answer's text after `handoverPin` and `trackingToken`. */
interface Decided {
  readsHandoverPin: boolean;
  sharesTracking: boolean;
  rest: string;
}
/** One per page (or answer): the policy is asked once per distinct parties and status among its rows. */
export type ViewerDecisionCache = Map<string, Decided>;

/**
 * A delivery's answer text (the contract's `Delivery`, decision 048): PostgreSQL's pieces (`deliveryAnswerColumns`)
 * with, between and after them, the vehicle map, the viewer's fields from the policy (the same `viewerDecisions` as
 * `presentDelivery`'s), and the documents and notes another domain presented (empty in lists).
 */
export function deliveryAnswerText(
  row: DeliveryAnswerRow,
  viewer: Actor,
  extra: {
    documents?: Delivery['deliveryDocuments'];
    notes?: Delivery['notes'];
    decisions?: ViewerDecisionCache;
  } = {},
): string {
  const open = JSON.parse(row.assignmentsJson) as { vehicleId: string; driverUserIds: string[] }[];
  // As presentDelivery: one key per vehicle, a later assignment of the same vehicle wins.
  const vehicleMap: Record<string, string[]> = {};
  for (const a of open) vehicleMap[a.vehicleId] = a.driverUserIds;
  const assignedDriverIds = open.flatMap((a) => a.driverUserIds);
  const key = JSON.stringify([
    row.ownerCompanyId,
    row.carrierCompanyId,
    assignedDriverIds,
    row.liveStatusSlug,
  ]);
  let decided = extra.decisions?.get(key);
  if (!decided) {
    const subject = subjectOf({ ...row, assignedDriverIds });
    const { readsHandoverPin, sharesTracking, nextStatusOptions, allowedActions } = viewerDecisions(
      subject,
      row.liveStatusSlug,
      viewer,
    );
    const rest = `,"nextStatusOptions":${JSON.stringify(nextStatusOptions)},"allowedActions":${JSON.stringify(allowedActions)}`;
    decided = { readsHandoverPin, sharesTracking, rest };
    extra.decisions?.set(key, decided);
  }
  const pin = decided.readsHandoverPin ? JSON.stringify(row.handoverPin) : 'null';
  const token = decided.sharesTracking ? JSON.stringify(row.trackingToken) : 'null';
  return `${row.headJson},"deliveryDocuments":${extra.documents?.length ? JSON.stringify(extra.documents) : '[]'},${row.scheduleJson},"vehicleMap":${JSON.stringify(vehicleMap)},${row.tailJson},"handoverPin":${pin},"trackingToken":${token}${decided.rest},"notes":${extra.notes?.length ? JSON.stringify(extra.notes) : '[]'}}`;
}

/** `{ "data": <delivery> }` as ready bytes. */
export function deliveryAnswer(text: string): SerializedAnswer {
  return new SerializedAnswer(Buffer.from(`{"data":${text}}`, 'utf8'));
}

/** `{ "data": [<deliveries>], "meta": … }` as ready bytes, `meta` in the contract's key order. */
export function deliveryPageAnswer(texts: string[], meta: PaginationMeta): SerializedAnswer {
  const ordered: PaginationMeta = {
    current_page: meta.current_page,
    last_page: meta.last_page,
    per_page: meta.per_page,
    total: meta.total,
    ...(meta.next_cursor === undefined ? {} : { next_cursor: meta.next_cursor }),
  };
  return new SerializedAnswer(
    Buffer.from(`{"data":[${texts.join(',')}],"meta":${JSON.stringify(ordered)}}`, 'utf8'),
  );
}
