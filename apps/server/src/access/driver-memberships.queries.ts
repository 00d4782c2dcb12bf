import type { ActorMembership } from '@courier/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { companies, companyMembers } from '../db/schema/index.js';

function prepareDriverMemberships(db: Db) {
  return db
    .select({
      companyId: companies.id,
      companySlug: companies.slug,
      companyTypeSlug: companies.companyTypeSlug,
    })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(
      and(
        eq(companyMembers.userId, sql.placeholder('userId')),
        eq(companyMembers.roleSlug, 'driver'),
        eq(companyMembers.status, 'active'),
        eq(companies.isActive, true),
      ),
    )
    .prepare('driver_memberships');
}

const prepared = new WeakMap<Db, ReturnType<typeof prepareDriverMemberships>>();

/**
 * The companies a user drives for now: active driver memberships of active companies. Every driver call asks it
 * (the driver hook), so on the database itself it is a prepared statement, planned once per connection.
 */
export async function listDriverMemberships(db: Db, userId: string): Promise<ActorMembership[]> {
  let query = prepared.get(db);
  if (!query) prepared.set(db, (query = prepareDriverMemberships(db)));
  const rows = await query.execute({ userId });
  return rows.map((r) => ({ ...r, roles: ['driver'] as const }));
}
