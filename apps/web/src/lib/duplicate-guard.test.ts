import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDuplicateGuard } from './duplicate-guard';

describe('duplicate guard', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  it('suppresses the same key within the window and allows it after', () => {
    const guard = createDuplicateGuard({ windowMs: 2000, maxEntries: 100 });
    expect(guard.shouldShow('a')).toBe(true);
    vi.advanceTimersByTime(1999);
    expect(guard.shouldShow('a')).toBe(false);
    expect(guard.shouldShow('b')).toBe(true);
    vi.advanceTimersByTime(1);
    expect(guard.shouldShow('a')).toBe(true);
  });

  it('keeps at most maxEntries keys, forgetting the oldest', () => {
    const guard = createDuplicateGuard({ windowMs: 2000, maxEntries: 3 });
    for (const key of ['a', 'b', 'c', 'd']) guard.shouldShow(key);
    expect(guard.size()).toBe(3);
    expect(guard.shouldShow('a')).toBe(true); // forgotten, so shown again
    expect(guard.shouldShow('d')).toBe(false);
  });
});
