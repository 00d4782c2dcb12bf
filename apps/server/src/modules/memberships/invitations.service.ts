import {
  INVITATION,
  INVITATION_BAD_TOKEN_MESSAGE,
  INVITATION_PATH,
  type AcceptInvitationBody,
  type CompanyRoleSlug,
  type Invitation,
} from '@courier/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import { conflict, notFound, unprocessable } from '../../lib/app-error.js';
import { hashPassword } from '../../lib/password.js';
import { hashSecret, newSecret } from '../../lib/secure-token.js';
import { loadUser, startSession } from '../identity/index.js';
import { recordEvents, type NewLiveEvent } from '../live/index.js';
import { addedToCompanyMail, invitationMail, letterhead, type MailQueue } from '../mail/index.js';
import {
  acceptOtherInvitations,
  claimInvitation,
  findCompanyLetterhead,
  findInvitationByToken,
  findMailRecipient,
  findOpenInvitation,
  findUserName,
  replaceInvitation,
  setInvitedPassword,
} from './invitations.queries.js';

/** How mail leaves (a job in the writing transaction, decision 055) and where its links send people. */
export interface MailSetup {
  mail: MailQueue;
  appUrl: string;
}

/** What a grant of a role mails: an invitation's link, or word that a known person was added. */
export type GrantMail =
  | {
      kind: 'invitation';
      token: string;
      userId: string;
      companyId: string;
      role: CompanyRoleSlug;
      invitedByUserId: string | null;
    }
  | {
      kind: 'added';
      userId: string;
      companyId: string;
      role: CompanyRoleSlug;
      invitedByUserId: string | null;
    };

const absolute = (appUrl: string, path: string) => `${appUrl.replace(/\/+$/, '')}${path}`;

/**
 * Makes an invitation of the company for the person in the caller's transaction (decision 032) and answers its
 * token; only the token's SHA-256 is kept, and an older open link of the same company stops working.
 */
export async function issueInvitation(
  tx: DbOrTx,
  opts: {
    companyId: string;
    userId: string;
    role: CompanyRoleSlug;
    invitedByUserId: string | null;
    now?: Date;
  },
): Promise<string> {
  const now = opts.now ?? new Date();
  const token = newSecret();
  await replaceInvitation(tx, {
    companyId: opts.companyId,
    userId: opts.userId,
    roleSlug: opts.role,
    invitedByUserId: opts.invitedByUserId,
    tokenHash: hashSecret(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + INVITATION.validDays * 86_400_000),
  });
  return token;
}

/**
 * Sends, in the grant's transaction, what it mails: the invitation's link, headed by the company's name and logo, or
 * the news. The mail leaves once the grant commits, and a failing SMTP server only delays it (decision 055).
 */
export async function sendGrantMail(tx: DbOrTx, mail: GrantMail, setup: MailSetup): Promise<void> {
  const person = await findMailRecipient(tx, mail.userId);
  const company = await findCompanyLetterhead(tx, mail.companyId);
  const invitedBy = await findUserName(tx, mail.invitedByUserId);
  if (!person || !company) return;
  const heading = letterhead(company, setup.appUrl);
  const role = mail.role === 'driver' ? 'driver' : 'company-admin';
  await setup.mail.send(
    tx,
    mail.kind === 'invitation'
      ? invitationMail({
          to: person.email,
          firstname: person.firstname,
          company: heading,
          role,
          invitedBy,
          link: absolute(setup.appUrl, `${INVITATION_PATH}?token=${encodeURIComponent(mail.token)}`),
          validDays: INVITATION.validDays,
        })
      : addedToCompanyMail({
          to: person.email,
          firstname: person.firstname,
          company: heading,
          role,
          invitedBy,
          signInUrl: absolute(setup.appUrl, '/login'),
        }),
  );
}

/** What an invitation's link is for; 422 on the token when it is unknown, used or expired. */
export async function readInvitation(db: DbOrTx, token: string, now = new Date()): Promise<Invitation> {
  const row = await findInvitationByToken(db, hashSecret(token), now);
  if (!row) throw unprocessable({ token: [INVITATION_BAD_TOKEN_MESSAGE] });
  return {
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    companyName: row.companyName,
    companyLogoUrl: row.companyLogoUrl,
    roleSlug: row.roleSlug === 'driver' ? 'driver' : 'company-admin',
    invitedBy: await findUserName(db, row.invitedByUserId),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/**
 * Accepts an invitation, once: the person's password is set, their address verified, their other open invitations
 * settled, each inviting company's admins told live (its inviter by a notification), and a session started.
 */
export async function acceptInvitation(
  db: Db,
  opts: {
    body: AcceptInvitationBody;
    previousSecret?: string | undefined;
    ip: string;
    userAgent?: string | undefined;
    sessionIdleMinutes: number;
  },
) {
  // Hashed before the transaction: scrypt takes a while and PGlite queues everything behind an open transaction.
  const passwordHash = await hashPassword(opts.body.password);
  const now = new Date();
  const { userId, sessionSecret } = await db.transaction(async (tx) => {
    const claimed = await claimInvitation(tx, hashSecret(opts.body.token), now);
    if (!claimed) throw unprocessable({ token: [INVITATION_BAD_TOKEN_MESSAGE] });
    await setInvitedPassword(tx, { userId: claimed.userId, passwordHash, now });
    const others = await acceptOtherInvitations(tx, { userId: claimed.userId, now });
    const person = await findMailRecipient(tx, claimed.userId);
    const name = person ? `${person.firstname} ${person.lastname}` : '';
    await recordEvents(
      tx,
      [claimed, ...others].map((inv): NewLiveEvent => ({
        type: 'member.joined',
        data: {
          userUuid: claimed.userId,
          name,
          roleSlug: inv.roleSlug,
          invitedByUuid: inv.invitedByUserId,
          at: now.toISOString(),
        },
        audience: { companyId: inv.companyId, driverUserIds: [] },
        actorUserId: claimed.userId,
      })),
    );
    const secret = await startSession(tx, {
      userId: claimed.userId,
      previousSecret: opts.previousSecret,
      ip: opts.ip,
      userAgent: opts.userAgent,
      sessionIdleMinutes: opts.sessionIdleMinutes,
    });
    return { userId: claimed.userId, sessionSecret: secret };
  });
  return { user: await loadUser(db, userId), sessionSecret };
}

/**
 * A new link for a person of the company who has not chosen a password yet; the old link stops working. 404 when the
 * company has no open invitation for them, 409 when one was sent less than a minute ago.
 */
export async function resendInvitation(
  db: Db,
  opts: { companyId: string; userId: string; invitedByUserId: string | null; mail: MailSetup; now?: Date },
) {
  const now = opts.now ?? new Date();
  return db.transaction(async (tx) => {
    const open = await findOpenInvitation(tx, opts);
    if (!open) throw notFound('Invitation');
    if (now.getTime() - open.createdAt.getTime() < INVITATION.resendAfterSeconds * 1000)
      throw conflict('An invitation was sent less than a minute ago. Wait a moment before sending another.');
    const role: CompanyRoleSlug = open.roleSlug === 'driver' ? 'driver' : 'company-admin';
    const token = await issueInvitation(tx, {
      companyId: opts.companyId,
      userId: opts.userId,
      invitedByUserId: opts.invitedByUserId,
      role,
      now,
    });
    const mail: GrantMail = {
      kind: 'invitation',
      token,
      role,
      userId: opts.userId,
      companyId: opts.companyId,
      invitedByUserId: opts.invitedByUserId,
    };
    await sendGrantMail(tx, mail, opts.mail);
    return {
      mail,
      pending: {
        sentAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + INVITATION.validDays * 86_400_000).toISOString(),
      },
    };
  });
}
