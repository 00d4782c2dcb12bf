import {
  checkLiveMove,
  isLiveStatus,
  LIVE_ACTIVE_STATUSES,
  LIVE_END_STATUSES,
  LIVE_FINAL_STATUSES,
  LIVE_START_STATUSES,
  type ChangeStatusBody,
  type LiveStatus,
  type StatusActor,
} from '@courier/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import {
  deliveries,
  deliveryCancelTypes,
  deliveryLocationPoints,
  deliveryStatusRecords,
} from '../../db/schema/index.js';
import { conflict, unprocessable } from '../../lib/app-error.js';
import { recordDeliveryEvent } from '../live/index.js';
import { unknownSlugs } from '../lookups/index.js';
import { lockDelivery, type DeliveryAccess } from '../../access/delivery-access.js';
import { assignedFleet, syncFleetStatus } from './fleet-status.service.js';

/** Writes a move of a delivery's live or quote status into its history. */
export async function recordStatus(
  tx: DbOrTx,
  opts: {
    deliveryId: string;
    type: 'live' | 'quote';
    slug: string;
    message?: string | undefined;
    userId: string | null;
    at: Date;
  },
) {
  await tx.insert(deliveryStatusRecords).values({
    deliveryId: opts.deliveryId,
    statusType: opts.type,
    statusSlug: opts.slug,
    statusMessage: opts.message ?? null,
    createdByUserId: opts.userId,
    createdAt: opts.at,
  });
}

/**
 * Moves a delivery's live status after checking the move with the state machine, keeping the timestamps and writing
 * the status record. Every status change goes through here.
 */
export async function applyLiveStatus(
  tx: DbOrTx,
  opts: {
    deliveryId: string;
    from: string;
    to: LiveStatus;
    actor: StatusActor;
    userId: string | null;
    message?: string | undefined;
    cancelTypeSlug?: string | undefined;
  },
) {
  if (!isLiveStatus(opts.from)) throw conflict(`The delivery has an unknown status (${opts.from}).`);
  const check = checkLiveMove(opts.from, opts.to, opts.actor);
  if (!check.ok) throw conflict(check.reason, { statusSlug: [check.reason] });
  const now = new Date();
  await tx
    .update(deliveries)
    .set({
      liveStatusSlug: opts.to,
      liveStatusChangedAt: now,
      updatedAt: now,
      ...(LIVE_START_STATUSES.includes(opts.to)
        ? { startedAt: sql`coalesce(${deliveries.startedAt}, ${now.toISOString()}::timestamptz)` }
        : {}),
      ...(LIVE_END_STATUSES.includes(opts.to) ? { completedAt: now } : {}),
      ...(LIVE_FINAL_STATUSES.includes(opts.to) ? { isActive: false } : {}),
      ...(opts.to === 'cancelled' ? { cancelTypeSlug: opts.cancelTypeSlug ?? null } : {}),
    })
    .where(eq(deliveries.id, opts.deliveryId));
  await recordStatus(tx, {
    deliveryId: opts.deliveryId,
    type: 'live',
    slug: opts.to,
    message: opts.message,
    userId: opts.userId,
    at: now,
  });
  await recordDeliveryEvent(tx, opts.deliveryId, {
    type: 'delivery.status',
    data: { deliveryUuid: opts.deliveryId, status: opts.to, at: now.toISOString() },
    actorUserId: opts.userId ?? null,
  });
  // The delivery's vehicle and drivers follow it when it starts or stops being worked (decision 015).
  if (LIVE_ACTIVE_STATUSES.includes(opts.from) !== LIVE_ACTIVE_STATUSES.includes(opts.to)) {
    await syncFleetStatus(tx, await assignedFleet(tx, opts.deliveryId));
  }
}

/**
 * A user's status change: only to one of the delivery's nextStatusOptions.user for the actor's part (an admin of the
 * owner or carrier, or the assigned driver); cancelling needs a cancel type. The access was asked for `cancel` or
 * `move` by the handler (`statusAction`).
 */
export async function changeStatus(
  db: Db,
  access: DeliveryAccess,
  opts: { actor: Exclude<StatusActor, 'system'>; body: ChangeStatusBody },
) {
  const { body } = opts;
  if (body.statusSlug === 'cancelled') {
    if (!body.cancelTypeSlug) throw unprocessable({ cancelTypeSlug: ['Say why the delivery is cancelled.'] });
    if ((await unknownSlugs(db, deliveryCancelTypes, [body.cancelTypeSlug])).length) {
      throw unprocessable({ cancelTypeSlug: ['Unknown cancel type.'] });
    }
  }
  await db.transaction(async (tx) => {
    const { delivery } = await lockDelivery(tx, access);
    await applyLiveStatus(tx, {
      deliveryId: delivery.id,
      from: delivery.liveStatusSlug,
      to: body.statusSlug,
      actor: opts.actor,
      userId: access.actor.userId,
      message: body.statusMessage,
      cancelTypeSlug: body.cancelTypeSlug,
    });
    if (body.location) {
      const { lat, lng, accuracy } = body.location;
      await tx.insert(deliveryLocationPoints).values({
        deliveryId: delivery.id,
        lat,
        lng,
        accuracy: accuracy ?? null,
        recordedAt: new Date(),
      });
      await tx.update(deliveries).set({ lat, lng }).where(eq(deliveries.id, delivery.id));
    }
  });
}

/** The policy's action for a status change: cancelling is its own right (only the owner cancels). */
export const statusAction = (body: ChangeStatusBody) => (body.statusSlug === 'cancelled' ? 'cancel' : 'move');
