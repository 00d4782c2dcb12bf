import { describe, expect, it } from 'vitest';
import { VersionedCache } from './versioned-cache.js';

describe('VersionedCache', () => {
  it('computes once per version, shares a computation in flight and recomputes for a newer version', async () => {
    const cache = new VersionedCache<string>();
    let calls = 0;
    const compute = (v: string) => async () => {
      calls += 1;
      await new Promise((r) => setTimeout(r, 5));
      return v;
    };
    const [a, b] = await Promise.all([cache.get('k', 1, compute('one')), cache.get('k', 1, compute('x'))]);
    expect([a, b, calls]).toEqual(['one', 'one', 1]);
    expect(await cache.get('k', 0, compute('older'))).toBe('one');
    expect(await cache.get('k', 2, compute('two'))).toBe('two');
    expect(calls).toBe(2);
  });

  it('forgets a failed computation and evicts the least recently used key', async () => {
    const cache = new VersionedCache<number>(2);
    await expect(cache.get('k', 1, () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('k', 1, () => Promise.resolve(1))).toBe(1);
    await cache.get('a', 1, () => Promise.resolve(2));
    await cache.get('b', 1, () => Promise.resolve(3));
    expect(await cache.get('k', 1, () => Promise.resolve(99))).toBe(99);
  });
});
