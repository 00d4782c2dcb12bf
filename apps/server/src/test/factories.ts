import type { CompanyRoleSlug, CompanyTypeSlug } from '@courier/contract';
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.js';
import { companies, companyMembers, driverInfos, users } from '../db/schema/index.js';
import { hashPassword } from '../lib/password.js';

export const TEST_PASSWORD = 'correct-horse-battery';
let hashed: Promise<string> | undefined;
const passwordHash = () => (hashed ??= hashPassword(TEST_PASSWORD));
const suffix = () => randomBytes(4).toString('hex');

export async function createCompany(db: Db, opts: { type?: CompanyTypeSlug; name?: string } = {}) {
  const s = suffix();
  const [row] = await db
    .insert(companies)
    .values({ slug: `co-${s}`, name: opts.name ?? `Company ${s}`, companyTypeSlug: opts.type ?? 'shipper' })
    .returning({ id: companies.id, slug: companies.slug, name: companies.name });
  if (!row) throw new Error('no company');
  return row;
}

export async function createUser(
  db: Db,
  opts: {
    company?: { id: string };
    roles?: CompanyRoleSlug[];
    email?: string;
    platformAdmin?: boolean;
    firstname?: string;
    lastname?: string;
  } = {},
) {
  const email = opts.email ?? `user-${suffix()}@example.com`;
  const [row] = await db
    .insert(users)
    .values({
      email,
      passwordHash: await passwordHash(),
      firstname: opts.firstname ?? 'Test',
      lastname: opts.lastname ?? 'User',
      defaultCompanyId: opts.company?.id ?? null,
      isPlatformAdmin: opts.platformAdmin ?? false,
    })
    .returning({ id: users.id, email: users.email });
  if (!row) throw new Error('no user');
  if (opts.company) {
    await db.insert(companyMembers).values(
      (opts.roles ?? ['company-admin']).map((roleSlug) => ({
        companyId: opts.company!.id,
        userId: row.id,
        roleSlug,
      })),
    );
    // Drivers on duty, as a company's drivers would be when work is assigned to them.
    if (opts.roles?.includes('driver')) {
      await db
        .insert(driverInfos)
        .values({ companyId: opts.company.id, userId: row.id, statusSlug: 'available' });
    }
  }
  return row;
}
