import { RESPONSE_CACHE_TIME_MS } from '@courier/contract/plain';
import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './errors';

/**
 * One client for the app. GET answers stay fresh for the spec's 5-minute response cache; only network failures
 * are retried (once), since a 4xx or 5xx answer will not change by asking again at once.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: RESPONSE_CACHE_TIME_MS,
        gcTime: RESPONSE_CACHE_TIME_MS * 2,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => failureCount < 1 && isApiError(error) && error.kind === 'network',
        // Ask even when the browser says it is offline: the service worker answers the driver's reads from its
        // cache (decision 021), and the access guard's session check must settle instead of pausing forever.
        networkMode: 'offlineFirst',
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
