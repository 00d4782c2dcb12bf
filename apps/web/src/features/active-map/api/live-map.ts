import {
  deliveryCalls,
  liveMapCalls,
  POSITIONS,
  type LiveMap,
  type LocationHistoryPoint,
} from '@courier/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { deliveryKeys } from '../../../lib/delivery-keys';
import { useLiveConnected, useLiveEvents } from '../../../lib/live';
import { addToTrack, trackPointOf } from '../../../components/delivery-map/map-data';
import { applyPosition } from '../active-map';

/** While the live stream is down, the map is asked again this often. */
export const MAP_POLL_MS = 20_000;

export const getLiveMap = (slug: string, signal?: AbortSignal) =>
  callApi(liveMapCalls.getLiveMap, { params: { companySlug: slug }, signal, silent: true });

/**
 * The active deliveries map. Positions come from the stream's `position` events straight into the answer; a status
 * or an assignment refetches it (lib/live); a reset of the stream refetches it with every delivery query. It is polled
 * only while the stream is down.
 */
export function useLiveMap(slug: string) {
  const queryClient = useQueryClient();
  const connected = useLiveConnected();
  const key = deliveryKeys.liveMap(slug);
  useLiveEvents((signal) => {
    if (signal.kind !== 'event' || signal.event.type !== 'position') return;
    const data = signal.event.data;
    queryClient.setQueryData<LiveMap>(key, (old) => applyPosition(old, data));
  });
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => getLiveMap(slug, signal),
    refetchInterval: connected ? false : MAP_POLL_MS,
  });
}

/** The selected delivery's travelled track, oldest first; new points follow the stream. */
export function useSelectedTrack(slug: string, deliveryUuid: string | null) {
  const queryClient = useQueryClient();
  // The delivery's own track key (the detail's too): refetched with that delivery's changes, not every delivery's.
  const key = deliveryKeys.part(slug, deliveryUuid ?? '', 'track');
  useLiveEvents((signal) => {
    if (!deliveryUuid || signal.kind !== 'event' || signal.event.type !== 'position') return;
    if (!signal.event.data.deliveryUuids.includes(deliveryUuid)) return;
    const point = trackPointOf(signal.event, deliveryUuid);
    queryClient.setQueryData<LocationHistoryPoint[]>(key, (old) => addToTrack(old, point));
  });
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      callApi(deliveryCalls.listLocations, {
        params: { companySlug: slug },
        query: { deliveryUuid: deliveryUuid!, limit: POSITIONS.historyPageMax },
        signal,
        silent: true,
      }),
    enabled: deliveryUuid !== null,
  });
}

/** The selected delivery's ETA (computed on the server from the route), asked again now and then while selected. */
export function useSelectedEta(slug: string, deliveryUuid: string | null, underWay: boolean) {
  return useQuery({
    queryKey: deliveryKeys.part(slug, deliveryUuid ?? '', 'live'),
    queryFn: ({ signal }) =>
      callApi(deliveryCalls.getDeliveryLive, {
        params: { companySlug: slug },
        query: { deliveryUuid: deliveryUuid! },
        signal,
        silent: true,
      }),
    enabled: deliveryUuid !== null && underWay,
    refetchInterval: 15_000,
  });
}
