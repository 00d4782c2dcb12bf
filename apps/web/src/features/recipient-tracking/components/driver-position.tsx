import type { PublicTracking } from '@courier/contract';
import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconNavigation } from '@tabler/icons-react';
import { lazy } from 'react';
import { MapSlot } from '../../../components/delivery-map/map-boundary';
import { isStale } from '../../../components/delivery-map/map-data';
import { positionHint } from '../recipient-status';
import { useNow } from '../../../lib/use-now';

// maplibre is about 300 kB gzip: loaded only once there is a driver to show.
const DriverMap = lazy(() => import('./driver-map'));

const MAP_HEIGHT = { phone: 260, wide: 320 };
/** The marker turns stale with the clock, not only with new data. */
const TICK_MS = 30_000;

const time = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

function LiveMap({
  position,
  firstName,
}: {
  position: NonNullable<PublicTracking['driverPosition']>;
  firstName: string | null;
}) {
  const now = useNow(TICK_MS);
  const stale = isStale(position.recordedAt, now);
  const seen = `${firstName ?? 'Your driver'} ${stale ? 'last seen' : 'seen'} at ${time(position.recordedAt)}`;
  const wide = useMediaQuery('(min-width: 36em)', false, { getInitialValueInEffect: false });
  const height = wide ? MAP_HEIGHT.wide : MAP_HEIGHT.phone;
  return (
    <Stack gap="xs">
      <MapSlot height={height} message="The map cannot be shown in this browser.">
        {(config) => (
          <DriverMap config={config} position={position} stale={stale} label={seen} height={height} />
        )}
      </MapSlot>
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
    </Stack>
  );
}

/**
 * Where the driver is, live: a map centred on them while they are on their way to this recipient (the only time the
 * server tells), otherwise a sentence saying when it will show — and no card at all at the door and after.
 */
export function DriverPosition({ tracking }: { tracking: PublicTracking }) {
  const hint = tracking.driverPosition ? null : positionHint(tracking.status);
  if (!tracking.driverPosition && !hint) return null;
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="tracking-driver-card">
      <Title order={2} fz="lg" mb="sm">
        Where your driver is
      </Title>
      {tracking.driverPosition ? (
        <LiveMap position={tracking.driverPosition} firstName={tracking.driverFirstName} />
      ) : (
        <Text size="sm" c="dimmed" data-testid="tracking-map-hint">
          {hint}
        </Text>
      )}
    </Card>
  );
}
