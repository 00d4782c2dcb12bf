import { mapCalls, type MapConfig } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const getMapConfig = (signal?: AbortSignal) =>
  callApi(mapCalls.getMapConfig, { signal, silent: true });

export const mapConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['map-config'] as const,
    queryFn: ({ signal }) => getMapConfig(signal),
    // Chosen at the server's start-up: one ask per page load is plenty.
    staleTime: Infinity,
    retry: 1,
  });

/**
 * Which base map to draw. Undefined while asking; the built-in map when the ask fails (offline, an older server), so
 * the map is never held up by it.
 */
export function useMapConfig(): { config: MapConfig | undefined } {
  const query = useQuery(mapConfigQueryOptions());
  return { config: query.isError ? BUILTIN_CONFIG : query.data };
}

const BUILTIN_CONFIG: MapConfig = { kind: 'builtin', attribution: 'Natural Earth' };
