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

/**
 * Where the parcel is going and where the driver is, live: a map with the recipient's address (once placed) and the
 * driver while they are on their way to this recipient (the only time the server tells), with a sentence saying when
 * the driver will show — and no card at all at the door and after.
 */
export function DriverPosition({ tracking }: { tracking: PublicTracking }) {
  const position = tracking.driverPosition;
  const hint = position ? null : positionHint(tracking.status);
  if (!position && !hint) return null;
  const destination = tracking.dropoff?.location ?? null;
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="tracking-driver-card">
      <Title order={2} fz="lg" mb="sm">
        {position || !destination ? 'Where your driver is' : 'Where it is going'}
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
