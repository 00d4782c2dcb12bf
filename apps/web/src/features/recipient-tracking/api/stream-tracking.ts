import {
  buildPath,
  PublicTrackingSchema,
  TRACKING_STREAM_EVENT,
  TRACKING_STREAM_PATH,
  type PublicTracking,
} from '@courier/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { EventSourceLike } from '../../../lib/live';
import { trackingQueryKey } from './get-tracking';

/** GET /track/:token/stream (Server-Sent Events): the page's answer again after each change. */
export const trackingStreamUrl = (token: string) => `/api/v1${buildPath(TRACKING_STREAM_PATH, { token })}`;

const CLOSED = 2;
/** Reopening a stream the browser gave up on (an error answer, the network gone too long): 5 s, doubling to a minute. */
const RETRY_FIRST_MS = 5_000;
const RETRY_MAX_MS = 60_000;

export interface TrackingStreamHandlers {
  onSnapshot: (tracking: PublicTracking) => void;
  /** Open: snapshots come; not open (before, or between connections): the page polls instead. */
  onOpenChange: (open: boolean) => void;
}

/**
 * Follows the stream until the returned function is called. While the connection drops the browser reconnects by
 * itself (each new connection starts with the current snapshot: nothing to catch up); when it gives up, a new
 * EventSource is opened after a backoff. A message this build cannot read is ignored.
 */
export function followTracking(
  url: string,
  handlers: TrackingStreamHandlers,
  create: (url: string) => EventSourceLike = (u) => new EventSource(u),
): () => void {
  let source: EventSourceLike | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempts = 0;
  let stopped = false;
  const open = () => {
    const s = create(url);
    source = s;
    s.onopen = () => {
      attempts = 0;
      handlers.onOpenChange(true);
    };
    s.onerror = () => {
      handlers.onOpenChange(false);
      if (s.readyState !== CLOSED || stopped) return;
      s.close();
      timer = setTimeout(open, Math.min(RETRY_FIRST_MS * 2 ** attempts++, RETRY_MAX_MS));
    };
    s.addEventListener(TRACKING_STREAM_EVENT, (ev) => {
      let data: unknown;
      try {
        data = JSON.parse(ev.data);
      } catch {
        return;
      }
      const parsed = PublicTrackingSchema.safeParse(data);
      if (parsed.success) handlers.onSnapshot(parsed.data);
    });
  };
  open();
  return () => {
    stopped = true;
    clearTimeout(timer);
    if (!source) return;
    source.onopen = null;
    source.onerror = null;
    source.close();
  };
}

/**
 * Puts each snapshot of the token's stream into the tracking query's cache while `enabled` (the page turns it off
 * for a wrong link and once nothing changes any more), and tells `onOpenChange` whether it is open (the page polls
 * while it is not).
 */
export function useTrackingStream(
  token: string,
  enabled: boolean,
  onOpenChange: (open: boolean) => void,
): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    // No EventSource (an old browser, a test environment): the page polls.
    if (!enabled || typeof EventSource === 'undefined') return;
    const stop = followTracking(trackingStreamUrl(token), {
      onSnapshot: (tracking) => queryClient.setQueryData(trackingQueryKey(token), tracking),
      onOpenChange,
    });
    return () => {
      stop();
      onOpenChange(false);
    };
  }, [token, enabled, queryClient, onOpenChange]);
}
