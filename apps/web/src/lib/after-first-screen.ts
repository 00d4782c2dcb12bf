import type { QueryClient } from '@tanstack/react-query';

/** How often the reads in flight are looked at, and how many quiet looks in a row count as "settled". */
const CHECK_MS = 200;
const QUIET_CHECKS = 2;
/** Work that waits for the first screen still starts after this long, whatever the screen is doing. */
export const AFTER_FIRST_SCREEN_MAX_MS = 8_000;

interface Options {
  /** The app's query client: its reads in flight say whether the screen is still loading. */
  client: QueryClient;
  maxWaitMs?: number;
}

/**
 * Runs `task` once the first screen is up: the page has loaded and no read of the query client has been in flight
 * for a moment (two looks, 200 ms apart), or at the latest after `maxWaitMs`. For start-up work the screen does not
 * show (the lookup lists, the service worker's precache, the driver's write queue): a browser opens only six
 * connections to a host over HTTP/1.1, so thirty background requests sent at once hold back the screen's own reads
 * (decision 047). Answers a function that cancels a task not yet run.
 */
export function afterFirstScreen(
  task: () => void,
  { client, maxWaitMs = AFTER_FIRST_SCREEN_MAX_MS }: Options,
) {
  let done = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const started = Date.now();
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    task();
  };
  let quiet = 0;
  const look = () => {
    if (done) return;
    quiet = client.isFetching() === 0 ? quiet + 1 : 0;
    if (quiet >= QUIET_CHECKS || Date.now() - started >= maxWaitMs) run();
    else timer = setTimeout(look, CHECK_MS);
  };
  const begin = () => {
    timer = setTimeout(look, CHECK_MS);
  };
  if (typeof document === 'undefined' || document.readyState === 'complete') begin();
  else window.addEventListener('load', begin, { once: true });
  return () => {
    done = true;
    clearTimeout(timer);
    window.removeEventListener('load', begin);
  };
}
