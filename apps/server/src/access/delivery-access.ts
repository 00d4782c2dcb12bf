import {
  can,
  DELIVERY_MATRIX,
  statusActorsOf,
  statusMoveAction,
  type Actor,
  type DeliveryAction,
  type DeliverySubject,
  type LiveStatus,
} from '@courier/contract';
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { noteAsked } from '../db/request-scope.js';
import { deliveries, deliveryAssignments } from '../db/schema/index.js';
import { notFound } from '../lib/app-error.js';
import { requireCan } from './require-can.js';
import { personOf } from './actor.js';

/**
 * The drivers named on a delivery's open assignment, for a select whose `deliveries` row is in scope: the policy's
 * `assignedDriverIds`, wherever a delivery's subject is read (here, and a thread's delivery in the inbox).
 */
export const openAssignmentDriverIds = sql<
  string[]
>`coalesce((select a.driver_user_ids from ${deliveryAssignments} a where a.delivery_id = ${sql.raw('"deliveries"."id"')} and a.unassigned_at is null limit 1), '{}')`;

const subjectColumns = {
  id: deliveries.id,
  name: deliveries.name,
  liveStatusSlug: deliveries.liveStatusSlug,
  quoteStatusSlug: deliveries.quoteStatusSlug,
  ownerCompanyId: deliveries.ownerCompanyId,
  carrierCompanyId: deliveries.carrierCompanyId,
  startedAt: deliveries.startedAt,
  isScheduled: deliveries.isScheduled,
  currencyCode: deliveries.currencyCode,
  assignedDriverIds: openAssignmentDriverIds,
};

export interface DeliveryRecord {
  id: string;
  name: string;
  liveStatusSlug: string;
  quoteStatusSlug: string;
  ownerCompanyId: string;
  carrierCompanyId: string | null;
  startedAt: Date | null;
  isScheduled: boolean;
  currencyCode: string;
  assignedDriverIds: string[];
}

declare const granted: unique symbol;

/**
 * Proof that the policy let an actor do one action to one delivery: only `deliveryAccess` makes one, and every query
 * of a delivery's children takes one, so no child can be read or changed without the question being asked.
 */
export interface DeliveryAccess {
  readonly deliveryId: string;
  readonly actor: Actor;
  readonly action: DeliveryAction;
  readonly delivery: DeliveryRecord;
  readonly subject: DeliverySubject;
  readonly [granted]: true;
}

export function subjectOf(row: {
  ownerCompanyId: string;
  carrierCompanyId: string | null;
  assignedDriverIds: readonly string[];
}): DeliverySubject {
  return {
    kind: 'delivery',
    ownerCompanyId: row.ownerCompanyId,
    carrierCompanyId: row.carrierCompanyId,
    assignedDriverIds: row.assignedDriverIds,
  };
}

/**
 * The delivery the policy is asked about. A placeholder, not a value: the read is a named prepared statement
 * (planned once per connection) and the detail's bench gives pgbench this very text (bench/sql/, checked by a test).
 */
export function deliveryRecordStatement(db: DbOrTx) {
  return db
    .select(subjectColumns)
    .from(deliveries)
    .where(eq(deliveries.id, sql.placeholder('deliveryId')));
}

const preparedRecords = new WeakMap<DbOrTx, ReturnType<typeof prepareRecord>>();
const prepareRecord = (db: DbOrTx) => deliveryRecordStatement(db).prepare('delivery_record');
function preparedRecord(db: DbOrTx) {
  let statement = preparedRecords.get(db);
  if (!statement) preparedRecords.set(db, (statement = prepareRecord(db)));
  return statement;
}

/**
 * Loads a delivery and asks the policy whether `actor` may do `action` to it: 404 when the delivery does not exist
 * for them, 403 with the reason when they know it but may not. `forUpdate` locks the row for the caller's
 * transaction (read again and asked again under the lock, so a driver unassigned meanwhile is refused).
 */
export async function deliveryAccess(
  db: DbOrTx,
  actor: Actor,
  action: DeliveryAction,
  deliveryId: string,
  opts: {
    forUpdate?: boolean;
    /** What a stranger is told was not found (the record they asked for). */ as?: string;
  } = {},
): Promise<DeliveryAccess> {
  const [row] = opts.forUpdate
    ? await deliveryRecordStatement(db).for('update', { of: deliveries }).execute({ deliveryId })
    : await preparedRecord(db).execute({ deliveryId });
  if (!row) throw notFound(opts.as ?? 'Delivery');
  const delivery: DeliveryRecord = row;
  const subject = subjectOf(delivery);
  requireCan(actor, action, subject, opts.as ?? 'Delivery');
  // A keyed write's answer is replayed only to whom the policy still lets read this delivery (decision 057).
  if (actor.userId) noteAsked(actor.userId, { kind: 'delivery', id: delivery.id });
  return { deliveryId: delivery.id, actor, action, delivery, subject } as unknown as DeliveryAccess;
}

/**
 * `deliveryAccess` for many deliveries at once (a consumer's batch of events): one read, the policy asked of each;
 * answers the accesses granted by id, and leaves out the deliveries that are gone or not the actor's to `action`.
 */
export async function deliveryAccesses(
  db: DbOrTx,
  actor: Actor,
  action: DeliveryAction,
  deliveryIds: readonly string[],
): Promise<Map<string, DeliveryAccess>> {
  const granted = new Map<string, DeliveryAccess>();
  if (deliveryIds.length === 0) return granted;
  const rows = await db
    .select(subjectColumns)
    .from(deliveries)
    .where(inArray(deliveries.id, [...new Set(deliveryIds)]));
  for (const delivery of rows) {
    const subject = subjectOf(delivery);
    if (!can(actor, action, subject)) continue;
    granted.set(delivery.id, {
      deliveryId: delivery.id,
      actor,
      action,
      delivery,
      subject,
    } as unknown as DeliveryAccess);
  }
  return granted;
}

/** "Lock a delivery, then change it": the delivery under a row lock in `tx`, the policy asked again. */
export function lockDelivery(tx: DbOrTx, access: DeliveryAccess): Promise<DeliveryAccess> {
  return deliveryAccess(tx, access.actor, access.action, access.deliveryId, { forUpdate: true });
}

/**
 * The policy asked for one status move of a locked delivery: the action the machine tags the move with (`move`,
 * `plan`, `cancel`), 403 with the reason when the actor may not take it (a carrier's admin works the owner's
 * delivery but does not plan it). Answers the parts the actor plays, for the machine's own check of the move (409).
 */
export function requireStatusMove(access: DeliveryAccess, from: LiveStatus, to: LiveStatus) {
  const action = statusMoveAction(from, to);
  // A move no user makes (or none at all from here) is the machine's to refuse, with its reason.
  if (action) requireCan(access.actor, action, access.subject, 'Delivery');
  return statusActorsOf(access.actor, access.subject);
}

/** Deliveries a company's admins see in their lists: those it owns or carries. */
export function visibleToCompany(companyId: string): SQL {
  return or(eq(deliveries.ownerCompanyId, companyId), eq(deliveries.carrierCompanyId, companyId))!;
}

/** Deliveries assigned to this driver now (an open assignment names them). */
export function assignedToDriver(userId: string): SQL {
  return sql`exists (select 1 from ${deliveryAssignments} a where a.delivery_id = ${deliveries.id} and a.unassigned_at is null and ${userId}::uuid = any(a.driver_user_ids))`;
}

/** A driver's deliveries: assigned to them now, by a company (owner or carrier) they drive for. */
export function driverScope(actor: Actor): SQL {
  const companyIds = actor.memberships.filter((m) => m.roles.includes('driver')).map((m) => m.companyId);
  if (companyIds.length === 0) return sql`false`;
  const ids = sql.join(
    companyIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  return and(
    assignedToDriver(personOf(actor)),
    or(sql`${deliveries.ownerCompanyId} in (${ids})`, sql`${deliveries.carrierCompanyId} in (${ids})`),
  )!;
}

// `reportLocationScope` writes the policy's `report-location` row as set-based parameters; a change of the row must
// change it too, so the server refuses to start if they part.
if (DELIVERY_MATRIX['report-location'].join() !== 'assigned-driver')
  throw new Error("DELIVERY_MATRIX['report-location'] changed: update reportLocationScope.");

/**
 * The policy's `report-location` for a driver as the parameters of a statement over many deliveries at once (a batch
 * of positions): the deliveries whose assignment names `userId`, owned or carried by one of `companyIds` (the
 * companies the actor drives for) — the `assigned-driver` relation `can` checks for one delivery.
 */
export function reportLocationScope(actor: Actor): { userId: string; companyIds: string[] } {
  return {
    userId: personOf(actor),
    companyIds: actor.memberships.filter((m) => m.roles.includes('driver')).map((m) => m.companyId),
  };
}
