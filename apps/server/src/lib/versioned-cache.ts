import { LRUCache } from 'lru-cache';

/**
 * Values computed once per key and data version: a caller that has read a newer version recomputes, concurrent
 * callers of one key share one computation, a failed computation is forgotten, and the least recently used keys
 * go first past `maxEntries`. The version comes from the database (a counter raised by triggers), so entries are
 * never older than what the caller has just read, whichever process wrote last.
 */
export class VersionedCache<V> {
  private readonly entries: LRUCache<string, { version: number; value: Promise<V> }>;

  constructor(maxEntries = 2_000) {
    this.entries = new LRUCache({ max: maxEntries });
  }

  get(key: string, version: number, compute: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && hit.version >= version) return hit.value;
    const entry = { version, value: compute() };
    this.entries.set(key, entry);
    entry.value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return entry.value;
  }
}
