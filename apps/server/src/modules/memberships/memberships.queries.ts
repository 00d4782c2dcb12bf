import type { CompanyRoleSlug } from '@courier/contract';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { noticeAccessChange } from '../../db/access-notices.js';
import type { DbOrTx } from '../../db/client.js';
import { companyMembers, phoneNumbers, users } from '../../db/schema/index.js';
export async function findMemberRole(
  db: DbOrTx,
  opts: { companyId: string; userId: string; role: CompanyRoleSlug },
) {
  const [row] = await db
    .select({ status: companyMembers.status })
    .from(companyMembers)
    .where(
      and(
        eq(companyMembers.companyId, opts.companyId),
        eq(companyMembers.userId, opts.userId),
        eq(companyMembers.roleSlug, opts.role),
      ),
    )
    .limit(1);
  return row;
}

export async function insertMembership(
  db: DbOrTx,
  opts: { companyId: string; userId: string; role: CompanyRoleSlug },
) {
  await db
    .insert(companyMembers)
    .values({ companyId: opts.companyId, userId: opts.userId, roleSlug: opts.role });
  // A person who had no company yet gets this one as the company the app opens.
  await db
    .update(users)
    .set({ defaultCompanyId: opts.companyId })
    .where(and(eq(users.id, opts.userId), isNull(users.defaultCompanyId)));
}

export async function setMemberActive(
  db: DbOrTx,
  opts: { companyId: string; userId: string; role: CompanyRoleSlug },
) {
  await db
    .update(companyMembers)
    .set({ status: 'active', updatedAt: new Date() })
    .where(
      and(
        eq(companyMembers.companyId, opts.companyId),
        eq(companyMembers.userId, opts.userId),
        eq(companyMembers.roleSlug, opts.role),
      ),
    );
}

export async function deleteMemberships(
  db: DbOrTx,
  opts: { companyId: string; userId: string; role?: CompanyRoleSlug },
) {
  const removed = await db
    .delete(companyMembers)
    .where(
      and(
        eq(companyMembers.companyId, opts.companyId),
        eq(companyMembers.userId, opts.userId),
        opts.role ? eq(companyMembers.roleSlug, opts.role) : undefined,
      ),
    )
    .returning({ role: companyMembers.roleSlug });
  // The person's open streams of this company check their access at once (issue 31).
  if (removed.length > 0) await noticeAccessChange(db, { userId: opts.userId });
  return removed;
}

/** After leaving a company, the person's default company moves to another of theirs, or to none. */
export async function repointDefaultCompany(db: DbOrTx, opts: { userId: string; leftCompanyId: string }) {
  const [other] = await db
    .select({ companyId: companyMembers.companyId })
    .from(companyMembers)
    .where(and(eq(companyMembers.userId, opts.userId), ne(companyMembers.companyId, opts.leftCompanyId)))
    .limit(1);
  await db
    .update(users)
    .set({ defaultCompanyId: other?.companyId ?? null })
    .where(and(eq(users.id, opts.userId), eq(users.defaultCompanyId, opts.leftCompanyId)));
}

export async function insertUserAccount(
  db: DbOrTx,
  values: {
    email: string;
    firstname: string;
    lastname: string;
    passwordHash: string;
    defaultCompanyId: string;
    phoneNumber?: string | undefined;
  },
) {
  const { phoneNumber, ...user } = values;
  const [row] = await db.insert(users).values(user).returning({ id: users.id });
  if (phoneNumber)
    await db
      .insert(phoneNumbers)
      .values({ userId: row!.id, phoneNumber, phoneNumberType: 'mobile', isPrimary: true });
  return row!.id;
}
