import type { NoteableTypeSlug } from '@courier/contract';

/**
 * Query keys of notes, shared by every screen that mounts the notes panel (deliveries, vehicles, drivers): a
 * write invalidates or edits the lists through these keys, never by strings.
 */
export const noteKeys = {
  all: (slug: string) => ['notes', slug] as const,
  of: (slug: string, type: NoteableTypeSlug, uuid: string) => [...noteKeys.all(slug), type, uuid] as const,
  list: (slug: string, type: NoteableTypeSlug, uuid: string, noteType: string | null) =>
    [...noteKeys.of(slug, type, uuid), 'list', noteType ?? 'any'] as const,
  // Beside the record's lists, not under `of`: the lists' writes edit every query under `of` as note pages.
  mentionable: (slug: string, type: NoteableTypeSlug, uuid: string) =>
    [...noteKeys.all(slug), 'mentionable', type, uuid] as const,
};
