import type { Auction } from '@courier/contract';
import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowRight, IconBolt } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatDateTime, formatDuration } from '../../../lib/delivery-format';
import { useLookup } from '../../../lib/lookups/get-lookup';
import { formatDistance } from '../../../lib/delivery-format';
import { areaLabel, formatVolume, formatWeight } from '../auction-format';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600}>
        {children}
      </Text>
    </div>
  );
}

function windowText(w: Auction['pickupWindow']): string {
  return w ? `${formatDateTime(w.from)} – ${formatDateTime(w.to)}` : 'Any time';
}

/** What a bidder knows of the route: areas, road distance and time, windows, parcels, the size asked. */
export function RouteSummary({ auction }: { auction: Auction }) {
  const sizes = useLookup('vehicleSizes');
  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="wrap" align="center">
        <Text fw={700}>{areaLabel(auction.pickup)}</Text>
        <IconArrowRight size={16} aria-label="to" />
        <Text fw={700}>{areaLabel(auction.dropoff)}</Text>
        {auction.urgency === 'hotshot' ? (
          <Badge color="orange" variant="filled" leftSection={<IconBolt size={12} />} tt="none">
            Hotshot
          </Badge>
        ) : (
          <Badge color="gray" variant="light" tt="none">
            Flexible
          </Badge>
        )}
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" verticalSpacing="xs">
        <Fact label="Distance">{formatDistance(auction.distanceM)}</Fact>
        <Fact label="Duration">{formatDuration(auction.durationS)}</Fact>
        <Fact label="Vehicle size">{sizes.labelOf(auction.vehicleSizeSlug)}</Fact>
        <Fact label="Parcels">
          {auction.parcels.count} · {formatVolume(auction.parcels.volumeCm3)} ·{' '}
          {formatWeight(auction.parcels.weightKg)}
        </Fact>
        <Fact label="Pickup window">{windowText(auction.pickupWindow)}</Fact>
        <Fact label="Dropoff window">{windowText(auction.dropoffWindow)}</Fact>
        <Fact label="Stops">{auction.stopCount}</Fact>
        <Fact label="Reserve">{auction.reserve ? auction.reserve.priceString : 'None'}</Fact>
      </SimpleGrid>
      {auction.notes ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {auction.notes}
        </Text>
      ) : null}
    </Stack>
  );
}
