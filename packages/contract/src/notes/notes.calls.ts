import { z } from 'zod';
import { UuidSchema } from '../common.js';
import { LIMITS } from '../constants.js';
import { NoteSchema } from './notes.entities.js';
import { CompanyParamsSchema } from '../params.js';
import { defineCall } from '../api/define-call.js';

/** Records notes can be attached to; the plural is the path segment and the noteable type slug. */
export const NOTEABLE_TYPE_SLUGS = ['deliveries', 'vehicles', 'drivers', 'parcels', 'clients'] as const;
export type NoteableTypeSlug = (typeof NOTEABLE_TYPE_SLUGS)[number];
/** A top-level note or a reply to another note. */
export const NOTE_CATEGORY_SLUGS = ['note', 'reply'] as const;

/** Spec section 8, word for word (the success messages end with a full stop). */
export const NOTE_TEXTS = {
  created: { title: 'Note Created', message: 'Note successfully created.' },
  updated: { title: 'Note Updated', message: 'Note successfully updated.' },
  deleted: { title: 'Note Deleted', message: 'Note successfully deleted.' },
  noCompany: { name: 'Config Error', message: 'Company slug not found' },
  /** A failed note fetch: its error's name; its code is the status code. */
  fetchFailed: { name: 'API Error' },
} as const;

const MessageSchema = z
  .string()
  .trim()
  .min(1, 'Write a note.')
  .max(LIMITS.noteMessageMax, `A note is at most ${LIMITS.noteMessageMax} characters.`);

/**
 * The people a note mentions, by user uuid: each must be able to read the note (the server answers 422 on this field
 * otherwise) and is told by a `mention` notification, except the author.
 */
const MentionsSchema = z
  .array(UuidSchema)
  .max(LIMITS.noteMentionsMax, `A note mentions at most ${LIMITS.noteMentionsMax} people.`)
  .refine((ids) => new Set(ids).size === ids.length, 'Mention each person once.');

export const NoteableParamsSchema = CompanyParamsSchema.extend({
  noteableTypePlural: z.enum(NOTEABLE_TYPE_SLUGS),
  noteableUuid: UuidSchema,
});
export const NoteParamsSchema = CompanyParamsSchema.extend({ note_uuid: UuidSchema });

export const NoteListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(10),
  note_type: z.string().trim().max(64).optional(),
});
export type NoteListQuery = z.infer<typeof NoteListQuerySchema>;

export const CreateNoteBodySchema = z.object({
  noteableType: z.enum(NOTEABLE_TYPE_SLUGS, { error: 'Choose what the note is about.' }),
  noteableUuid: UuidSchema,
  noteTypeSlug: z.string().trim().min(1).max(64).default('general'),
  message: MessageSchema,
  parent_note_uuid: UuidSchema.nullish(),
  mentionedUserUuids: MentionsSchema.optional(),
});
export type CreateNoteBody = z.input<typeof CreateNoteBodySchema>;

export const UpdateNoteBodySchema = z.object({
  message: MessageSchema,
  noteTypeSlug: z.string().trim().min(1).max(64).optional(),
  /** The whole new list when given (absent: unchanged); only those newly added are told. */
  mentionedUserUuids: MentionsSchema.optional(),
});
export type UpdateNoteBody = z.infer<typeof UpdateNoteBodySchema>;

/** Someone who can read a record's notes, offered by the composer's `@` list. */
export const MentionableSchema = z.object({ userUuid: UuidSchema, name: z.string(), email: z.string() });
export type Mentionable = z.infer<typeof MentionableSchema>;

export const noteCalls = {
  listNotes: defineCall({
    method: 'GET',
    path: '/c/:companySlug/admin/notes/:noteableTypePlural/:noteableUuid',
    summary: 'Notes of a record, newest first, each with its replies flattened (oldest first)',
    params: NoteableParamsSchema,
    query: NoteListQuerySchema,
    data: z.array(NoteSchema),
    paginated: true,
  }),
  listMentionable: defineCall({
    method: 'GET',
    path: '/c/:companySlug/admin/notes/:noteableTypePlural/:noteableUuid/mentionable',
    summary: "The people who can read a record's notes, whom a note on it may mention",
    params: NoteableParamsSchema,
    data: z.array(MentionableSchema),
  }),
  createNote: defineCall({
    method: 'POST',
    path: '/c/:companySlug/admin/notes',
    summary: 'Write a note on a record, or a reply to a note',
    params: CompanyParamsSchema,
    body: CreateNoteBodySchema,
    data: NoteSchema,
    status: 201,
  }),
  getNote: defineCall({
    method: 'GET',
    path: '/c/:companySlug/admin/notes/:note_uuid',
    summary: 'One note with its replies',
    params: NoteParamsSchema,
    data: NoteSchema,
  }),
  updateNote: defineCall({
    method: 'PUT',
    path: '/c/:companySlug/admin/notes/:note_uuid',
    summary: 'Edit a note (its author or a company admin)',
    params: NoteParamsSchema,
    body: UpdateNoteBodySchema,
    data: NoteSchema,
  }),
  deleteNote: defineCall({
    method: 'DELETE',
    path: '/c/:companySlug/admin/notes/:note_uuid',
    summary: 'Delete a note and its replies (soft delete; its author or a company admin)',
    params: NoteParamsSchema,
    data: z.object({ uuid: UuidSchema, deleted: z.number().int().min(1) }),
  }),
};
