import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz, updatedAt } from './columns.js';
import { deliveries, deliverySteps, deliveryStepTasks } from './deliveries.schema.js';
import { storedFiles } from './fleet.schema.js';
import { companies, users } from './identity.schema.js';
import { documentTypes, noteableTypes, noteTypes } from './reference.schema.js';

/**
 * Notes on any record of a company (a delivery, vehicle, driver, parcel or client), keyed by the noteable type slug
 * and the record's id. Replies point at their parent and at the top-level note of their thread, so a page of notes
 * loads its replies flattened with one query. Deleting sets `deleted_at`.
 */
export const notes = pgTable(
  'notes',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    noteableTypeSlug: text('noteable_type_slug')
      .notNull()
      .references(() => noteableTypes.slug),
    noteableId: uuid('noteable_id').notNull(),
    noteTypeSlug: text('note_type_slug')
      .notNull()
      .references(() => noteTypes.slug),
    parentNoteId: uuid('parent_note_id').references((): AnyPgColumn => notes.id, { onDelete: 'cascade' }),
    threadNoteId: uuid('thread_note_id').references((): AnyPgColumn => notes.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    createdByUserId: uuid('created_by_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: tstz('deleted_at'),
  },
  (t) => [
    index('notes_noteable_idx')
      .on(t.companyId, t.noteableTypeSlug, t.noteableId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.parentNoteId} is null and ${t.deletedAt} is null`),
    index('notes_thread_idx').on(t.threadNoteId),
    index('notes_parent_idx').on(t.parentNoteId),
  ],
);

/**
 * The people a note mentions (`@Name` in its text): each could read the note when it was written and was told by a
 * `mention` notification. Kept by id, so a renamed user is still the one meant.
 */
export const noteMentions = pgTable(
  'note_mentions',
  {
    noteId: uuid('note_id')
      .notNull()
      .references(() => notes.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.noteId, t.userId] }), index('note_mentions_user_idx').on(t.userId)],
);

/** A file attached to a step task as proof (signature, photo, PDF). The bytes live in storage via `stored_files`. */
export const deliveryStepTaskProofs = pgTable(
  'delivery_step_task_proofs',
  {
    id: id(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    stepId: uuid('step_id')
      .notNull()
      .references(() => deliverySteps.id, { onDelete: 'cascade' }),
    taskId: uuid('task_id')
      .notNull()
      .references(() => deliveryStepTasks.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    proofTypeSlug: text('proof_type_slug').notNull(),
    documentTypeSlug: text('document_type_slug')
      .notNull()
      .references(() => documentTypes.slug),
    proofName: text('proof_name').notNull(),
    isChecked: boolean('is_checked').notNull().default(false),
    isValid: boolean('is_valid').notNull().default(true),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('delivery_step_task_proofs_delivery_idx').on(t.deliveryId, t.createdAt)],
);

/** Events a company puts on its delivery calendar itself (deliveries' own windows come from their schedule). */
export const calendarEvents = pgTable(
  'calendar_events',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    startAt: tstz('start_at').notNull(),
    endAt: tstz('end_at').notNull(),
    allDay: boolean('all_day').notNull().default(false),
    color: text('color'),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('calendar_events_company_range_idx').on(t.companyId, t.startAt, t.endAt)],
);
