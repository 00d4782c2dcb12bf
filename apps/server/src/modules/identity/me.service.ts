import {
  ROLE_DEFINITIONS,
  type Role,
  type UpdatePasswordBody,
  type UpdatePhoneNumbersBody,
} from '@courier/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import { unprocessable } from '../../lib/app-error.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { deleteOtherSessions } from './sessions.queries.js';
import { listCompaniesOfUser, listRoleSlugsOfUserInCompany } from './companies.queries.js';
import { presentRole } from './roles.presenter.js';
import { listRolesBySlugs } from './roles.queries.js';
import { findPasswordHash, findUserById, replacePhoneNumbers, updateUser } from './users.queries.js';

export const CURRENT_PASSWORD_INCORRECT = 'The current password is incorrect.';

/**
 * Refuses a wrong current password with a 422 on `currentPassword`: the password change and the e-mail change ask
 * it (their routes limit the tries per account, as a sign-in is limited).
 */
export async function checkCurrentPassword(
  db: DbOrTx,
  userId: string,
  currentPassword: string,
): Promise<void> {
  const stored = await findPasswordHash(db, userId);
  if (!stored || !(await verifyPassword(currentPassword, stored))) {
    throw unprocessable({ currentPassword: [CURRENT_PASSWORD_INCORRECT] });
  }
}

export async function setPhoneNumbers(db: Db, opts: { userId: string; body: UpdatePhoneNumbersBody }) {
  const list = opts.body.phoneNumbers;
  // Exactly one primary when there are any: the first one, unless the caller chose.
  const withPrimary = list.some((p) => p.isPrimary)
    ? list
    : list.map((p, i) => ({ ...p, isPrimary: i === 0 }));
  await db.transaction(async (tx) => {
    await replacePhoneNumbers(tx, opts.userId, withPrimary);
    await updateUser(tx, opts.userId, {});
  });
}

/** Needs the current password; ends every other session and token of the user. */
export async function changePassword(
  db: Db,
  opts: { userId: string; sessionId: string; body: UpdatePasswordBody },
) {
  await checkCurrentPassword(db, opts.userId, opts.body.currentPassword);
  const passwordHash = await hashPassword(opts.body.password);
  await db.transaction(async (tx) => {
    await updateUser(tx, opts.userId, { passwordHash });
    await deleteOtherSessions(tx, opts.userId, opts.sessionId);
  });
}

/** The roles the user holds in their current (default) company, plus platform admin where granted. */
export async function listMyRoles(
  db: Db,
  opts: { userId: string; isPlatformAdmin: boolean },
): Promise<Role[]> {
  const user = await findUserById(db, opts.userId);
  const companies = await listCompaniesOfUser(db, opts.userId);
  return rolesInCurrentCompany(db, {
    ...opts,
    defaultCompanySlug: user?.defaultCompanySlug ?? null,
    companies,
  });
}

/**
 * `listMyRoles` from the user's default company slug and companies already read (the session's state for a page,
 * decision 051, reads them for its own answer).
 */
export async function rolesInCurrentCompany(
  db: Db,
  opts: {
    userId: string;
    isPlatformAdmin: boolean;
    defaultCompanySlug: string | null;
    companies: readonly { id: string; slug: string }[];
  },
): Promise<Role[]> {
  const current = opts.companies.find((c) => c.slug === opts.defaultCompanySlug) ?? opts.companies[0];
  const slugs = current
    ? await listRoleSlugsOfUserInCompany(db, { userId: opts.userId, companyId: current.id })
    : [];
  if (opts.isPlatformAdmin) slugs.unshift('platform-admin');
  const rows = await listRolesBySlugs(db, slugs);
  const order = ROLE_DEFINITIONS.map((r) => r.slug as string);
  rows.sort((a, b) => order.indexOf(a.slug) - order.indexOf(b.slug));
  return rows.map(presentRole);
}
