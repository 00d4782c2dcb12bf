import type { MemberStatus } from '@courier/contract';
import { and, eq, sql } from 'drizzle-orm';
import { noticeAccessChange } from '../../db/access-notices.js';
import type { DbOrTx } from '../../db/client.js';
import { companyMembers } from '../../db/schema/index.js';

/** Every membership row of the company: one per user and role. */
export async function listMemberships(db: DbOrTx, companyId: string) {
  return db
    .select({
      userId: companyMembers.userId,
      roleSlug: companyMembers.roleSlug,
      status: companyMembers.status,
    })
    .from(companyMembers)
    .where(eq(companyMembers.companyId, companyId));
}

export async function listActiveAdminIds(db: DbOrTx, companyId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(
      and(
        eq(companyMembers.companyId, companyId),
        eq(companyMembers.roleSlug, 'company-admin'),
        eq(companyMembers.status, 'active'),
      ),
    );
  return rows.map((r) => r.userId);
}

export async function setMemberStatus(
  db: DbOrTx,
  opts: { companyId: string; userId: string; status: MemberStatus },
) {
  const rows = await db
    .update(companyMembers)
    .set({ status: opts.status, updatedAt: new Date() })
    .where(and(eq(companyMembers.companyId, opts.companyId), eq(companyMembers.userId, opts.userId)))
    .returning({ userId: companyMembers.userId });
  // A suspended member's open streams check their access at once (issue 31).
  if (rows.length > 0 && opts.status !== 'active') await noticeAccessChange(db, { userId: opts.userId });
  return rows;
}

/** Serialises membership writes of one company, so two admins cannot suspend each other at the same moment. */
export async function lockCompanyMemberships(db: DbOrTx, companyId: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`members:${companyId}`}))`);
}
