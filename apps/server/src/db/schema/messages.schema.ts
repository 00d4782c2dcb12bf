import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz } from './columns.js';
import { deliveries } from './deliveries.schema.js';
import { storedFiles } from './fleet.schema.js';
import { companies, users } from './identity.schema.js';

/**
 * The inbox (decision 031). A conversation belongs to one company (`company_id`) and is between its participants,
 * or it is a delivery's thread (`delivery_id`, at most one per delivery; `company_id` is the delivery's owner),
 * between the admins of the delivery's owner and carrier, whoever they are at the time.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    deliveryId: uuid('delivery_id').references(() => deliveries.id, { onDelete: 'cascade' }),
    /** Null for a delivery's thread: it is called by the delivery's name. */
    subject: text('subject'),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastMessageAt: tstz('last_message_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_delivery_unique')
      .on(t.deliveryId)
      .where(sql`${t.deliveryId} is not null`),
    index('conversations_company_idx').on(t.companyId, t.lastMessageAt.desc()),
  ],
);

/**
 * Who is in a company conversation, and how far each person has read (any conversation: in a delivery's thread a
 * row is made the first time an admin reads or writes in it).
 */
export const conversationParticipants = pgTable(
  'conversation_participants',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The company the person acts for in it. */
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    lastReadAt: tstz('last_read_at'),
    joinedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index('conversation_participants_user_idx').on(t.userId),
  ],
);

export const conversationMessages = pgTable(
  'conversation_messages',
  {
    id: id(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The company the author wrote for (a delivery's thread has two). */
    authorCompanyId: uuid('author_company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('conversation_messages_conversation_idx').on(t.conversationId, t.createdAt.desc(), t.id.desc()),
  ],
);

/** A message's files, kept through the documents' storage (`stored_files`). */
export const messageAttachments = pgTable(
  'message_attachments',
  {
    id: id(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => conversationMessages.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The file's place among the message's files, as they were sent. */
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('message_attachments_message_idx').on(t.messageId)],
);
