import type { Auction, OwnerBid } from '@courier/contract';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCheck, IconFileCertificate, IconStarFilled } from '@tabler/icons-react';
import { confirmAction } from '../../../components/list/confirm';
import { formatDateTime } from '../../../lib/delivery-format';
import { useLookup } from '../../../lib/lookups/get-lookup';
import { useAwardAuction } from '../api/award-auction';
import { BID_STATUS_COLORS, BID_STATUS_LABELS } from '../auction-format';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function BidCard({
  bid,
  canAward,
  pending,
  onAward,
}: {
  bid: OwnerBid;
  canAward: boolean;
  pending: boolean;
  onAward: (bid: OwnerBid) => void;
}) {
  const sizes = useLookup('vehicleSizes');
  const { rating, accreditation } = bid.bidder;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={`Bid from ${bid.bidder.name}`}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {bid.bidder.name}
          </Text>
          <Badge variant="light" tt="none" color={BID_STATUS_COLORS[bid.status]} style={{ flexShrink: 0 }}>
            {BID_STATUS_LABELS[bid.status]}
          </Badge>
        </Group>
        <Text fz={24} fw={800}>
          {bid.price.priceString}
        </Text>
        <Text size="sm">
          {sizes.labelOf(bid.vehicleSizeSlug)} · pickup {formatDateTime(bid.pickupEta)}
        </Text>
        {bid.note ? (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            “{bid.note}”
          </Text>
        ) : null}
        <Group gap="md" wrap="wrap">
          <Group gap={4} wrap="nowrap">
            <IconStarFilled size={14} color="var(--mantine-color-yellow-6)" aria-hidden />
            <Text size="sm">
              {rating.average === null ? 'No ratings yet' : `${rating.average.toFixed(1)} (${rating.count})`}
            </Text>
          </Group>
          <Text size="sm">{plural(bid.bidder.completedJobs, 'completed job')}</Text>
          <Group gap={4} wrap="nowrap" data-testid="bidder-accreditation">
            <IconFileCertificate size={14} aria-hidden />
            <Text size="sm">
              {accreditation.drivers === 0
                ? 'No drivers on record'
                : `${plural(accreditation.drivers, 'driver')}: ${accreditation.licensed} licensed, ${accreditation.insured} insured`}
              {accreditation.documents > 0 ? ` · ${plural(accreditation.documents, 'document')} on file` : ''}
              {accreditation.expiring > 0 ? (
                <Text span c="orange" size="sm">
                  {' '}
                  · {accreditation.expiring} expired or expiring soon
                </Text>
              ) : null}
            </Text>
          </Group>
        </Group>
        {canAward && bid.status === 'active' ? (
          <Button
            mt="xs"
            leftSection={<IconCheck size={16} />}
            loading={pending}
            onClick={() => onAward(bid)}
          >
            Accept
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}

/** The shipper's view of the bids, cheapest first, side by side; Accept asks first. */
export function OwnerBids({ slug, auction }: { slug: string; auction: Auction }) {
  const award = useAwardAuction(slug, auction.uuid);
  const bids = auction.bids ?? [];
  const canAward = auction.state === 'open' || auction.state === 'closed';
  const onAward = (bid: OwnerBid) =>
    confirmAction({
      title: 'Accept this bid?',
      message: `${bid.bidder.name} will carry this delivery for ${bid.price.priceString}. Every other bid is turned down and the auction ends. This cannot be undone.`,
      confirmLabel: 'Accept bid',
      onConfirm: () => award.mutate(bid.uuid),
    });
  if (bids.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {canAward
          ? 'No bids yet. Couriers are told when they match; bids show here as they arrive.'
          : 'No bids were placed.'}
      </Text>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md">
      {bids.map((bid) => (
        <BidCard key={bid.uuid} bid={bid} canAward={canAward} pending={award.isPending} onAward={onAward} />
      ))}
    </SimpleGrid>
  );
}
