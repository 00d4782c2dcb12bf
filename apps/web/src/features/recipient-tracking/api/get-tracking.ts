import { trackingCalls } from '@courier/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { isApiError } from '../../../lib/errors';
import { FINAL_FOR_RECIPIENT } from '../recipient-status';

/** How often the page looks again while the delivery is on its way (until the tracking stream). */
export const TRACKING_REFRESH_MS = 15_000;

/** GET /track/:token: public, no sign-in; a wrong token is a 404. */
export const getTracking = (token: string, signal?: AbortSignal) =>
  callApi(trackingCalls.getTracking, { params: { token }, signal, silent: true });

export function useTracking(token: string) {
  return useQuery({
    queryKey: ['tracking', token],
    queryFn: ({ signal }) => getTracking(token, signal),
    // A wrong link stays wrong; a network blip is tried again.
    retry: (count, error) => !isApiError(error, 404) && count < 2,
    refetchInterval: (query) =>
      query.state.data && !FINAL_FOR_RECIPIENT.includes(query.state.data.status)
        ? TRACKING_REFRESH_MS
        : false,
    refetchOnWindowFocus: true,
  });
}
