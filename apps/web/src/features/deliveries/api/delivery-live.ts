import {
  deliveryCalls,
  LIVE_UNDER_WAY_STATUSES,
  POSITIONS,
  type DeliveryLive,
  type LocationHistoryPoint,
} from '@courier/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { callApi } from '../../../lib/api-client';
import { deliveryKeys } from '../../../lib/delivery-keys';
import { useLiveEvents, useLiveInvalidate } from '../../../lib/live';
import { addToTrack, trackPointOf } from '../../../components/delivery-map/map-data';

/** How often the ETA is asked again while positions stream in (it is computed on the server from the route). */
export const ETA_REFRESH_MS = 15_000;

const isUnderWay = (status: string) => (LIVE_UNDER_WAY_STATUSES as readonly string[]).includes(status);

/** GET delivery/eta: the driver's latest position and the ETA of a delivery under way. */
export const getDeliveryLive = (slug: string, deliveryUuid: string, signal?: AbortSignal) =>
  callApi(deliveryCalls.getDeliveryLive, {
    params: { companySlug: slug },
    query: { deliveryUuid },
    signal,
    silent: true,
  });

/** GET delivery/location: the travelled track, oldest first (the first page: the newest points follow live). */
export const listDeliveryTrack = (slug: string, deliveryUuid: string, signal?: AbortSignal) =>
  callApi(deliveryCalls.listLocations, {
    params: { companySlug: slug },
    query: { deliveryUuid, limit: POSITIONS.historyPageMax },
    signal,
    silent: true,
  });

/**
 * The driver of a delivery under way, live: the position and the track follow the stream's `position` events at
 * once (nothing is asked for them); the ETA is asked again at most every ETA_REFRESH_MS while they come.
 */
export function useDeliveryLive(slug: string, deliveryUuid: string, status: string) {
  const queryClient = useQueryClient();
  const invalidate = useLiveInvalidate();
  const underWay = isUnderWay(status);
  const liveKey = deliveryKeys.part(slug, deliveryUuid, 'live');
  const trackKey = deliveryKeys.part(slug, deliveryUuid, 'track');
  const live = useQuery({
    queryKey: liveKey,
    queryFn: ({ signal }) => getDeliveryLive(slug, deliveryUuid, signal),
    enabled: underWay,
  });
  const track = useQuery({
    queryKey: trackKey,
    queryFn: ({ signal }) => listDeliveryTrack(slug, deliveryUuid, signal),
    // A finished delivery's track can still be looked at; one not started has none.
    enabled: status !== 'created' && status !== 'scheduled' && status !== 'assigned',
  });
  const lastEtaAsk = useRef(0);
  useLiveEvents((signal) => {
    if (signal.kind !== 'event' || signal.event.type !== 'position') return;
    const data = signal.event.data;
    if (!data.deliveryUuids.includes(deliveryUuid)) return;
    const point = trackPointOf(signal.event, deliveryUuid);
    queryClient.setQueryData<LocationHistoryPoint[]>(trackKey, (old) => addToTrack(old, point));
    queryClient.setQueryData<DeliveryLive>(liveKey, (old) =>
      old && (!old.lastPosition || old.lastPosition.recordedAt < data.recordedAt)
        ? {
            ...old,
            lastPosition: {
              location: { lat: data.lat, lng: data.lng },
              recordedAt: data.recordedAt,
              heading: data.heading,
              driverFirstName: old.lastPosition?.driverFirstName ?? 'Driver',
            },
          }
        : old,
    );
    if (Date.now() - lastEtaAsk.current > ETA_REFRESH_MS) {
      lastEtaAsk.current = Date.now();
      // With the other live refetches of the moment (a status move asks the ETA too): once, never cancelling one.
      invalidate(liveKey, 'active', { exact: true });
    }
  });
  return { live, track, underWay };
}
