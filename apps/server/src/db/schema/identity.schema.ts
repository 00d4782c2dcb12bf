import { sql } from 'drizzle-orm';
import { PLACE_STATUSES } from '@courier/contract';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, tstz, updatedAt } from './columns.js';
import { companyTypes, roles } from './lookups.schema.js';

export const companies = pgTable('companies', {
  id: id(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  logoUrl: text('logo_url'),
  /** The stored file behind logoUrl (no foreign key: stored_files already points at companies). */
  logoFileId: uuid('logo_file_id'),
  companyTypeSlug: text('company_type_slug')
    .notNull()
    .references(() => companyTypes.slug),
  /** The country the company works from, chosen at sign-up (decision 029); null for companies made before. */
  countryCode: text('country_code'),
  /** The IANA time zone its days are planned in (issue 35): a driver's shift of 08:00 is 08:00 there. */
  timeZone: text('time_zone').notNull().default('Europe/London'),
  /** Whether a new delivery it runs is put at once into the best driver's route (issue 35), opt-in. */
  autoAssign: boolean('auto_assign').notNull().default(false),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    emailVerifiedAt: tstz('email_verified_at'),
    imgUrl: text('img_url'),
    imgThumbUrl: text('img_thumb_url'),
    defaultCompanyId: uuid('default_company_id').references(() => companies.id, { onDelete: 'set null' }),
    isPlatformAdmin: boolean('is_platform_admin').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`)],
);

export const phoneNumbers = pgTable(
  'phone_numbers',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phoneNumber: text('phone_number').notNull(),
    phoneNumberType: text('phone_number_type').notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
    position: doublePrecision('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('phone_numbers_user_idx').on(t.userId)],
);

/** An address belongs to a company's directory or to a user. */
export const addresses = pgTable(
  'addresses',
  {
    id: id(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** A name for a directory address ("Main warehouse"). */
    label: text('label'),
    line1: text('line1').notNull(),
    line2: text('line2'),
    line3: text('line3'),
    city: text('city').notNull(),
    county: text('county'),
    postcode: text('postcode').notNull(),
    countryCode: text('country_code').notNull(),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    /**
     * Where the point comes from (decision 060): `pending` (the geocoding job places it), `placed`, `not_found`,
     * `manual` (a pin). A pending address is tried again at `place_retry_at` while the geocoder is unavailable.
     */
    placeStatus: text('place_status', { enum: PLACE_STATUSES }).notNull().default('pending'),
    placeAttempts: integer('place_attempts').notNull().default(0),
    placeRetryAt: tstz('place_retry_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('addresses_company_idx').on(t.companyId),
    index('addresses_user_idx').on(t.userId),
    // The geocoding job's work: the few addresses still waiting for a point.
    index('addresses_unplaced_idx')
      .on(t.placeRetryAt)
      .where(sql`${t.placeStatus} = 'pending'`),
  ],
);

/** A user's role in a company. A user may hold several roles in one company (admin and driver). */
export const companyMembers = pgTable(
  'company_members',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleSlug: text('role_slug')
      .notNull()
      .references(() => roles.slug),
    status: text('status').notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('company_members_unique').on(t.companyId, t.userId, t.roleSlug),
    index('company_members_user_idx').on(t.userId),
  ],
);

/**
 * Invitations to join a company (decision 032). The membership exists from the moment of the invitation; the
 * invitation is the one-time link for the new person to choose their password. Only the token's SHA-256 is kept,
 * and it is cleared once the invitation is accepted or replaced by a new one.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleSlug: text('role_slug')
      .notNull()
      .references(() => roles.slug),
    invitedByUserId: uuid('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').unique(),
    createdAt: createdAt(),
    expiresAt: tstz('expires_at').notNull(),
    acceptedAt: tstz('accepted_at'),
  },
  (t) => [
    index('invitations_company_user_idx').on(t.companyId, t.userId, t.createdAt),
    index('invitations_user_idx').on(t.userId),
  ],
);

/**
 * Browser sessions and API tokens. Only a SHA-256 hash of the secret is stored, so a database leak does not hand
 * out live sessions. Stored in the database so any number of server processes can serve one user.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    kind: text('kind').$type<'session' | 'token'>().notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastUsedAt: tstz('last_used_at').notNull().defaultNow(),
    expiresAt: tstz('expires_at').notNull(),
    /** Set by the lock screen (decision 030): the session answers 423 until the password is given again. */
    lockedAt: tstz('locked_at'),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId), index('auth_sessions_expires_idx').on(t.expiresAt)],
);

export const mailingListSubscribers = pgTable('mailing_list_subscribers', {
  id: id(),
  email: text('email').notNull().unique(),
  createdAt: createdAt(),
});

/**
 * Password reset links (decision 027). Only a SHA-256 hash of the link's token is kept. A row is an unused link: a
 * reset deletes it (with the user's other links) in the statement that claims it, so it works once; it works until
 * `expires_at`, and expired rows are swept with the sessions.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: tstz('expires_at').notNull(),
  },
  (t) => [
    index('password_reset_tokens_user_idx').on(t.userId, t.createdAt),
    index('password_reset_tokens_expires_idx').on(t.expiresAt),
  ],
);

/** Messages sent through the contact form of /ContactUs (issue 14); each is also mailed to the platform's mailbox. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    company: text('company').notNull().default(''),
    message: text('message').notNull(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);

/**
 * E-mail verification links (decision 029), kept like the password reset's: only a SHA-256 of the token, one row
 * per unused link, deleted by the statement that claims it. The address it was sent to is kept so a link cannot
 * verify an address the user changed to afterwards.
 */
export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: createdAt(),
    expiresAt: tstz('expires_at').notNull(),
  },
  (t) => [
    index('email_verification_tokens_user_idx').on(t.userId, t.createdAt),
    index('email_verification_tokens_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Changes of a user's sign-in e-mail (decision 056). A row is asked for with the current password and waits for
 * the new address's confirmation (`confirm_token_hash`, until `expires_at`: 24 hours); at most one waits per user.
 * Once confirmed, the address is changed and the row stays until `expires_at` (moved to 7 days on) so that the old
 * address can undo it. The old address's links (`cancel_token_hash` from the notice of the request,
 * `undo_token_hash` from the notice of the change) cancel or undo it; a confirmed row also holds the old address
 * for its user, so no other account can take it before the undo window ends. Tokens are kept as SHA-256 only;
 * expired rows are swept with the sessions.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    oldEmail: text('old_email').notNull(),
    newEmail: text('new_email').notNull(),
    /** The link mailed to the new address; cleared once it confirmed the change. */
    confirmTokenHash: text('confirm_token_hash').unique(),
    /** The link mailed to the old address when the change was asked for. */
    cancelTokenHash: text('cancel_token_hash').notNull().unique(),
    /** The link mailed to the old address once the change was made. */
    undoTokenHash: text('undo_token_hash').unique(),
    createdAt: createdAt(),
    expiresAt: tstz('expires_at').notNull(),
    confirmedAt: tstz('confirmed_at'),
  },
  (t) => [
    uniqueIndex('email_changes_one_pending_per_user')
      .on(t.userId)
      .where(sql`${t.confirmedAt} is null`),
    index('email_changes_user_idx').on(t.userId),
    index('email_changes_old_email_idx').on(sql`lower(${t.oldEmail})`),
    index('email_changes_expires_idx').on(t.expiresAt),
  ],
);
