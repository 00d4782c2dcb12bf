import { noteCalls, NOTE_TEXTS, type NoteableTypeSlug } from '@courier/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callApiPage } from '../../../lib/api-client';
import { ApiError } from '../../../lib/errors';
import { noteKeys } from '../../../lib/note-keys';
import type { NotePage } from '../note-pages';

export const NOTES_PER_PAGE = 10;

/** Spec section 5: fetching notes needs a company slug; without one it fails as a "Config Error". */
export class ConfigError extends Error {
  override readonly name = NOTE_TEXTS.noCompany.name;
}

/**
 * Spec section 8: a failed note fetch is an error named "API Error" whose code is the status code. Still an
 * ApiError, so the screens show and retry it like any other failed load.
 */
export class NoteFetchError extends ApiError {
  override readonly name = NOTE_TEXTS.fetchFailed.name;
  /** The answer's status code; null when the server was not reached. */
  readonly code: number | null;
  constructor(error: ApiError) {
    super(error, { cause: error });
    this.code = error.statusCode;
  }
}

export interface NoteableRef {
  type: NoteableTypeSlug;
  uuid: string;
}

/** GET notes/:type/:uuid: one page of a record's notes, newest first, replies flattened under each. */
export function listNotes(
  slug: string | null,
  { type, uuid }: NoteableRef,
  page: number,
  noteType: string | null,
  signal?: AbortSignal,
): Promise<NotePage> {
  if (!slug) return Promise.reject(new ConfigError(NOTE_TEXTS.noCompany.message));
  return callApiPage(noteCalls.listNotes, {
    params: { companySlug: slug, noteableTypePlural: type, noteableUuid: uuid },
    query: { page, per_page: NOTES_PER_PAGE, note_type: noteType ?? undefined },
    signal,
    silent: true,
  }).catch((error: unknown) => {
    throw error instanceof ApiError ? new NoteFetchError(error) : error;
  });
}

export const notesQueryOptions = (slug: string, ref: NoteableRef, noteType: string | null) =>
  infiniteQueryOptions({
    queryKey: noteKeys.list(slug, ref.type, ref.uuid, noteType),
    queryFn: ({ pageParam, signal }) => listNotes(slug, ref, pageParam, noteType, signal),
    initialPageParam: 1,
    getNextPageParam: (last: NotePage) =>
      last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined,
  });

export function useNotes(slug: string, ref: NoteableRef, noteType: string | null) {
  return useInfiniteQuery(notesQueryOptions(slug, ref, noteType));
}
