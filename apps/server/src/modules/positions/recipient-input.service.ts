import {
  INSTRUCTIONS_CLOSED_STATUSES,
  RATEABLE_STATUSES,
  type DeliveryRecipientInput,
  type RecipientInstructions,
  type RecipientInstructionsBodySchema,
  type RecipientRating,
  type RecipientRatingBodySchema,
} from '@courier/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError, conflict } from '../../lib/app-error.js';
import { iso } from '../../lib/dates.js';
import { presentInstructions } from '../../lib/recipient-instructions.js';
import { deliveryAudience, recordDeliveryEvent, recordEvent } from '../live/index.js';
import {
  findInstructions,
  findRating,
  insertRating,
  lockTrackedDelivery,
  upsertInstructions,
} from './recipient-input.queries.js';
import { findLastDropoff } from './tracking.queries.js';

/** A wrong token is as unknown as the tracking page's (decision 022): a plain 404, nothing more. */
const notFound = () => new AppError(404, 'not_found', 'Not found.');

/** Why instructions are no longer taken, in the recipient's words. */
const CLOSED: Record<string, string> = {
  delivered: 'Your delivery has been delivered: instructions can no longer be changed.',
  completed: 'Your delivery has been delivered: instructions can no longer be changed.',
  cancelled: 'This delivery was cancelled: there is no one to give instructions to.',
  returned: 'This delivery has gone back to the sender: instructions can no longer be changed.',
};

/**
 * Writes the recipient's instructions for the delivery's dropoff (issue 36), again as often as they like until the
 * delivery is final (409). In the same transaction a live event tells the office and the assigned drivers, whose
 * screens ask the delivery again (decision 059): the driver sees them on the stop at once.
 */
export async function saveInstructions(
  db: Db,
  token: string,
  body: z.output<typeof RecipientInstructionsBodySchema>,
): Promise<RecipientInstructions> {
  return db.transaction(async (tx) => {
    const delivery = await lockTrackedDelivery(tx, token);
    if (!delivery) throw notFound();
    const closed = INSTRUCTIONS_CLOSED_STATUSES.includes(delivery.liveStatusSlug);
    if (closed) throw conflict(CLOSED[delivery.liveStatusSlug] ?? 'Instructions can no longer be changed.');
    const dropoff = await findLastDropoff(tx, delivery.id);
    if (!dropoff) throw conflict('This delivery has no stop to leave instructions for yet.');
    const row = await upsertInstructions(tx, {
      stepId: dropoff.stepId,
      deliveryId: delivery.id,
      values: body,
    });
    await recordDeliveryEvent(tx, delivery.id, {
      type: 'delivery.recipient',
      data: { deliveryUuid: delivery.id, change: 'instructions', at: iso(row.updatedAt) },
      actorUserId: null,
    });
    return { ...row, updatedAt: iso(row.updatedAt) };
  });
}

/**
 * The recipient's rating (issue 36): only once the delivery is delivered (409 before), and once (409 on a second).
 * The office is told live; the drivers are not (a rating is the company's to read).
 */
export async function rateDelivery(
  db: Db,
  token: string,
  body: z.output<typeof RecipientRatingBodySchema>,
): Promise<RecipientRating> {
  return db.transaction(async (tx) => {
    const delivery = await lockTrackedDelivery(tx, token);
    if (!delivery) throw notFound();
    if (!RATEABLE_STATUSES.includes(delivery.liveStatusSlug))
      throw conflict('You can rate your delivery once it has been delivered.');
    const row = await insertRating(tx, { deliveryId: delivery.id, stars: body.stars, comment: body.comment });
    if (!row) throw conflict('You have already rated this delivery. Thank you!');
    const audience = await deliveryAudience(tx, delivery.id);
    if (audience)
      await recordEvent(tx, {
        type: 'delivery.recipient',
        data: { deliveryUuid: delivery.id, change: 'rating', at: iso(row.createdAt) },
        audience: { ...audience, driverUserIds: [] },
        actorUserId: null,
      });
    return { ...row, createdAt: iso(row.createdAt) };
  });
}

/** What the recipient wrote about a delivery, for the companies that see it (their delivery page). */
export async function readRecipientInput(db: DbOrTx, deliveryId: string): Promise<DeliveryRecipientInput> {
  const [instructions, rating] = await Promise.all([
    findInstructions(db, deliveryId),
    findRating(db, deliveryId),
  ]);
  return {
    instructions: presentInstructions(instructions),
    rating: rating ? { ...rating, createdAt: iso(rating.createdAt) } : null,
  };
}
