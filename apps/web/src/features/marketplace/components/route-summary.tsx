import type { Auction } from '@courier/contract';
import { Badge, Group, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import {
  IconArrowRight,
  IconBolt,
  IconCalendarTime,
  IconPackage,
  IconRoute,
  IconTruck,
  type Icon,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatDuration } from '../../../lib/delivery-format';
import { useLookup } from '../../../lib/lookups/get-lookup';
import { areaLabel, auctionGist, auctionWhen, formatVolume, formatWindow } from '../auction-format';

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

/** One fact of the gist: an icon, its words, and its name for a screen reader. */
function GistItem({ icon: ItemIcon, label, children }: { icon: Icon; label: string; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" miw={0}>
      <ItemIcon size={16} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        <VisuallyHidden>{label}: </VisuallyHidden>
        {children}
      </Text>
    </Group>
  );
}

/**
 * What a bidder knows of the route: the areas, then what tells this offer from another on the same route (when, the
 * load, the size asked, the road distance: issue 33), then the rest (duration, the other window, volume, stops,
 * reserve). The gist wraps item by item on a phone; the grid goes to two columns.
 */
export function RouteSummary({ auction }: { auction: Auction }) {
  const sizes = useLookup('vehicleSizes');
  const gist = auctionGist(auction, sizes.labelOf(auction.vehicleSizeSlug));
  // The gist gives the pickup's window when there is one; the dropoff's then has its own line.
  const otherWindow = auctionWhen(auction)?.label === 'Pickup' ? auction.dropoffWindow : undefined;
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
      <Group gap="md" wrap="wrap" style={{ rowGap: 6 }} data-testid="auction-gist">
        <GistItem icon={IconCalendarTime} label="When">
          {gist.when}
        </GistItem>
        <GistItem icon={IconPackage} label="Load">
          {gist.load}
        </GistItem>
        <GistItem icon={IconTruck} label="Vehicle size">
          {gist.size}
        </GistItem>
        <GistItem icon={IconRoute} label="Road distance">
          {gist.distance}
        </GistItem>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" verticalSpacing="xs">
        <Fact label="Duration">{formatDuration(auction.durationS)}</Fact>
        {otherWindow !== undefined ? (
          <Fact label="Dropoff window">{otherWindow ? formatWindow(otherWindow) : 'Any time'}</Fact>
        ) : null}
        <Fact label="Volume">{formatVolume(auction.parcels.volumeCm3)}</Fact>
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
