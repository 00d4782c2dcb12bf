import { lookupCalls, type LookupEntry, type LookupListKey, type LookupMap } from '@courier/contract';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { useDeferredValue, useMemo } from 'react';
import { callApi } from '../api-client';
import { humanizeSlug } from './humanize-slug';
import { lookupsRootKey } from './lookup-keys';

export { lookupsRootKey };
export const lookupQueryKey = (key: LookupListKey) => [...lookupsRootKey, key] as const;

/**
 * GET /api/v1/type/...: one lookup list, keyed by slug. Lookups change with migrations only, so one load per
 * session is enough (spec section 4 "Start-up loads"); sign-out clears the cache with everything else.
 */
export const getLookup = (key: LookupListKey, signal?: AbortSignal) =>
  callApi(lookupCalls[key], { signal, silent: true });

export const lookupQueryOptions = (key: LookupListKey) =>
  queryOptions({
    queryKey: lookupQueryKey(key),
    queryFn: ({ signal }) => getLookup(key, signal),
    staleTime: Infinity,
    gcTime: Infinity,
  });

/** How many lookup lists the start-up load asks for at a time. */
export const LOOKUP_PREFETCH_CONCURRENCY = 3;

/**
 * Start-up: every lookup list in the background, a few at a time, each next one asked as one arrives. Thirty asked in
 * one go made one long task of the main thread (each request costs about a millisecond to send on a phone) and held
 * every connection the browser allows to the host (decision 050). Lists already cached are not asked again. Answers
 * once all have settled (a failure is left to the screen that needs the list).
 */
export async function prefetchLookups(
  client: QueryClient,
  keys: readonly LookupListKey[],
  concurrency = LOOKUP_PREFETCH_CONCURRENCY,
): Promise<void> {
  const queue = [...keys];
  const worker = async () => {
    for (let key = queue.shift(); key !== undefined; key = queue.shift())
      await client.prefetchQuery(lookupQueryOptions(key));
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
}

export interface LookupOption {
  value: string;
  label: string;
}

/** Active entries in their sort order, then by name. */
export function sortedEntries(map: LookupMap | undefined): LookupEntry[] {
  return Object.values(map ?? {})
    .filter((entry) => entry.isActive)
    .sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name));
}

/** One lookup list for selects and labels; a slug the list does not know is shown humanised. */
export function useLookup(key: LookupListKey) {
  const query = useQuery(lookupQueryOptions(key));
  // A list that arrives while the screen shows is drawn in a deferred render, in slices, not in the synchronous render
  // its arrival causes (decision 052): its labels read humanised slugs until then. The answer is the same object in
  // that synchronous render, so a memoised part of the screen that takes it is not drawn again there.
  const data = useDeferredValue(query.data);
  const { error, refetch } = query;
  return useMemo(() => {
    const entries = sortedEntries(data);
    return {
      isPending: data === undefined && error === null,
      error,
      refetch,
      map: data ?? {},
      entries,
      options: entries.map((entry): LookupOption => ({ value: entry.slug, label: entry.name })),
      labelOf: (slug: string | null | undefined): string =>
        slug ? (data?.[slug]?.name ?? humanizeSlug(slug)) : '',
    };
  }, [data, error, refetch]);
}

/** What `useLookup` answers. */
export type LookupList = ReturnType<typeof useLookup>;
