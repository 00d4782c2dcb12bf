import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { deliveries, deliveryAssignments } from '../../db/schema/index.js';
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

/** The delivery is assigned to this driver now (an open assignment names them). */
export function assignedTo(userId: string): SQL {
  return sql`exists (select 1 from ${deliveryAssignments} a where a.delivery_id = ${deliveries.id} and a.unassigned_at is null and ${userId}::uuid = any(a.driver_user_ids))`;
}

/**
 * The delivery when the caller may work on it: a company admin any delivery the company sees, a driver only one
 * assigned to them now. 404 otherwise.
 */
export async function requireCallerDelivery(
  db: DbOrTx,
  opts: { companyId: string; roles: readonly string[]; userId: string; deliveryId: string },
) {
  const isAdmin = opts.roles.includes('company-admin');
  const [row] = await db
    .select({ id: deliveries.id, liveStatusSlug: deliveries.liveStatusSlug })
    .from(deliveries)
    .where(
      and(
        eq(deliveries.id, opts.deliveryId),
        visibleTo(opts.companyId),
        isAdmin ? undefined : assignedTo(opts.userId),
      ),
    )
    .limit(1);
  if (!row) throw notFound('Delivery');
  return row;
}
