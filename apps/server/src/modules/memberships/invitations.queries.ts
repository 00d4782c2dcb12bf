import type { CompanyRoleSlug } from '@courier/contract';
import { and, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { companies, invitations, users } from '../../db/schema/index.js';

/** Invitations of a company not yet accepted, newest per person (the pending mark beside each person). */
export async function listPendingInvitations(db: DbOrTx, opts: { companyId: string; userIds: string[] }) {
  if (opts.userIds.length === 0) return new Map<string, { sentAt: Date; expiresAt: Date }>();
  const rows = await db
    .select({ userId: invitations.userId, sentAt: invitations.createdAt, expiresAt: invitations.expiresAt })
    .from(invitations)
    .where(
      and(
        eq(invitations.companyId, opts.companyId),
        inArray(invitations.userId, opts.userIds),
        isNull(invitations.acceptedAt),
      ),
    )
    .orderBy(desc(invitations.createdAt));
  const byUser = new Map<string, { sentAt: Date; expiresAt: Date }>();
  for (const r of rows) if (!byUser.has(r.userId)) byUser.set(r.userId, r);
  return byUser;
}

/** Whether the person has an invitation from any company that they have not accepted (no password chosen yet). */
export async function hasOpenInvitation(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(and(eq(invitations.userId, userId), isNull(invitations.acceptedAt)))
    .limit(1);
  return row !== undefined;
}

/** The newest invitation of this company to this person not yet accepted (to resend it, at most once a minute). */
export async function findOpenInvitation(db: DbOrTx, opts: { companyId: string; userId: string }) {
  const [row] = await db
    .select({ id: invitations.id, roleSlug: invitations.roleSlug, createdAt: invitations.createdAt })
    .from(invitations)
    .where(
      and(
        eq(invitations.companyId, opts.companyId),
        eq(invitations.userId, opts.userId),
        isNull(invitations.acceptedAt),
      ),
    )
    .orderBy(desc(invitations.createdAt))
    .limit(1);
  return row;
}

/** Replaces the company's open invitations of the person by a new one: an older link stops working. */
export async function replaceInvitation(
  db: DbOrTx,
  values: {
    companyId: string;
    userId: string;
    roleSlug: CompanyRoleSlug;
    invitedByUserId: string | null;
    tokenHash: string;
    createdAt: Date;
    expiresAt: Date;
  },
) {
  await db
    .delete(invitations)
    .where(
      and(
        eq(invitations.companyId, values.companyId),
        eq(invitations.userId, values.userId),
        isNull(invitations.acceptedAt),
      ),
    );
  await db.insert(invitations).values(values);
}

/** What the invitation's link shows: the person, the company and who invited them; nothing once used or expired. */
export async function findInvitationByToken(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      email: users.email,
      firstname: users.firstname,
      lastname: users.lastname,
      companyName: companies.name,
      companyLogoUrl: companies.logoUrl,
      roleSlug: invitations.roleSlug,
      invitedByUserId: invitations.invitedByUserId,
      expiresAt: invitations.expiresAt,
    })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.userId))
    .innerJoin(companies, eq(companies.id, invitations.companyId))
    .where(
      and(
        eq(invitations.tokenHash, tokenHash),
        isNull(invitations.acceptedAt),
        gt(invitations.expiresAt, now),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Claims a link: marks its invitation accepted if it is still open and in date, and answers whose it was. One
 * statement, so two requests with the same token cannot both succeed.
 */
export async function claimInvitation(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .update(invitations)
    .set({ acceptedAt: now, tokenHash: null })
    .where(
      and(
        eq(invitations.tokenHash, tokenHash),
        isNull(invitations.acceptedAt),
        gt(invitations.expiresAt, now),
      ),
    )
    .returning({
      userId: invitations.userId,
      companyId: invitations.companyId,
      roleSlug: invitations.roleSlug,
      invitedByUserId: invitations.invitedByUserId,
    });
  return row;
}

/**
 * The person's other open invitations are settled with the one accepted: they have a password now, and their other
 * memberships already exist. Answers them, so each inviting company hears of it.
 */
export async function acceptOtherInvitations(db: DbOrTx, opts: { userId: string; now: Date }) {
  return db
    .update(invitations)
    .set({ acceptedAt: opts.now, tokenHash: null })
    .where(and(eq(invitations.userId, opts.userId), isNull(invitations.acceptedAt)))
    .returning({
      companyId: invitations.companyId,
      roleSlug: invitations.roleSlug,
      invitedByUserId: invitations.invitedByUserId,
    });
}

/** The invited person chose their password: it is set, and their address is verified (the link came to it). */
export async function setInvitedPassword(
  db: DbOrTx,
  opts: { userId: string; passwordHash: string; now: Date },
) {
  await db
    .update(users)
    .set({ passwordHash: opts.passwordHash, updatedAt: opts.now })
    .where(eq(users.id, opts.userId));
  await db
    .update(users)
    .set({ emailVerifiedAt: opts.now })
    .where(and(eq(users.id, opts.userId), isNull(users.emailVerifiedAt)));
}

/** A company's name and logo, for the mails it sends. */
export async function findCompanyLetterhead(db: DbOrTx, companyId: string) {
  const [row] = await db
    .select({ name: companies.name, logoUrl: companies.logoUrl })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row;
}

/** A user's full name, for "invited by". */
export async function findUserName(db: DbOrTx, userId: string | null) {
  const person = userId ? await findMailRecipient(db, userId) : undefined;
  return person ? `${person.firstname} ${person.lastname}` : null;
}

/** Who a mail about a person goes to. */
export async function findMailRecipient(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ email: users.email, firstname: users.firstname, lastname: users.lastname })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}
