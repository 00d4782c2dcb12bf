import { LIVE_FINAL_STATUSES, type LiveStatus, type RescheduleWindowBody } from '@courier/contract';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { deliveryScheduleWindows } from '../../db/schema/index.js';
import { conflict, unprocessable } from '../../lib/app-error.js';
import { lockDelivery, type DeliveryAccess } from '../../access/delivery-access.js';

/** Statuses in which a delivery's schedule can no longer move: it is over. */
const LOCKED: readonly LiveStatus[] = [...LIVE_FINAL_STATUSES, 'delivered'];

/**
 * Moves or resizes a delivery's schedule window, checked against the delivery: not once it is over, not into the
 * past, and a pickup window still opening before the dropoff window closes.
 */
export async function rescheduleWindow(
  db: Db,
  access: DeliveryAccess,
  opts: { window: { id: string; typeSlug: string }; body: RescheduleWindowBody; now?: Date },
) {
  const start = new Date(opts.body.startDate);
  const end = new Date(opts.body.endDate);
  const { window } = opts;
  await db.transaction(async (tx) => {
    const { delivery } = await lockDelivery(tx, access);
    if (LOCKED.includes(delivery.liveStatusSlug as LiveStatus))
      throw conflict(`This delivery is ${delivery.liveStatusSlug}; its schedule can no longer change.`);
    if (end.getTime() <= (opts.now ?? new Date()).getTime())
      throw unprocessable({ endDate: ['A window cannot end in the past.'] });
    const others = await tx
      .select({
        typeSlug: deliveryScheduleWindows.typeSlug,
        startAt: deliveryScheduleWindows.startAt,
        endAt: deliveryScheduleWindows.endAt,
      })
      .from(deliveryScheduleWindows)
      .where(
        and(eq(deliveryScheduleWindows.deliveryId, delivery.id), ne(deliveryScheduleWindows.id, window.id)),
      );
    for (const other of others) {
      if (window.typeSlug === 'pickup' && other.typeSlug === 'dropoff' && start >= other.endAt)
        throw unprocessable({ startDate: ['The pickup window must open before the dropoff window closes.'] });
      if (window.typeSlug === 'dropoff' && other.typeSlug === 'pickup' && end <= other.startAt)
        throw unprocessable({ endDate: ['The dropoff window must close after the pickup window opens.'] });
    }
    await tx
      .update(deliveryScheduleWindows)
      .set({ startAt: start, endAt: end })
      .where(eq(deliveryScheduleWindows.id, window.id));
  });
}
