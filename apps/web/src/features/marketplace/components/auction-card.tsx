import type { Auction } from '@courier/contract';
import { Badge, Button, Card, Divider, Group, Stack, Text } from '@mantine/core';
import { IconGavel } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDateTime, formatDistance } from '../../../lib/delivery-format';
import { areaLabel, BID_STATUS_COLORS, BID_STATUS_LABELS, formatWhen } from '../auction-format';
import { Countdown } from './countdown';
import { RouteSummary } from './route-summary';

/** One open auction on /BidsOpen: the route, the clock, my bid and the suggested price, and the Bid action. */
export function AuctionCard({ auction, onBid }: { auction: Auction; onBid: (auction: Auction) => void }) {
  const myBid = auction.myBid;
  const activeBid = myBid?.status === 'active' ? myBid : null;
  // Named by what tells it from another offer on the same route, not by its shipper alone.
  const name = `${areaLabel(auction.pickup)} to ${areaLabel(auction.dropoff)}, ${formatWhen(auction)}, from ${auction.shipper.name}`;
  return (
    <Card withBorder radius="lg" padding="md" component="article" aria-label={name}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" c="dimmed">
            {auction.shipper.name}
            {auction.fromDepotM !== null ? ` · ${formatDistance(auction.fromDepotM)} from your depot` : ''}
          </Text>
          <Text size="sm">
            Closes in <Countdown until={auction.closesAt} />{' '}
            <Text span size="xs" c="dimmed">
              ({formatDateTime(auction.closesAt)})
            </Text>
          </Text>
        </Group>
        <RouteSummary auction={auction} />
        <Divider />
        <Group justify="space-between" wrap="wrap" gap="sm" align="flex-end">
          <Group gap="lg" wrap="wrap">
            <div>
              <Text size="xs" c="dimmed">
                Suggested price
              </Text>
              {auction.suggested ? (
                <Group gap={6} wrap="nowrap">
                  <Text fw={700} data-testid="suggested-price">
                    {auction.suggested.price.priceString}
                  </Text>
                  <Badge
                    size="sm"
                    variant="light"
                    tt="none"
                    color={auction.suggested.band === 'local' ? 'teal' : 'grape'}
                  >
                    {auction.suggested.band === 'local' ? 'Local rates' : 'Outlying rates'}
                  </Badge>
                </Group>
              ) : (
                <Text size="sm" c="dimmed">
                  Set your depot and rates
                </Text>
              )}
            </div>
            <div>
              <Text size="xs" c="dimmed">
                My bid
              </Text>
              {myBid ? (
                <Group gap={6} wrap="nowrap">
                  <Text fw={700} data-testid="my-bid-price">
                    {myBid.price.priceString}
                  </Text>
                  <Badge size="sm" variant="light" tt="none" color={BID_STATUS_COLORS[myBid.status]}>
                    {BID_STATUS_LABELS[myBid.status]}
                  </Badge>
                </Group>
              ) : (
                <Text size="sm" c="dimmed">
                  None yet
                </Text>
              )}
            </div>
          </Group>
          <Group gap="xs">
            <Button variant="default" component={Link} to={`/BidDetail?uuid=${auction.uuid}`}>
              Details
            </Button>
            <Button leftSection={<IconGavel size={16} />} onClick={() => onBid(auction)}>
              {activeBid ? 'Revise bid' : 'Bid'}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
