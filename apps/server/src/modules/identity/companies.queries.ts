import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { companies, companyMembers } from '../../db/schema/index.js';

export const companyColumns = {
  id: companies.id,
  slug: companies.slug,
  name: companies.name,
  description: companies.description,
  logoUrl: companies.logoUrl,
  companyTypeSlug: companies.companyTypeSlug,
  isActive: companies.isActive,
  createdAt: companies.createdAt,
  updatedAt: companies.updatedAt,
};

/** Companies the user is an active member of, in name order. */
export async function listCompaniesOfUser(db: DbOrTx, userId: string) {
  const memberships = db
    .selectDistinct({ companyId: companyMembers.companyId })
    .from(companyMembers)
    .where(and(eq(companyMembers.userId, userId), eq(companyMembers.status, 'active')));
  return db
    .select(companyColumns)
    .from(companies)
    .where(inArray(companies.id, memberships))
    .orderBy(asc(companies.name));
}

export async function listRoleSlugsOfUserInCompany(db: DbOrTx, opts: { userId: string; companyId: string }) {
  const rows = await db
    .select({ roleSlug: companyMembers.roleSlug })
    .from(companyMembers)
    .where(
      and(
        eq(companyMembers.userId, opts.userId),
        eq(companyMembers.companyId, opts.companyId),
        eq(companyMembers.status, 'active'),
      ),
    );
  return rows.map((r) => r.roleSlug);
}

export type CompanyRow = Awaited<ReturnType<typeof listCompaniesOfUser>>[number];
