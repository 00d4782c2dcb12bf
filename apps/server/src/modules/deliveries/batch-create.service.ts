import {
  CreateDeliveryBodySchema,
  type DeliveryBatchItem,
  type DeliveryBatchResult,
} from '@courier/contract';
import type { FastifyBaseLogger } from 'fastify';
import { inArray } from 'drizzle-orm';
import type { Author } from '../../access/actor.js';
import type { Db } from '../../db/client.js';
import { deliveries } from '../../db/schema/index.js';
import { AppError, type FieldErrors } from '../../lib/app-error.js';
import type { RouteEstimator } from '../../lib/routing/routing.js';
import { createDelivery } from './create-delivery.service.js';

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

/**
 * Creates a batch of deliveries (issue 34), each alone through the same path as the form (`createDelivery`, its own
 * transaction): a bad item is refused with its reasons and the others are made. The answer lists every item by its
 * place. A server error on one item is answered as that item's (500) and logged; the others stand.
 */
export async function createDeliveryBatch(
  db: Db,
  routing: RouteEstimator,
  opts: { companyId: string; author: Author; items: readonly unknown[]; log: FastifyBaseLogger },
): Promise<DeliveryBatchResult> {
  const answers: DeliveryBatchItem[] = [];
  const made = new Map<number, string>();
  for (const [index, raw] of opts.items.entries()) {
    const parsed = CreateDeliveryBodySchema.safeParse(raw);
    if (!parsed.success) {
      answers[index] = refused(index, parsed.error.issues);
      continue;
    }
    try {
      made.set(
        index,
        await createDelivery(db, routing, {
          companyId: opts.companyId,
          author: opts.author,
          body: parsed.data,
        }),
      );
    } catch (err) {
      if (!(err instanceof AppError)) opts.log.error({ err, index }, 'batch create: an item failed');
      answers[index] =
        err instanceof AppError
          ? {
              index,
              status: 'failed',
              statusCode: err.status,
              message: err.message,
              ...(err.errors ? { errors: err.errors } : {}),
            }
          : {
              index,
              status: 'failed',
              statusCode: 500,
              message: 'Server Error: this delivery was not created; send it again.',
            };
    }
  }
  const rows = made.size
    ? await db
        .select({
          id: deliveries.id,
          externalId: deliveries.externalId,
          trackingCode: deliveries.trackingCode,
        })
        .from(deliveries)
        .where(inArray(deliveries.id, [...made.values()]))
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const [index, id] of made) {
    const row = byId.get(id)!;
    answers[index] = {
      index,
      status: 'created',
      uuid: id,
      externalId: row.externalId,
      trackingCode: row.trackingCode,
    };
  }
  return { created: made.size, failed: opts.items.length - made.size, items: answers };
}
