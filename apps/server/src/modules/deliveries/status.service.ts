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
import { authorOf } from '../../access/actor.js';
import { lockDelivery, requireStatusMove, type DeliveryAccess } from '../../access/delivery-access.js';
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
    /** The API key whose call made the move (decision 065). */
    apiKeyId?: string | null | undefined;
    at: Date;
  },
) {
  await tx.insert(deliveryStatusRecords).values({
    deliveryId: opts.deliveryId,
    statusType: opts.type,
    statusSlug: opts.slug,
    statusMessage: opts.message ?? null,
    createdByUserId: opts.userId,
    createdByApiKeyId: opts.apiKeyId ?? null,
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
    /** The part (or the parts an actor plays) making the move, as the machine names them. */
    actor: StatusActor | readonly StatusActor[];
    userId: string | null;
    apiKeyId?: string | null | undefined;
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
    apiKeyId: opts.apiKeyId,
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
 * A user's status change, asked of the policy under the delivery's lock: the access (asked for `move` by the handler:
 * whoever moves the delivery at all) must also hold the action of this very move (`plan` and `cancel` are the owner's,
 * decision 016), then the machine checks the move for the parts the actor plays. Cancelling needs a cancel type.
 */
export async function changeStatus(db: Db, access: DeliveryAccess, body: ChangeStatusBody) {
  await db.transaction(async (tx) => {
    const locked = await lockDelivery(tx, access);
    const { delivery } = locked;
    const from = delivery.liveStatusSlug;
    if (!isLiveStatus(from)) throw conflict(`The delivery has an unknown status (${from}).`);
    const parts = requireStatusMove(locked, from, body.statusSlug);
    if (body.statusSlug === 'cancelled') await requireCancelType(tx, body.cancelTypeSlug);
    await applyLiveStatus(tx, {
      deliveryId: delivery.id,
      from,
      to: body.statusSlug,
      actor: parts,
      ...authorOf(access.actor),
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

async function requireCancelType(tx: DbOrTx, slug: string | undefined) {
  if (!slug) throw unprocessable({ cancelTypeSlug: ['Say why the delivery is cancelled.'] });
  if ((await unknownSlugs(tx, deliveryCancelTypes, [slug])).length) {
    throw unprocessable({ cancelTypeSlug: ['Unknown cancel type.'] });
  }
}
