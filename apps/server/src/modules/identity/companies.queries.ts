import { COMPANY_ROLE_SLUGS, type CompanyRoleSlug } from '@courier/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { companies, companyDeliveryVersions, companyMembers } from '../../db/schema/index.js';

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

const isCompanyRole = (slug: string): slug is CompanyRoleSlug =>
  (COMPANY_ROLE_SLUGS as readonly string[]).includes(slug);

/**
 * What the caller's standing in a company is read from (with the session, `findCaller`): one row per role the user
 * holds (or held) in the company.
 */
export const membershipColumns = {
  companyId: companies.id,
  companySlug: companies.slug,
  companyTypeSlug: companies.companyTypeSlug,
  companyIsActive: companies.isActive,
  roleSlug: companyMembers.roleSlug,
  status: companyMembers.status,
  deliveriesVersion: companyDeliveryVersions.version,
};

type MembershipRow = {
  [K in keyof typeof membershipColumns]: (typeof membershipColumns)[K]['_']['data'] | null;
};

/** A membership from its rows; undefined when there are none (rows of an outer join without a member count as none). */
export function membershipOf(rows: readonly MembershipRow[]) {
  const first = rows[0];
  if (!first?.companyId || !first.companySlug || !first.companyTypeSlug || !first.roleSlug) return undefined;
  const roles = rows
    .filter((r) => r.status === 'active' && r.roleSlug !== null)
    .map((r) => r.roleSlug as string)
    .filter(isCompanyRole);
  return {
    companyId: first.companyId,
    companySlug: first.companySlug,
    companyTypeSlug: first.companyTypeSlug,
    isActive: first.companyIsActive ?? false,
    deliveriesVersion: first.deliveriesVersion ?? 0,
    roles,
  };
}

export type Membership = NonNullable<ReturnType<typeof membershipOf>>;

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
