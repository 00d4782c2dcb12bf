import { mapCalls, type MapConfig } from '@courier/contract';
import { onlineManager, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const getMapConfig = (signal?: AbortSignal) =>
  callApi(mapCalls.getMapConfig, { signal, silent: true });

export const mapConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['map-config'] as const,
    queryFn: ({ signal }) => getMapConfig(signal),
    // Chosen at the server's start-up: one ask per page load is plenty.
    staleTime: Infinity,
    // Once, and only online: offline, a retry would wait for the network (the app's `offlineFirst`) and hold the map
    // at its skeleton, where the failure means the built-in map at once.
    retry: (failures) => failures < 1 && onlineManager.isOnline(),
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
