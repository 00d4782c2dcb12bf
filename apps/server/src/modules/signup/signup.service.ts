import {
  SIGN_UP_EMAIL_TAKEN_MESSAGE,
  SLUG_TAKEN_MESSAGE,
  type SignUpBody,
  type User,
} from '@courier/contract';
import type { Db } from '../../db/client.js';
import { conflict, type FieldErrors } from '../../lib/app-error.js';
import { hashPassword } from '../../lib/password.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import {
  companySlugTaken,
  emailInUse,
  insertCompany,
  issueVerificationToken,
  loadUser,
  mailVerificationLink,
  startSession,
} from '../identity/index.js';
import type { MailQueue } from '../mail/index.js';
import { insertAccountWithRole } from '../memberships/index.js';

/** The body after the contract's schema (trimmed, e-mail lower-cased, country upper-cased). */
type SignUpInput = Omit<SignUpBody, 'passwordConfirmation'>;

export interface SignUpOptions {
  body: SignUpInput;
  previousSecret?: string | undefined;
  ip: string;
  userAgent?: string | undefined;
  sessionIdleMinutes: number;
  /** The verification link's mail leaves with the sign-up's commit (decision 055). */
  mail: MailQueue;
  appUrl: string;
}

function taken(errors: FieldErrors): never {
  throw conflict(Object.values(errors).flat()[0] ?? 'Already taken.', errors);
}

/**
 * Creates the company, its first admin and the admin's membership, starts the admin's session and makes the
 * e-mail verification link and its mail, in one transaction (decision 029): if any insert fails nothing remains. A slug or
 * address already taken is a 409 naming the field; both are checked first so the form can show both, and a
 * concurrent sign-up that slips past the check hits the unique indexes and gets the same answer.
 */
export async function signUp(db: Db, opts: SignUpOptions) {
  const { body } = opts;
  // Hashed before the transaction: scrypt takes a while and PGlite queues everything behind an open transaction.
  const passwordHash = await hashPassword(body.password);
  const errors: FieldErrors = {};
  if (await companySlugTaken(db, body.slug)) errors.slug = [SLUG_TAKEN_MESSAGE];
  // An address an account gave up less than a week ago is held for its undo (decision 056).
  if (await emailInUse(db, { email: body.email })) errors.email = [SIGN_UP_EMAIL_TAKEN_MESSAGE];
  if (Object.keys(errors).length > 0) taken(errors);

  try {
    const created = await db.transaction(async (tx) => {
      const companyId = await insertCompany(tx, {
        slug: body.slug,
        name: body.companyName,
        companyTypeSlug: body.companyTypeSlug,
        countryCode: body.countryCode,
      });
      const userId = await insertAccountWithRole(tx, {
        companyId,
        role: 'company-admin',
        email: body.email,
        firstname: body.firstname,
        lastname: body.lastname,
        passwordHash,
      });
      const sessionSecret = await startSession(tx, { ...opts, userId });
      const token = await issueVerificationToken(tx, { userId, email: body.email });
      await mailVerificationLink(tx, {
        to: body.email,
        firstname: body.firstname,
        token,
        mail: opts.mail,
        appUrl: opts.appUrl,
      });
      return { userId, sessionSecret };
    });
    const user: User = await loadUser(db, created.userId);
    return { ...created, user };
  } catch (err) {
    if (isUniqueViolation(err, 'companies_slug_unique')) taken({ slug: [SLUG_TAKEN_MESSAGE] });
    if (isUniqueViolation(err, 'users_email_lower_unique')) taken({ email: [SIGN_UP_EMAIL_TAKEN_MESSAGE] });
    throw err;
  }
}
