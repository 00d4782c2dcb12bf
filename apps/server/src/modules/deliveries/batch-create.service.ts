import { companyCountry, withE164Phones } from './contact-phones.js';
import { randomUUID } from 'node:crypto';
import {
  checkLiveMove,
  CreateDeliveryBodySchema,
  LIVE_ACTIVE_STATUSES,
  LIVE_END_STATUSES,
  LIVE_FINAL_STATUSES,
  LIVE_START_STATUSES,
  type DeliveryBatchItem,
  type DeliveryBatchResult,
} from '@courier/contract';
import type { FastifyBaseLogger } from 'fastify';
import { inArray } from 'drizzle-orm';
import type { Author } from '../../access/actor.js';
import type { Db } from '../../db/client.js';
import { deliveries } from '../../db/schema/index.js';
import { AppError, unprocessable, type FieldErrors } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { pointsOf, type RouteEstimator } from '../../lib/routing/routing.js';
import { recordEvents } from '../live/index.js';
import { wakePlacing } from '../places/index.js';
import { insertDeliverySet, takenExternalIds } from './batch-create.queries.js';
import { deliverySetRows, type PlannedDelivery } from './batch-create.rows.js';
import { createDelivery, externalIdTaken, lookupErrors, unknownLookups } from './create-delivery.service.js';
import { typedStop, type CreateBody } from './create-delivery.values.js';

/** Items written in one transaction: short enough that PGlite's one connection serves other requests in between. */
const SET_CHUNK = 250;

/**
 * A new delivery's move to `scheduled` is written by the set insert itself, which holds only while the machine lets
 * the system make it and it touches no clock and no fleet (else those items take the form's path, which does it all).
 */
const SCHEDULED_IN_SET =
  checkLiveMove('created', 'scheduled', 'system').ok &&
  ![LIVE_START_STATUSES, LIVE_END_STATUSES, LIVE_FINAL_STATUSES, LIVE_ACTIVE_STATUSES].some((list) =>
    list.includes('scheduled'),
  );

/** Items the set insert does not write: a directory address, a vehicle and drivers. */
const needsOwnCreate = (body: CreateBody) =>
  Boolean(body.vehicleUuid) ||
  body.steps.some((s) => s.addressUuid) ||
  (body.scheduleWindows.length > 0 && !SCHEDULED_IN_SET);

/** A refused item's answer from its schema's issues, as a create alone would have answered (422). */
function refused(
  index: number,
  issues: readonly { path: PropertyKey[]; message: string }[],
): DeliveryBatchItem {
  const errors: FieldErrors = {};
  for (const issue of issues) (errors[issue.path.map(String).join('.') || '_'] ??= []).push(issue.message);
  const first = issues[0]?.message ?? 'The given data was invalid.';
  const more = issues.length - 1;
  return {
    index,
    status: 'failed',
    statusCode: 422,
    message: more > 0 ? `${first} (and ${more} more error${more > 1 ? 's' : ''})` : first,
    errors,
  };
}

const failed = (index: number, err: AppError): DeliveryBatchItem => ({
  index,
  status: 'failed',
  statusCode: err.status,
  message: err.message,
  ...(err.errors ? { errors: err.errors } : {}),
});

type Item = { index: number; body: CreateBody };
type Opts = { companyId: string; author: Author; log: FastifyBaseLogger };
/** An item's answer, or (the form's path) the id of the delivery it made, answered once all are made. */
type Outcome = DeliveryBatchItem | { made: string };

/** One item through the form's path (`createDelivery`, its own transaction); a server error is that item's alone. */
async function createAlone(db: Db, routing: RouteEstimator, opts: Opts, item: Item): Promise<Outcome> {
  try {
    return { made: await createDelivery(db, routing, { ...opts, body: item.body }) };
  } catch (err) {
    if (err instanceof AppError) return failed(item.index, err);
    opts.log.error({ err, index: item.index }, 'batch create: an item failed');
    return {
      index: item.index,
      status: 'failed',
      statusCode: 500,
      message: 'Server Error: this delivery was not created; send it again.',
    };
  }
}

type Planned = PlannedDelivery & { index: number };

/**
 * Checks a run of items as `createDelivery` would one after the other: its lookups first (422), then its external id,
 * taken already or by an earlier item (409); the others get their ids and route estimates.
 */
async function planSet(db: Db, routing: RouteEstimator, opts: Opts, items: readonly Item[]) {
  const outcomes = new Map<number, Outcome>();
  const unknown = await unknownLookups(
    db,
    items.map((i) => i.body),
  );
  const checked = items.filter((item) => {
    const errors = lookupErrors(item.body, unknown);
    if (errors) outcomes.set(item.index, failed(item.index, unprocessable(errors)));
    return !errors;
  });
  const externalIds = checked.flatMap((i) => (i.body.externalId ? [i.body.externalId] : []));
  const taken = await takenExternalIds(db, opts.companyId, externalIds);
  const planned: Planned[] = [];
  for (const { index, body } of checked) {
    const takenBy = body.externalId && taken.get(body.externalId);
    if (takenBy) {
      outcomes.set(index, failed(index, externalIdTaken(body.externalId!, takenBy)));
      continue;
    }
    const id = randomUUID();
    if (body.externalId) taken.set(body.externalId, id);
    const route = await routing.estimate(pointsOf(body.steps.map((s) => typedStop(s.address!))));
    planned.push({ index, id, body, route });
  }
  return { outcomes, planned };
}

/** Writes planned deliveries in one transaction, one multi-row insert per table, and answers them. */
async function writeSet(db: Db, opts: Opts, planned: readonly Planned[]) {
  const { rows, events, trackingCodes, placeStatuses } = deliverySetRows(
    opts.companyId,
    opts.author,
    planned,
  );
  await db.transaction(async (tx) => {
    await insertDeliverySet(tx, rows);
    await recordEvents(tx, events);
    await wakePlacing(tx, placeStatuses);
  });
  return planned.map(({ index, id, body }, n): DeliveryBatchItem => ({
    index,
    status: 'created',
    uuid: id,
    externalId: body.externalId ?? null,
    trackingCode: trackingCodes[n]!,
  }));
}

/**
 * A run of items written as sets, SET_CHUNK deliveries a transaction, each item answered as `createDelivery` would
 * have. When a set's insert is refused (an external id taken meanwhile by another request, a tracking code drawn
 * twice), it is rolled back and its items go the form's path one by one, so each still gets its own answer; the items
 * after it, checked against what it was to write, are checked again.
 */
async function createSets(
  db: Db,
  routing: RouteEstimator,
  opts: Opts,
  items: readonly Item[],
): Promise<Map<number, Outcome>> {
  const { outcomes, planned } = await planSet(db, routing, opts, items);
  for (let start = 0; start < planned.length; start += SET_CHUNK) {
    const chunk = planned.slice(start, start + SET_CHUNK);
    try {
      for (const answer of await writeSet(db, opts, chunk)) outcomes.set(answer.index, answer);
    } catch (err) {
      if (!isUniqueViolation(err)) opts.log.error({ err }, 'batch create: a set insert failed; item by item');
      const after = start > 0 ? planned[start - 1]!.index : -1;
      const last = chunk.at(-1)!.index;
      for (const item of items.filter((i) => i.index > after && i.index <= last))
        outcomes.set(item.index, await createAlone(db, routing, opts, item));
      const rest = items.filter((i) => i.index > last);
      if (rest.length) for (const [i, o] of await createSets(db, routing, opts, rest)) outcomes.set(i, o);
      return outcomes;
    }
  }
  return outcomes;
}

/**
 * Creates a batch of deliveries (issue 34), answering each item by its place exactly as a create alone through the
 * form would (`createDelivery`): a bad item is refused with its reasons and the others are made. Items with typed-in
 * addresses and no vehicle, the common case, are written as sets (`createSets`); an item that needs more goes the
 * form's path, after the items before it are written, so a later item sees its external id as one create after
 * another would. A server error on one item of the form's path is answered as that item's (500) and logged.
 */
export async function createDeliveryBatch(
  db: Db,
  routing: RouteEstimator,
  opts: Opts & { items: readonly unknown[] },
): Promise<DeliveryBatchResult> {
  const outcomes = new Map<number, Outcome>();
  let pending: Item[] = [];
  const flush = async () => {
    if (pending.length) for (const [i, o] of await createSets(db, routing, opts, pending)) outcomes.set(i, o);
    pending = [];
  };
  const country = await companyCountry(db, opts.companyId);
  for (const [index, raw] of opts.items.entries()) {
    const parsed = CreateDeliveryBodySchema.safeParse(raw);
    if (!parsed.success) {
      outcomes.set(index, refused(index, parsed.error.issues));
      continue;
    }
    // Each item alone, as the form's create: its contacts' numbers in E.164, or its own 422.
    const phones = withE164Phones(parsed.data, country);
    if (phones.errors) outcomes.set(index, failed(index, unprocessable(phones.errors)));
    else if (needsOwnCreate(phones.body)) {
      await flush();
      outcomes.set(index, await createAlone(db, routing, opts, { index, body: phones.body }));
    } else pending.push({ index, body: phones.body });
  }
  await flush();
  return answer(db, opts.items.length, outcomes);
}

/** The answer, items in order; the deliveries made item by item are read once for their codes. */
async function answer(db: Db, count: number, outcomes: Map<number, Outcome>): Promise<DeliveryBatchResult> {
  const made = [...outcomes.values()].flatMap((o) => ('made' in o ? [o.made] : []));
  const rows = made.length
    ? await db
        .select({
          id: deliveries.id,
          externalId: deliveries.externalId,
          trackingCode: deliveries.trackingCode,
        })
        .from(deliveries)
        .where(inArray(deliveries.id, made))
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const items = Array.from({ length: count }, (_, index): DeliveryBatchItem => {
    const o = outcomes.get(index)!;
    if (!('made' in o)) return o;
    const row = byId.get(o.made)!;
    return {
      index,
      status: 'created',
      uuid: o.made,
      externalId: row.externalId,
      trackingCode: row.trackingCode,
    };
  });
  const created = items.filter((i) => i.status === 'created').length;
  return { created, failed: count - created, items };
}
