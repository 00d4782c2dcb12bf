import type { DeliveryLive } from '@courier/contract';
import { Group, Text } from '@mantine/core';
import { IconClock, IconNavigation, IconRoute } from '@tabler/icons-react';
import { formatDateTime, formatDistance } from '../../../lib/delivery-format';
import { isStale, type DriverMarker } from '../../../components/delivery-map/map-data';
import { formatTime } from '../../../lib/date-format';

/** The driver's marker for the map, from the live answer (null with no position). */
export function driverMarkerOf(live: DeliveryLive | undefined): DriverMarker | null {
  const last = live?.lastPosition;
  if (!last) return null;
  const stale = isStale(last.recordedAt);
  return {
    lat: last.location.lat,
    lng: last.location.lng,
    stale,
    heading: last.heading,
    label: `${last.driverFirstName}, ${stale ? 'last seen' : 'seen'} ${formatDateTime(last.recordedAt)}`,
  };
}

const time = formatTime;

/**
 * One line above the map: where the driver is and when they reach the next stop. Without a live position, a drawn
 * track says when it ends (never "no position" beside it).
 */
export function LiveDriverLine({
  live,
  trackEndedAt = null,
}: {
  live: DeliveryLive | undefined;
  /** When the travelled track's newest point was recorded, if the map draws one. */
  trackEndedAt?: string | null;
}) {
  const last = live?.lastPosition;
  const eta = live?.eta;
  if (!last && !eta && trackEndedAt) {
    return (
      <Group gap={6} wrap="nowrap" data-testid="live-driver">
        <IconRoute size={16} aria-hidden />
        <Text size="sm">The driver&apos;s route as travelled, last position at {time(trackEndedAt)}.</Text>
      </Group>
    );
  }
  if (!last && !eta) {
    return (
      <Text size="sm" c="dimmed" data-testid="live-driver">
        No position from the driver yet.
      </Text>
    );
  }
  return (
    <Group gap="lg" wrap="wrap" data-testid="live-driver">
      {last ? (
        <Group gap={6} wrap="nowrap">
          <IconNavigation size={16} aria-hidden />
          <Text size="sm">
            {last.driverFirstName} {isStale(last.recordedAt) ? 'last seen' : 'seen'} {time(last.recordedAt)}
          </Text>
        </Group>
      ) : null}
      {eta ? (
        <Group gap={6} wrap="nowrap">
          <IconClock size={16} aria-hidden />
          <Text size="sm" fw={700} data-testid="live-eta">
            {eta.arriving
              ? `Arriving at stop ${eta.nextStop.stepOrderNo}`
              : `Stop ${eta.nextStop.stepOrderNo} at ${time(eta.nextStop.arriveAt)} · ${formatDistance(eta.nextStop.distanceM)}`}
          </Text>
          {eta.remainingStops > 1 ? (
            <Text size="sm" c="dimmed">
              · last stop {time(eta.lastStop.arriveAt)}
            </Text>
          ) : null}
        </Group>
      ) : null}
    </Group>
  );
}
