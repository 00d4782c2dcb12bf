import { NOTIFICATION_KINDS } from '@courier/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz } from './columns.js';
import { companies, users } from './identity.schema.js';

/** The contract's kinds, as the check constraints list them (a new kind needs a migration: drizzle-kit sees it). */
const KINDS = sql.raw(`(${NOTIFICATION_KINDS.map((k) => `'${k}'`).join(', ')})`);

/**
 * A user's notifications (issue 14, decision 028): written in the transaction of the change that caused them (with
 * its event), one row per recipient; `read_at` null while unread.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    link: text('link'),
    /** What a notification made by a sweep is about (`late:<delivery>`): one per user, however often it runs. */
    dedupeKey: text('dedupe_key'),
    readAt: tstz('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('notifications_unread_idx')
      .on(t.userId, t.createdAt.desc())
      .where(sql`${t.readAt} is null`),
    uniqueIndex('notifications_dedupe_unique')
      .on(t.userId, t.dedupeKey)
      .where(sql`${t.dedupeKey} is not null`),
    check('notifications_kind_check', sql`${t.kind} in ${KINDS}`),
  ],
);

/** A user's choice per kind; a kind with no row is on in the app and off by e-mail. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    inApp: boolean('in_app').notNull(),
    email: boolean('email').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    check('notification_preferences_kind_check', sql`${t.kind} in ${KINDS}`),
  ],
);

/**
 * Notifications waiting to be e-mailed (decision 055): written in the transaction of the change that made them, and
 * taken (deleted) by the `notifications.send-mail` job in the transaction that sends their mails. An outbox: a
 * notification's e-mail is sent exactly when its change commits, whatever the process does next.
 */
export const notificationMails = pgTable(
  'notification_mails',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    message: text('message').notNull(),
    link: text('link'),
    createdAt: createdAt(),
  },
  (t) => [index('notification_mails_created_idx').on(t.createdAt, t.id)],
);
