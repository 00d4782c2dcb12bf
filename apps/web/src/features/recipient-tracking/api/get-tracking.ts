import { trackingCalls } from '@courier/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { isApiError } from '../../../lib/errors';
import { FINAL_FOR_RECIPIENT } from '../recipient-status';

/** How often the page looks again while the delivery is on its way and its stream is not open. */
export const TRACKING_REFRESH_MS = 15_000;

/** The cache key of a token's answer: the GET fills it, and so does each snapshot of the stream. */
export const trackingQueryKey = (token: string) => ['tracking', token] as const;

/** GET /track/:token: public, no sign-in; a wrong token is a 404. */
export const getTracking = (token: string, signal?: AbortSignal) =>
  callApi(trackingCalls.getTracking, { params: { token }, signal, silent: true });

/** The recipient's delivery; polled only while `streaming` is false (the stream brings every change itself). */
export function useTracking(token: string, { streaming }: { streaming: boolean }) {
  return useQuery({
    queryKey: trackingQueryKey(token),
    queryFn: ({ signal }) => getTracking(token, signal),
    // A wrong link stays wrong; a network blip is tried again.
    retry: (count, error) => !isApiError(error, 404) && count < 2,
    refetchInterval: (query) =>
      !streaming && query.state.data && !FINAL_FOR_RECIPIENT.includes(query.state.data.status)
        ? TRACKING_REFRESH_MS
        : false,
    refetchOnWindowFocus: true,
  });
}
