import { and, desc, eq, gt, inArray, isNull, max } from 'drizzle-orm';
import type { DeliveryAccess } from '../../access/delivery-access.js';
import type { DbOrTx } from '../../db/client.js';
import {
  deliveries,
  deliveryHandoverAttempts,
  deliverySteps,
  deliveryStepTasks,
  users,
} from '../../db/schema/index.js';

export async function findHandoverPin(db: DbOrTx, { deliveryId }: DeliveryAccess) {
  const [row] = await db
    .select({ pin: deliveries.handoverPin })
    .from(deliveries)
    .where(eq(deliveries.id, deliveryId))
    .limit(1);
  return row?.pin;
}

/**
 * The delivery's wrong codes that still count, newest first (at most `limit`): typed after `since` (the lock
 * window's start) and after its last right code.
 */
export async function listCountedFailures(
  db: DbOrTx,
  { deliveryId }: DeliveryAccess,
  opts: { since: Date; limit: number },
) {
  const lastSuccess = db
    .select({ at: max(deliveryHandoverAttempts.createdAt) })
    .from(deliveryHandoverAttempts)
    .where(
      and(eq(deliveryHandoverAttempts.deliveryId, deliveryId), eq(deliveryHandoverAttempts.succeeded, true)),
    );
  const [success] = await lastSuccess;
  const since = success?.at && success.at > opts.since ? success.at : opts.since;
  return db
    .select({ createdAt: deliveryHandoverAttempts.createdAt })
    .from(deliveryHandoverAttempts)
    .where(
      and(
        eq(deliveryHandoverAttempts.deliveryId, deliveryId),
        eq(deliveryHandoverAttempts.succeeded, false),
        gt(deliveryHandoverAttempts.createdAt, since),
      ),
    )
    .orderBy(desc(deliveryHandoverAttempts.createdAt))
    .limit(opts.limit);
}

export async function insertHandoverAttempt(
  db: DbOrTx,
  access: DeliveryAccess,
  attempt: { taskId: string; succeeded: boolean; at: Date },
) {
  await db.insert(deliveryHandoverAttempts).values({
    deliveryId: access.deliveryId,
    taskId: attempt.taskId,
    userId: access.actor.userId,
    succeeded: attempt.succeeded,
    createdAt: attempt.at,
  });
}

/** Marks a task of the delivery done, once (the first completion stands). */
export async function completeTask(db: DbOrTx, { deliveryId }: DeliveryAccess, taskId: string, at: Date) {
  await db
    .update(deliveryStepTasks)
    .set({ completedAt: at })
    .where(
      and(
        eq(deliveryStepTasks.id, taskId),
        isNull(deliveryStepTasks.completedAt),
        inArray(
          deliveryStepTasks.stepId,
          db
            .select({ id: deliverySteps.id })
            .from(deliverySteps)
            .where(eq(deliverySteps.deliveryId, deliveryId)),
        ),
      ),
    );
}

export async function findUserName(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ firstname: users.firstname, lastname: users.lastname })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ? `${row.firstname} ${row.lastname}`.trim() : 'the driver';
}
