import type { Auction } from '@courier/contract';
import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconGavel, IconTrophy } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { confirmDanger } from '../../../components/list/confirm';
import { formatDateTime } from '../../../lib/delivery-format';
import { useLookup } from '../../../lib/lookups/get-lookup';
import { useWithdrawMyBid } from '../api/withdraw-my-bid';
import { BID_STATUS_COLORS, BID_STATUS_LABELS } from '../auction-format';
import { BidFormModal } from './bid-form-modal';

/** A courier's side of one auction: its own bid with revise and withdraw while open, then won or lost. */
export function CourierBidPanel({ slug, auction }: { slug: string; auction: Auction }) {
  const [editing, setEditing] = useState(false);
  const withdraw = useWithdrawMyBid(slug, auction.uuid);
  const sizes = useLookup('vehicleSizes');
  const bid = auction.myBid;
  const open = auction.state === 'open';
  const won = bid?.status === 'won';

  return (
    <Stack gap="sm">
      {won ? (
        <Alert color="teal" variant="light" icon={<IconTrophy size={18} />} title="You won this delivery">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">You carry it now: assign one of your vehicles and drivers on the delivery.</Text>
            {auction.delivery ? (
              <Button component={Link} to={`/DeliveryDetail/${auction.delivery.uuid}`} size="xs" color="teal">
                Open the delivery
              </Button>
            ) : (
              // Not named yet (the award's answer before the carrier's lists refresh): it is among our deliveries.
              <Button component={Link} to="/CompanyDashboard" size="xs" color="teal">
                Find it in your deliveries
              </Button>
            )}
          </Stack>
        </Alert>
      ) : bid?.status === 'lost' ? (
        <Alert color="gray" variant="light" title="Another courier won">
          The shipper accepted another bid.
        </Alert>
      ) : auction.state === 'withdrawn' ? (
        <Alert color="gray" variant="light" title="Withdrawn by the shipper">
          This delivery is no longer offered.
        </Alert>
      ) : !open && bid?.status === 'active' ? (
        <Alert color="yellow" variant="light" title="Bidding has closed">
          The shipper is choosing; you will be told the outcome.
        </Alert>
      ) : null}

      {bid ? (
        <Stack gap={4}>
          <Group gap="xs">
            <Text fz={24} fw={800} data-testid="my-bid-price">
              {bid.price.priceString}
            </Text>
            <Badge variant="light" tt="none" color={BID_STATUS_COLORS[bid.status]}>
              {BID_STATUS_LABELS[bid.status]}
            </Badge>
          </Group>
          <Text size="sm">
            {sizes.labelOf(bid.vehicleSizeSlug)} · pickup {formatDateTime(bid.pickupEta)}
          </Text>
          {bid.note ? (
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {bid.note}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            Last changed {formatDateTime(bid.updatedAt)}
          </Text>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {open ? 'You have not bid on this delivery.' : 'You did not bid on this delivery.'}
        </Text>
      )}

      {auction.suggested && open ? (
        <Text size="sm">
          Suggested price: <b>{auction.suggested.price.priceString}</b> ({auction.suggested.band} rates)
        </Text>
      ) : null}

      {open ? (
        <Group gap="xs">
          <Button leftSection={<IconGavel size={16} />} onClick={() => setEditing(true)}>
            {bid?.status === 'active' ? 'Revise bid' : 'Bid'}
          </Button>
          {bid?.status === 'active' ? (
            <Button
              variant="light"
              color="red"
              loading={withdraw.isPending}
              onClick={() =>
                confirmDanger({
                  title: 'Withdraw your bid?',
                  message: 'The shipper will no longer see it. You can bid again while the auction is open.',
                  confirmLabel: 'Withdraw bid',
                  onConfirm: () => withdraw.mutate(),
                })
              }
            >
              Withdraw bid
            </Button>
          ) : null}
        </Group>
      ) : null}
      {editing ? <BidFormModal slug={slug} auction={auction} onClose={() => setEditing(false)} /> : null}
    </Stack>
  );
}
