import { and, eq, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { deliveries } from '../../db/schema/index.js';
import { notFound } from '../../lib/app-error.js';

/** A company sees a delivery it owns or carries (architecture: two companies can share one delivery). */
export function visibleTo(companyId: string): SQL {
  return or(eq(deliveries.ownerCompanyId, companyId), eq(deliveries.carrierCompanyId, companyId))!;
}

/** The delivery's id and status when the company may see it; 404 otherwise (a stranger learns nothing). */
export async function requireDelivery(
  db: DbOrTx,
  opts: { companyId: string; deliveryId: string; forUpdate?: boolean },
) {
  const query = db
    .select({
      id: deliveries.id,
      name: deliveries.name,
      liveStatusSlug: deliveries.liveStatusSlug,
      quoteStatusSlug: deliveries.quoteStatusSlug,
      ownerCompanyId: deliveries.ownerCompanyId,
      startedAt: deliveries.startedAt,
      isScheduled: deliveries.isScheduled,
      currencyCode: deliveries.currencyCode,
    })
    .from(deliveries)
    .where(and(eq(deliveries.id, opts.deliveryId), visibleTo(opts.companyId)))
    .limit(1);
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound('Delivery');
  return row;
}
