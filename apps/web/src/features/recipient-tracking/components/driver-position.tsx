import type { PublicTracking } from '@courier/contract';
import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconNavigation } from '@tabler/icons-react';
import { lazy } from 'react';
import { MapSlot } from '../../../components/delivery-map/map-boundary';
import { isStale } from '../../../components/delivery-map/map-data';
import { positionHint } from '../recipient-status';
import { useNow } from '../../../lib/use-now';
import { formatTime } from '../../../lib/date-format';

// maplibre is about 300 kB gzip: loaded only once there is a place or a driver to show.
const DriverMap = lazy(() => import('./driver-map'));

const MAP_HEIGHT = { phone: 260, wide: 320 };
/** The marker turns stale with the clock, not only with new data. */
const TICK_MS = 30_000;

const time = formatTime;

function LiveMap({
  position,
  destination,
  firstName,
  hint,
}: {
  position: PublicTracking['driverPosition'];
  destination: { lat: number; lng: number } | null;
  firstName: string | null;
  hint: string | null;
}) {
  const now = useNow(TICK_MS);
  const stale = position ? isStale(position.recordedAt, now) : false;
  const seen = position
    ? `${firstName ?? 'Your driver'} ${stale ? 'last seen' : 'seen'} at ${time(position.recordedAt)}`
    : '';
  const wide = useMediaQuery('(min-width: 36em)', false, { getInitialValueInEffect: false });
  const height = wide ? MAP_HEIGHT.wide : MAP_HEIGHT.phone;
  return (
    <Stack gap="xs">
      <MapSlot height={height} message="The map cannot be shown in this browser.">
        {(config) => (
          <DriverMap
            config={config}
            position={position}
            destination={destination}
            stale={stale}
            label={seen}
            height={height}
          />
        )}
      </MapSlot>
      {position ? (
        <Group gap={6} wrap="nowrap">
          <IconNavigation size={16} aria-hidden />
          <Text
            size="sm"
            c={stale ? 'dimmed' : undefined}
            data-testid="tracking-position"
            data-stale={stale || undefined}
          >
            {seen}
            {stale ? '. No newer position yet.' : ''}
          </Text>
        </Group>
      ) : hint ? (
        <Text size="sm" c="dimmed" data-testid="tracking-map-hint">
          {hint}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Where the parcel went is not worth a map once it will not come (cancelled, or on its way back). */
const NO_PLACE: readonly string[] = ['cancelled', 'returned'];
const DELIVERED: readonly string[] = ['delivered', 'completed'];

function titleOf(tracking: PublicTracking, destination: unknown): string {
  if (tracking.driverPosition || !destination) return 'Where your driver is';
  return DELIVERED.includes(tracking.status) ? 'Where it was delivered' : 'Where it is going';
}

/**
 * Where the parcel is going and where the driver is, live: a map with the recipient's address (once placed, until
 * the parcel is there) and the driver while they are on their way to this recipient (the only time the server tells),
 * with a sentence saying when the driver will show; no card for a delivery cancelled or returned, nor without a place.
 */
export function DriverPosition({ tracking }: { tracking: PublicTracking }) {
  const position = tracking.driverPosition;
  const hint = position ? null : positionHint(tracking.status);
  const destination = NO_PLACE.includes(tracking.status) ? null : (tracking.dropoff?.location ?? null);
  if (!position && !hint && !destination) return null;
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="tracking-driver-card">
      <Title order={2} fz="lg" mb="sm">
        {titleOf(tracking, destination)}
      </Title>
      {position || destination ? (
        <LiveMap
          position={position}
          destination={destination}
          firstName={tracking.driverFirstName}
          hint={hint}
        />
      ) : (
        <Text size="sm" c="dimmed" data-testid="tracking-map-hint">
          {hint}
        </Text>
      )}
    </Card>
  );
}
