import type { CompanyUser, MemberStatus } from '@courier/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import { conflict, notFound } from '../../lib/app-error.js';
import { loadUsers } from '../identity/index.js';
import {
  listActiveAdminIds,
  listMemberships,
  lockCompanyMemberships,
  setMemberStatus,
} from './admin-users.queries.js';
import { listPendingInvitations } from './invitations.queries.js';

export async function listCompanyUsers(
  db: DbOrTx,
  opts: { companyId: string; userIds?: string[] },
): Promise<CompanyUser[]> {
  const memberships = await listMemberships(db, opts.companyId);
  const byUser = new Map<string, { roles: string[]; active: boolean }>();
  for (const m of memberships) {
    if (opts.userIds && !opts.userIds.includes(m.userId)) continue;
    const entry = byUser.get(m.userId) ?? { roles: [], active: false };
    entry.roles.push(m.roleSlug);
    entry.active ||= m.status === 'active';
    byUser.set(m.userId, entry);
  }
  const ids = [...byUser.keys()];
  const [users, pending] = await Promise.all([
    loadUsers(db, ids),
    listPendingInvitations(db, { companyId: opts.companyId, userIds: ids }),
  ]);
  return users.map((u) => {
    const m = byUser.get(u.uuid);
    const invitation = pending.get(u.uuid);
    return {
      ...u,
      roleSlugs: (m?.roles ?? []).sort(),
      memberStatus: m?.active ? 'active' : 'suspended',
      pendingInvitation: invitation
        ? { sentAt: invitation.sentAt.toISOString(), expiresAt: invitation.expiresAt.toISOString() }
        : null,
    };
  });
}

/**
 * Suspends or reactivates a member in every role they hold in the company. The last active admin cannot be
 * suspended, so a company is never left without anyone able to manage it.
 */
export async function changeMemberStatus(
  db: Db,
  opts: { companyId: string; userId: string; status: MemberStatus },
) {
  await db.transaction(async (tx) => {
    await lockCompanyMemberships(tx, opts.companyId);
    if (opts.status === 'suspended') {
      const admins = await listActiveAdminIds(tx, opts.companyId);
      if (admins.length === 1 && admins[0] === opts.userId) {
        throw conflict('The last admin of a company cannot be suspended. Make another user an admin first.');
      }
    }
    const updated = await setMemberStatus(tx, opts);
    if (updated.length === 0) throw notFound('User');
  });
  const [user] = await listCompanyUsers(db, { companyId: opts.companyId, userIds: [opts.userId] });
  if (!user) throw notFound('User');
  return user;
}
