import type { LookupEntry } from '@courier/contract';
import { describe, expect, it } from 'vitest';
import { sortedEntries } from './get-lookup';
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

describe('lookup lists', () => {
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
