import { noteCalls } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { noteKeys } from '../../../lib/note-keys';
import type { NoteableRef } from './list-notes';

/** GET notes/:type/:uuid/mentionable: the people who can read the record's notes (the composer's `@` list). */
export const mentionableQueryOptions = (slug: string, ref: NoteableRef) =>
  queryOptions({
    queryKey: noteKeys.mentionable(slug, ref.type, ref.uuid),
    queryFn: ({ signal }) =>
      callApi(noteCalls.listMentionable, {
        params: { companySlug: slug, noteableTypePlural: ref.type, noteableUuid: ref.uuid },
        signal,
        silent: true,
      }),
  });

export function useMentionable(slug: string, ref: NoteableRef) {
  return useQuery(mentionableQueryOptions(slug, ref));
}
