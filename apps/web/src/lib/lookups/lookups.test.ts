import { LOOKUP_LIST_KEYS, type LookupEntry } from '@courier/contract';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lookupQueryKey, prefetchLookups, sortedEntries } from './get-lookup';
import { humanizeSlug } from './humanize-slug';

const entry = (slug: string, sortOrder: number, isActive = true): LookupEntry => ({
  uuid: '00000000-0000-4000-8000-000000000000',
  slug,
  name: humanizeSlug(slug),
  isActive,
  sortOrder,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

afterEach(() => vi.unstubAllGlobals());

describe('lookup lists', () => {
  it('loads every list at start-up, never more than three at a time, and not the ones already cached', async () => {
    let inFlight = 0;
    let most = 0;
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        asked.push(url);
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 1));
        inFlight -= 1;
        return new Response(JSON.stringify({}), { headers: { 'Content-Type': 'application/json' } });
      }),
    );
    const client = new QueryClient();
    const [cached, ...rest] = LOOKUP_LIST_KEYS;
    client.setQueryData(lookupQueryKey(cached!), {});
    await prefetchLookups(client, LOOKUP_LIST_KEYS);
    expect(most).toBe(3);
    expect(asked).toHaveLength(rest.length);
    expect(new Set(asked).size).toBe(rest.length);
    for (const key of rest) expect(client.getQueryData(lookupQueryKey(key))).toEqual({});
  });

  it('lists active entries by sort order, then name', () => {
    const map = {
      booked: entry('booked', 2),
      available: entry('available', 1),
      offline: entry('offline', 2),
      retired: entry('retired', 0, false),
    };
    expect(sortedEntries(map).map((e) => e.slug)).toEqual(['available', 'booked', 'offline']);
    expect(sortedEntries(undefined)).toEqual([]);
  });

  it('names a slug no list knows', () => {
    expect(humanizeSlug('on-delivery')).toBe('On delivery');
    expect(humanizeSlug('van_extra-large')).toBe('Van extra large');
    expect(humanizeSlug('')).toBe('');
  });
});
