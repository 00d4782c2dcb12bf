import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { companies, companyMembers, storedFiles } from '../../db/schema/index.js';

export const companyColumns = {
  id: companies.id,
  slug: companies.slug,
  name: companies.name,
  description: companies.description,
  logoUrl: companies.logoUrl,
  companyTypeSlug: companies.companyTypeSlug,
  countryCode: companies.countryCode,
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

export async function findCompany(db: DbOrTx, { companyId }: { companyId: string }) {
  const [row] = await db.select(companyColumns).from(companies).where(eq(companies.id, companyId));
  return row;
}

export async function updateCompanyProfile(
  db: DbOrTx,
  { companyId }: { companyId: string },
  values: { name: string; description: string },
) {
  await db
    .update(companies)
    .set({ name: values.name, description: values.description, updatedAt: new Date() })
    .where(eq(companies.id, companyId));
}

export async function setCompanyLogo(
  db: DbOrTx,
  { companyId }: { companyId: string },
  logo: { url: string; fileId: string },
) {
  await db
    .update(companies)
    .set({ logoUrl: logo.url, logoFileId: logo.fileId, updatedAt: new Date() })
    .where(eq(companies.id, companyId));
}

/** The stored file of a company's logo, if it has one. */
export async function findCompanyLogoFile(db: DbOrTx, { companyId }: { companyId: string }) {
  const [file] = await db
    .select({
      storageKey: storedFiles.storageKey,
      mimeType: storedFiles.mimeType,
      originalName: storedFiles.originalName,
      sizeBytes: storedFiles.sizeBytes,
    })
    .from(companies)
    .innerJoin(storedFiles, eq(storedFiles.id, companies.logoFileId))
    .where(eq(companies.id, companyId))
    .limit(1);
  return file;
}

/** A new company (sign-up, decision 029); the slug's unique index refuses a taken one. */
export async function insertCompany(
  db: DbOrTx,
  values: { slug: string; name: string; companyTypeSlug: string; countryCode: string },
) {
  const [row] = await db.insert(companies).values(values).returning({ id: companies.id });
  return row!.id;
}

export async function companySlugTaken(db: DbOrTx, slug: string): Promise<boolean> {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.slug, slug))
    .limit(1);
  return Boolean(row);
}
