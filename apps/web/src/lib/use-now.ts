import { useEffect, useState } from 'react';

/**
 * The time, moved on every `everyMs`: what a screen judges "stale" by, so a marker greys with the clock and not only
 * when new data arrives.
 */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
