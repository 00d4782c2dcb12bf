import { ADMIN_STREAM_PATH, DRIVER_STREAM_PATH, buildPath } from '@courier/contract';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { afterNextPaint } from '../use-after-paint';
import { applyLiveSignal, type DriverCacheKeys } from './apply-live-event';
import { InvalidationBatch, type InvalidationOptions } from './invalidation-batch';
import { LiveStream, type LiveListener, type LiveStreamOptions } from './live-stream';

const LiveStreamContext = createContext<LiveStream | null>(null);
const LiveBatchContext = createContext<InvalidationBatch | null>(null);

/** The stream of this tab: the company's admin stream for an admin, the driver's own for a driver-only user. */
export function liveStreamUrl(opts: { slug: string | null; admin: boolean; driver: boolean }): string | null {
  if (opts.admin && opts.slug) return `/api/v1${buildPath(ADMIN_STREAM_PATH, { companySlug: opts.slug })}`;
  if (opts.driver) return `/api/v1${DRIVER_STREAM_PATH}`;
  return null;
}

/**
 * Opens one stream for the signed-in tab (none while `url` is null), applies its events to the query caches, and
 * shares it with `useLiveEvents`. Mounted once, in the signed-in shell.
 */
export function LiveStreamProvider({
  url,
  slug,
  driverKeys,
  options,
  children,
}: {
  url: string | null;
  slug: string | null;
  driverKeys?: DriverCacheKeys;
  options?: LiveStreamOptions;
  children?: ReactNode;
}) {
  const queryClient = useQueryClient();
  const [stream, setStream] = useState<LiveStream | null>(null);
  const scope = useRef({ slug, driver: driverKeys });
  useEffect(() => {
    scope.current = { slug, driver: driverKeys };
  }, [slug, driverKeys]);
  const optionsRef = useRef(options);
  // One batch for the tab: the events' invalidations and the screens' own live ones (useLiveInvalidate) are sent
  // together, so a burst asks each query once.
  const batch = useMemo(() => new InvalidationBatch(queryClient), [queryClient]);
  useEffect(() => () => batch.flush(), [batch]);

  useEffect(() => {
    if (!url) return;
    const s = new LiveStream(url, optionsRef.current);
    const off = s.subscribe((signal) => applyLiveSignal(queryClient, batch, scope.current, signal));
    // The stream opens once the first screen has painted: it is not part of what the screen first shows (decision 052).
    const cancelStart = afterNextPaint(() => s.start());
    setStream(s);
    return () => {
      cancelStart();
      off();
      s.stop();
      batch.flush();
      setStream(null);
    };
  }, [url, queryClient, batch]);

  return (
    <LiveStreamContext.Provider value={stream}>
      <LiveBatchContext.Provider value={batch}>{children}</LiveBatchContext.Provider>
    </LiveStreamContext.Provider>
  );
}

/**
 * Invalidates a query because of a live event, through the tab's batch: sent with the events' own invalidations,
 * once per key for a burst, never cancelling a fetch in flight (decision 062). Without a provider it invalidates at
 * once, still without cancelling.
 */
export function useLiveInvalidate(): (
  key: QueryKey,
  mode?: 'active' | 'stale',
  options?: InvalidationOptions,
) => void {
  const batch = useContext(LiveBatchContext);
  const queryClient = useQueryClient();
  return useCallback(
    (key, mode = 'active', options = {}) => {
      if (batch) batch.add(key, mode, options);
      else
        void queryClient.invalidateQueries(
          {
            queryKey: key,
            exact: options.exact ?? false,
            refetchType: mode === 'active' ? 'active' : 'none',
          },
          { cancelRefetch: false },
        );
    },
    [batch, queryClient],
  );
}

/**
 * Calls `handler` with every event of the tab's stream (and `{ kind: 'reset' }` when the client was too far behind),
 * for what caches do not hold: a map's markers, a toast. The latest handler is used; no resubscription per render.
 */
export function useLiveEvents(handler: LiveListener): void {
  const stream = useContext(LiveStreamContext);
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => stream?.subscribe((signal) => latest.current(signal)), [stream]);
}

/** The tab's stream itself (null when none is open), for a status indicator. */
export function useLiveStream(): LiveStream | null {
  return useContext(LiveStreamContext);
}

/**
 * Whether the tab's stream delivers events now (false with no stream): a screen that follows something live polls
 * only while this is false.
 */
export function useLiveConnected(): boolean {
  const stream = useContext(LiveStreamContext);
  const subscribe = useCallback(
    (onChange: () => void) => stream?.onConnectionChange(onChange) ?? (() => undefined),
    [stream],
  );
  return useSyncExternalStore(subscribe, () => stream?.connected ?? false);
}

export const useLiveStreamUrl = (slug: string | null, admin: boolean, driver: boolean) =>
  useMemo(() => liveStreamUrl({ slug, admin, driver }), [slug, admin, driver]);
