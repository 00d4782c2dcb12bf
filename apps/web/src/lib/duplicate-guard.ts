/**
 * Remembers recently shown keys so an identical notification within `windowMs` is suppressed. The memory holds
 * at most `maxEntries` keys; the oldest go first.
 */
export interface DuplicateGuard {
  /** True when the key was not seen within the window; records it as seen now. */
  shouldShow(key: string): boolean;
  size(): number;
}

export function createDuplicateGuard(options: {
  windowMs: number;
  maxEntries: number;
  now?: () => number;
}): DuplicateGuard {
  const { windowMs, maxEntries, now = () => Date.now() } = options;
  const seen = new Map<string, number>();
  return {
    shouldShow(key) {
      const at = now();
      const last = seen.get(key);
      if (last !== undefined && at - last < windowMs) return false;
      seen.delete(key); // re-insert so Map order stays oldest-first
      seen.set(key, at);
      while (seen.size > maxEntries) {
        const oldest = seen.keys().next().value;
        if (oldest === undefined) break;
        seen.delete(oldest);
      }
      return true;
    },
    size: () => seen.size,
  };
}
