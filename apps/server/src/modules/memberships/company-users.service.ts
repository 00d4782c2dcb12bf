import type { AddAdminBody, CompanyRoleSlug } from '@courier/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError, conflict, notFound, unprocessable } from '../../lib/app-error.js';
import { hashPassword } from '../../lib/password.js';
import { newSecret } from '../../lib/secure-token.js';
import { emailInUse, findUserIdByEmail } from '../identity/index.js';
import { listActiveAdminIds, lockCompanyMemberships } from './admin-users.queries.js';
import { listCompanyUsers } from './admin-users.service.js';
import { deleteDriverInfo, ensureDriverInfo } from './drivers.queries.js';
import { hasOpenInvitation } from './invitations.queries.js';
import { issueInvitation, sendGrantMail, type GrantMail, type MailSetup } from './invitations.service.js';
import {
  deleteMemberships,
  findMemberRole,
  insertMembership,
  insertUserAccount,
  repointDefaultCompany,
  setMemberActive,
} from './memberships.queries.js';

export const LAST_ADMIN = 'The last admin of a company cannot be removed. Make another user an admin first.';

async function present(db: Db, companyId: string, userId: string) {
  const [user] = await listCompanyUsers(db, { companyId, userIds: [userId] });
  if (!user) throw notFound('User');
  return user;
}

/**
 * Gives a person a role in the company: links an existing account, or creates one (which then needs a name) with a
 * password no one knows and an invitation to choose it (decision 032). Holding the role already is a conflict; a
 * suspended holder is reactivated. The mail is sent in the same transaction (`sendGrantMail`); answers what it was.
 */
export async function grantRole(
  db: Db,
  opts: {
    companyId: string;
    role: CompanyRoleSlug;
    email: string;
    invitedByUserId: string | null;
    mail: MailSetup;
    newAccount?: {
      firstname?: string | undefined;
      lastname?: string | undefined;
      phoneNumber?: string | undefined;
    };
  },
) {
  // Hashed before the transaction (scrypt is slow, and PGlite queues everything behind an open transaction): a
  // new account's password is a random secret thrown away, so no one can sign in before the invitation is used.
  const unusableHash = opts.newAccount ? await hashPassword(newSecret()) : undefined;
  const result = await db.transaction(async (tx) => {
    await lockCompanyMemberships(tx, opts.companyId);
    let userId = await findUserIdByEmail(tx, opts.email);
    let created = false;
    if (userId) {
      const held = await findMemberRole(tx, { companyId: opts.companyId, userId, role: opts.role });
      if (held?.status === 'active') {
        const what = opts.role === 'driver' ? 'a driver' : 'an admin';
        throw conflict(`This person is already ${what} of your company.`, {
          email: [`Already ${what} of your company.`],
        });
      }
      if (held) await setMemberActive(tx, { companyId: opts.companyId, userId, role: opts.role });
      else await insertMembership(tx, { companyId: opts.companyId, userId, role: opts.role });
    } else {
      // An address an account gave up less than a week ago is held for its undo (decision 056).
      if (await emailInUse(tx, { email: opts.email })) {
        const message = 'This e-mail cannot be used for a new account yet. Try again in a few days.';
        throw conflict(message, { email: [message] });
      }
      const n = opts.newAccount;
      if (!n || !unusableHash) throw notFound('User');
      const errors: Record<string, string[]> = {};
      if (!n.firstname) errors.firstname = ['First name is required for a new account'];
      if (!n.lastname) errors.lastname = ['Last name is required for a new account'];
      if (Object.keys(errors).length)
        throw unprocessable(
          errors,
          'No account uses this e-mail yet: give their name, and we e-mail them an invitation.',
        );
      userId = await insertUserAccount(tx, {
        email: opts.email,
        firstname: n.firstname!,
        lastname: n.lastname!,
        passwordHash: unusableHash,
        defaultCompanyId: opts.companyId,
        phoneNumber: n.phoneNumber,
      });
      await insertMembership(tx, { companyId: opts.companyId, userId, role: opts.role });
      created = true;
    }
    if (opts.role === 'driver') await ensureDriverInfo(tx, { companyId: opts.companyId, userId });
    const who = { userId, companyId: opts.companyId, role: opts.role, invitedByUserId: opts.invitedByUserId };
    // A new account, or one that has not yet chosen its password (another company's invitation is still open), is
    // invited; a person who already signs in is told they were added.
    const mail: GrantMail =
      created || (await hasOpenInvitation(tx, userId))
        ? { kind: 'invitation', token: await issueInvitation(tx, who), ...who }
        : { kind: 'added', ...who };
    await sendGrantMail(tx, mail, opts.mail);
    return { userId, created, mail };
  });
  return {
    user: await present(db, opts.companyId, result.userId),
    userId: result.userId,
    created: result.created,
    mail: result.mail,
  };
}

export async function addAdmin(
  db: Db,
  opts: { companyId: string; invitedByUserId: string | null; mail: MailSetup; body: AddAdminBody },
) {
  const { email, ...newAccount } = opts.body;
  return grantRole(db, {
    companyId: opts.companyId,
    role: 'company-admin',
    email,
    invitedByUserId: opts.invitedByUserId,
    mail: opts.mail,
    newAccount,
  });
}

export async function addExistingDriver(
  db: Db,
  opts: { companyId: string; invitedByUserId: string | null; mail: MailSetup; email: string },
) {
  try {
    return await grantRole(db, {
      companyId: opts.companyId,
      role: 'driver',
      email: opts.email,
      invitedByUserId: opts.invitedByUserId,
      mail: opts.mail,
    });
  } catch (err) {
    if (err instanceof AppError && err.status === 404) {
      throw new AppError(404, 'not_found', 'No account uses this e-mail. Add them as a new driver instead.', {
        email: ['No account uses this e-mail. Add them as a new driver instead.'],
      });
    }
    throw err;
  }
}

/** Removes one role, or every role, of a person; the last active admin stays. */
export async function removeFromCompany(
  db: Db,
  opts: { companyId: string; userId: string; role?: CompanyRoleSlug | undefined },
) {
  await db.transaction(async (tx) => {
    await lockCompanyMemberships(tx, opts.companyId);
    if (!opts.role || opts.role === 'company-admin') {
      const admins = await listActiveAdminIds(tx, opts.companyId);
      if (admins.length === 1 && admins[0] === opts.userId) throw conflict(LAST_ADMIN);
    }
    const removed = await deleteMemberships(tx, opts);
    if (removed.length === 0) throw notFound('User');
    if (removed.some((r) => r.role === 'driver')) await deleteDriverInfo(tx, opts);
    const rest = opts.role
      ? await findMemberRole(tx, {
          companyId: opts.companyId,
          userId: opts.userId,
          role: opts.role === 'driver' ? 'company-admin' : 'driver',
        })
      : undefined;
    if (!rest) await repointDefaultCompany(tx, { userId: opts.userId, leftCompanyId: opts.companyId });
  });
}

/**
 * A new account holding one role in a company, inside the caller's transaction: sign-up's first admin (decision
 * 029). The e-mail's unique index refuses an address already in use.
 */
export async function insertAccountWithRole(
  tx: DbOrTx,
  opts: {
    companyId: string;
    role: CompanyRoleSlug;
    email: string;
    firstname: string;
    lastname: string;
    passwordHash: string;
  },
): Promise<string> {
  const { companyId, role, ...account } = opts;
  const userId = await insertUserAccount(tx, { ...account, defaultCompanyId: companyId });
  await insertMembership(tx, { companyId, userId, role });
  return userId;
}
