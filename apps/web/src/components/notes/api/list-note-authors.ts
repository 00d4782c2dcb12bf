import { adminUserCalls, displayName } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { noteKeys } from '../../../lib/note-keys';

/** GET user: the company's members by uuid, to name each note's author. */
export const listNoteAuthors = async (
  slug: string,
  signal?: AbortSignal,
): Promise<Record<string, string>> => {
  const users = await callApi(adminUserCalls.listUsers, {
    params: { companySlug: slug },
    signal,
    silent: true,
  });
  return Object.fromEntries(Object.values(users).map((u) => [u.uuid, displayName(u)]));
};

export const noteAuthorsQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: noteKeys.authors(slug),
    queryFn: ({ signal }) => listNoteAuthors(slug, signal),
    staleTime: 5 * 60_000,
  });

export function useNoteAuthors(slug: string) {
  return useQuery(noteAuthorsQueryOptions(slug));
}
