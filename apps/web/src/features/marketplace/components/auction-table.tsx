import type { Auction } from '@courier/contract';
import { Anchor, Badge, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/delivery-format';
import { useLookup } from '../../../lib/lookups/get-lookup';
import {
  areaLabel,
  auctionGistLine,
  AUCTION_STATE_COLORS,
  AUCTION_STATE_LABELS,
  BID_STATUS_COLORS,
  BID_STATUS_LABELS,
} from '../auction-format';
import { Countdown } from './countdown';

/** My auctions (the shipper's, with bid counts) or the ones I bid on (with my bid), each linking to its detail. */
export function AuctionTable({ auctions, side }: { auctions: readonly Auction[]; side: 'owner' | 'bidder' }) {
  const sizes = useLookup('vehicleSizes');
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Route</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>Closes</Table.Th>
            <Table.Th>{side === 'owner' ? 'Bids' : 'My bid'}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {auctions.map((a) => (
            <Table.Tr key={a.uuid}>
              <Table.Td>
                <Anchor component={Link} to={`/BidDetail?uuid=${a.uuid}`} fw={600}>
                  {side === 'owner' && a.delivery
                    ? a.delivery.name
                    : `${areaLabel(a.pickup)} → ${areaLabel(a.dropoff)}`}
                </Anchor>
                {side === 'owner' ? (
                  <Text size="xs" c="dimmed">
                    {areaLabel(a.pickup)} → {areaLabel(a.dropoff)}
                  </Text>
                ) : (
                  <Text size="xs" c="dimmed">
                    {a.shipper.name}
                  </Text>
                )}
                {/* Two offers on the same route read apart by when, the load, the size and the distance. */}
                <Text size="xs" c="dimmed">
                  {auctionGistLine(a, sizes.labelOf(a.vehicleSizeSlug))}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge variant="light" tt="none" color={AUCTION_STATE_COLORS[a.state]}>
                  {AUCTION_STATE_LABELS[a.state]}
                </Badge>
              </Table.Td>
              <Table.Td>
                {a.state === 'open' ? (
                  <Text size="sm">
                    in <Countdown until={a.closesAt} size="sm" />
                  </Text>
                ) : (
                  <Text size="sm" c="dimmed">
                    {formatDateTime(a.closesAt)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {side === 'owner' ? (
                  <Text size="sm" fw={600}>
                    {a.bidCount ?? 0}
                  </Text>
                ) : a.myBid ? (
                  <Text size="sm">
                    <b>{a.myBid.price.priceString}</b>{' '}
                    <Badge size="sm" variant="light" tt="none" color={BID_STATUS_COLORS[a.myBid.status]}>
                      {BID_STATUS_LABELS[a.myBid.status]}
                    </Badge>
                  </Text>
                ) : (
                  '—'
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
