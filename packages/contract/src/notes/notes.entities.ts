import { z } from 'zod';
import { IsoDateTimeSchema, NullableIsoDateTimeSchema, UuidSchema } from '../common.js';

/** Someone a note mentions (`@Name` in its text), by the name the company knows them by. */
export interface NoteMention {
  userUuid: string;
  name: string;
}

export const NoteMentionSchema = z.object({ userUuid: UuidSchema, name: z.string() });

export interface Note {
  uuid: string;
  noteableType: string;
  noteableUuid: string;
  noteCategorySlug: string;
  noteTypeSlug: string;
  message: string;
  createdByUserUuid: string;
  /** The author's name as the company sees it (added for display). */
  createdByName?: string;
  createdAt: string;
  updatedAt: string;
  parent_note_uuid: string | null;
  deleted_at: string | null;
  /** The people the note mentions (each was told, and can read it). */
  mentions?: NoteMention[];
  replies?: Note[];
}

export const NoteSchema: z.ZodType<Note> = z.lazy(() =>
  z.object({
    uuid: UuidSchema,
    noteableType: z.string(),
    noteableUuid: UuidSchema,
    noteCategorySlug: z.string(),
    noteTypeSlug: z.string(),
    message: z.string(),
    createdByUserUuid: UuidSchema,
    createdByName: z.string().optional(),
    createdAt: IsoDateTimeSchema,
    updatedAt: IsoDateTimeSchema,
    parent_note_uuid: UuidSchema.nullable(),
    deleted_at: NullableIsoDateTimeSchema,
    mentions: z.array(NoteMentionSchema).optional(),
    replies: z.array(NoteSchema).optional(),
  }),
);
// A schema that holds itself is referred to by name: the `Note` component of the OpenAPI document (decision 038).
z.globalRegistry.add(NoteSchema, { id: 'Note' });

/** Client-side pagination record built from Laravel `meta`. */
export const NotePaginationSchema = z.object({
  currentPage: z.number().int(),
  lastPage: z.number().int(),
  perPage: z.number().int(),
  totalItems: z.number().int(),
});
