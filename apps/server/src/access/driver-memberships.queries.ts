import type { ActorMembership } from '@courier/contract';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { companies, companyMembers } from '../db/schema/index.js';

/** The companies a user drives for now: active driver memberships of active companies. */
export async function listDriverMemberships(db: DbOrTx, userId: string): Promise<ActorMembership[]> {
  const rows = await db
    .select({
      companyId: companies.id,
      companySlug: companies.slug,
      companyTypeSlug: companies.companyTypeSlug,
    })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(
      and(
        eq(companyMembers.userId, userId),
        eq(companyMembers.roleSlug, 'driver'),
        eq(companyMembers.status, 'active'),
        eq(companies.isActive, true),
      ),
    );
  return rows.map((r) => ({ ...r, roles: ['driver'] as const }));
}
