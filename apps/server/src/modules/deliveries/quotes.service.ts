import { checkQuoteMove, type QuoteStatus } from '@courier/contract';
import { and, eq, ne } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { deliveries, deliveryQuotes } from '../../db/schema/index.js';
import { conflict, notFound, unprocessable } from '../../lib/app-error.js';
import { lockDelivery, type DeliveryAccess } from '../../access/delivery-access.js';
import { recordDeliveryEvent } from '../live/index.js';
import { recordStatus } from './status.service.js';
import { personOf } from '../../access/actor.js';

async function moveQuoteStatus(
  tx: DbOrTx,
  opts: { deliveryId: string; from: string; to: QuoteStatus; userId: string; message?: string },
) {
  const check = checkQuoteMove(opts.from as QuoteStatus, opts.to);
  if (!check.ok) throw conflict(check.reason);
  const now = new Date();
  await tx
    .update(deliveries)
    .set({ quoteStatusSlug: opts.to, quoteStatusChangedAt: now, updatedAt: now })
    .where(eq(deliveries.id, opts.deliveryId));
  await recordStatus(tx, {
    deliveryId: opts.deliveryId,
    type: 'quote',
    slug: opts.to,
    message: opts.message,
    userId: opts.userId,
    at: now,
  });
}

export async function createQuote(
  db: Db,
  access: DeliveryAccess,
  opts: {
    priceMinor: number;
    currencyCode: string;
    validUntil: string;
  },
) {
  const validUntil = new Date(opts.validUntil);
  if (validUntil <= new Date())
    throw unprocessable({ validUntil: ['A quote must be valid for some time from now.'] });
  return db.transaction(async (tx) => {
    const { delivery: d, actor } = await lockDelivery(tx, access);
    await moveQuoteStatus(tx, {
      deliveryId: d.id,
      from: d.quoteStatusSlug,
      to: 'quoted',
      userId: personOf(actor),
    });
    const [row] = await tx
      .insert(deliveryQuotes)
      .values({
        deliveryId: d.id,
        priceMinor: opts.priceMinor,
        currencyCode: opts.currencyCode.toUpperCase(),
        validUntil,
        createdByCompanyId: d.ownerCompanyId,
      })
      .returning();
    await recordDeliveryEvent(tx, d.id, {
      type: 'delivery.quote',
      data: { deliveryUuid: d.id, quoteUuid: row!.id, change: 'created', at: row!.createdAt.toISOString() },
    });
    return row!;
  });
}

/** The delivery a quote is on, for the policy to be asked about; 404 for an unknown quote. */
export async function deliveryOfQuote(db: DbOrTx, quoteId: string): Promise<string> {
  const [quote] = await db
    .select({ deliveryId: deliveryQuotes.deliveryId })
    .from(deliveryQuotes)
    .where(eq(deliveryQuotes.id, quoteId));
  if (!quote) throw notFound('Quote');
  return quote.deliveryId;
}

/** Accepting a quote accepts the delivery's price; an expired quote cannot be accepted (it is marked expired). */
export async function decideQuote(
  db: Db,
  access: DeliveryAccess,
  opts: { quoteId: string; decision: 'accepted' | 'rejected' },
) {
  const quote = { id: opts.quoteId };
  const userId = personOf(access.actor);
  const result = await db.transaction(async (tx) => {
    const { delivery: d } = await lockDelivery(tx, access);
    const [q] = await tx
      .select()
      .from(deliveryQuotes)
      .where(and(eq(deliveryQuotes.id, quote.id), eq(deliveryQuotes.deliveryId, d.id)));
    if (!q || q.statusSlug !== 'quoted')
      throw conflict(`This quote is ${q?.statusSlug ?? 'gone'}; only an open quote can be decided.`);
    if (opts.decision === 'accepted' && q.validUntil <= new Date()) {
      await tx
        .update(deliveryQuotes)
        .set({ statusSlug: 'expired', updatedAt: new Date() })
        .where(eq(deliveryQuotes.id, q.id));
      await moveQuoteStatus(tx, {
        deliveryId: d.id,
        from: d.quoteStatusSlug,
        to: 'expired',
        userId,
        message: 'Quote expired before acceptance',
      });
      return { expired: true as const };
    }
    await tx
      .update(deliveryQuotes)
      .set({ statusSlug: opts.decision, updatedAt: new Date() })
      .where(eq(deliveryQuotes.id, q.id));
    if (opts.decision === 'accepted') {
      await tx
        .update(deliveryQuotes)
        .set({ statusSlug: 'rejected', updatedAt: new Date() })
        .where(
          and(
            eq(deliveryQuotes.deliveryId, d.id),
            ne(deliveryQuotes.id, q.id),
            eq(deliveryQuotes.statusSlug, 'quoted'),
          ),
        );
    }
    await moveQuoteStatus(tx, {
      deliveryId: d.id,
      from: d.quoteStatusSlug,
      to: opts.decision,
      userId,
    });
    await recordDeliveryEvent(tx, d.id, {
      type: 'delivery.quote',
      data: { deliveryUuid: d.id, quoteUuid: q.id, change: opts.decision, at: new Date().toISOString() },
    });
    return { expired: false as const };
  });
  // The expiry is recorded (committed) and then refused.
  if (result.expired) throw conflict('This quote has expired and can no longer be accepted.');
  const [row] = await db.select().from(deliveryQuotes).where(eq(deliveryQuotes.id, quote.id));
  return row!;
}

/**
 * The marketplace's award (decision 026), in the caller's transaction with the delivery locked: the winning bid
 * becomes the delivery's accepted quote (created by the courier), its other open quotes are rejected, and the courier
 * becomes the carrier. The quote status moves through `quoted` when it was not open, as the machine asks.
 */
export async function acceptCarrierBid(
  tx: DbOrTx,
  opts: {
    deliveryId: string;
    quoteStatusSlug: string;
    carrierCompanyId: string;
    priceMinor: number;
    currencyCode: string;
    userId: string;
  },
): Promise<string> {
  const now = new Date();
  await tx
    .update(deliveryQuotes)
    .set({ statusSlug: 'rejected', updatedAt: now })
    .where(and(eq(deliveryQuotes.deliveryId, opts.deliveryId), eq(deliveryQuotes.statusSlug, 'quoted')));
  const [quote] = await tx
    .insert(deliveryQuotes)
    .values({
      deliveryId: opts.deliveryId,
      priceMinor: opts.priceMinor,
      currencyCode: opts.currencyCode,
      validUntil: now,
      statusSlug: 'accepted',
      createdByCompanyId: opts.carrierCompanyId,
    })
    .returning({ id: deliveryQuotes.id });
  if (opts.quoteStatusSlug !== 'accepted') {
    let from = opts.quoteStatusSlug;
    if (from !== 'quoted') {
      await moveQuoteStatus(tx, { deliveryId: opts.deliveryId, from, to: 'quoted', userId: opts.userId });
      from = 'quoted';
    }
    await moveQuoteStatus(tx, {
      deliveryId: opts.deliveryId,
      from,
      to: 'accepted',
      userId: opts.userId,
      message: 'Bid accepted in the marketplace',
    });
  }
  await tx
    .update(deliveries)
    .set({ carrierCompanyId: opts.carrierCompanyId, updatedAt: now })
    .where(eq(deliveries.id, opts.deliveryId));
  await recordDeliveryEvent(tx, opts.deliveryId, {
    type: 'delivery.quote',
    data: { deliveryUuid: opts.deliveryId, quoteUuid: quote!.id, change: 'accepted', at: now.toISOString() },
  });
  return quote!.id;
}
