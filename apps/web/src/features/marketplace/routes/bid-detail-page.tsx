import type { Auction } from '@courier/contract';
import { Badge, Button, Card, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconFileDescription, IconSearchOff } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { AdminGate } from '../../../components/access/admin-gate';
import { useScopedCompanySlug } from '../../../components/access/company-scope';
import { EmptyState } from '../../../components/layout/empty-state';
import { PageHeader } from '../../../components/layout/page-header';
import { confirmDanger } from '../../../components/list/confirm';
import { QueryError } from '../../../components/list/query-error';
import { isApiError } from '../../../lib/errors';
import { useCurrentCompany } from '../../../lib/session/get-my-companies';
import { useAuction } from '../api/get-auction';
import { useMyAuctions } from '../api/get-my-auctions';
import { useWithdrawAuction } from '../api/withdraw-auction';
import { AUCTION_STATE_COLORS, AUCTION_STATE_LABELS } from '../auction-format';
import { AuctionTable } from '../components/auction-table';
import { AuctionTimeline } from '../components/auction-timeline';
import { Countdown } from '../components/countdown';
import { CourierBidPanel } from '../components/courier-bid-panel';
import { OwnerBids } from '../components/owner-bids';
import { RouteSummary } from '../components/route-summary';
import { DetailSection } from '../../../components/layout/detail-section';

function OwnerActions({ slug, auction }: { slug: string; auction: Auction }) {
  const withdraw = useWithdrawAuction(slug, auction.uuid);
  const undecided = auction.state === 'open' || auction.state === 'closed';
  return (
    <Group gap="xs">
      {auction.delivery ? (
        <Button variant="default" component={Link} to={`/DeliveryDetail/${auction.delivery.uuid}`}>
          Open the delivery
        </Button>
      ) : null}
      {undecided ? (
        <Button
          variant="light"
          color="red"
          loading={withdraw.isPending}
          onClick={() =>
            confirmDanger({
              title: 'Withdraw this auction?',
              message: `Bidding stops and ${auction.bidCount ?? 0} bidder(s) are told. The delivery stays yours, with no carrier.`,
              confirmLabel: 'Withdraw auction',
              onConfirm: () => withdraw.mutate(),
            })
          }
        >
          Withdraw auction
        </Button>
      ) : null}
    </Group>
  );
}

function AuctionDetail({ uuid }: { uuid: string }) {
  const slug = useScopedCompanySlug();
  const query = useAuction(slug, uuid);
  if (query.error) {
    if (isApiError(query.error, 404))
      return (
        <EmptyState
          icon={IconSearchOff}
          title="This auction is not open to you"
          description="It does not exist, or it closed before your company bid on it. Auctions you published or bid on stay on your bidding dashboard."
          action={{ label: 'Go to the bidding dashboard', to: '/BiddingDashboard' }}
        />
      );
    return <QueryError error={query.error} onRetry={query.refetch} title="Could not load the auction" />;
  }
  if (!query.data) {
    return (
      <Stack gap="md" aria-busy="true" aria-label="Loading">
        <Skeleton height={160} radius="lg" />
        <Skeleton height={220} radius="lg" />
      </Stack>
    );
  }
  const a = query.data;
  const owner = a.viewer === 'owner';
  return (
    <Stack gap="md">
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
            <div>
              <Title order={2} fz="xl" style={{ overflowWrap: 'anywhere' }}>
                {owner && a.delivery ? a.delivery.name : `Offered by ${a.shipper.name}`}
              </Title>
              {a.state === 'open' ? (
                <Text size="sm">
                  Bidding closes in <Countdown until={a.closesAt} />
                </Text>
              ) : null}
            </div>
            <Badge
              size="lg"
              variant="light"
              tt="none"
              color={AUCTION_STATE_COLORS[a.state]}
              data-testid="auction-state"
            >
              {AUCTION_STATE_LABELS[a.state]}
            </Badge>
          </Group>
          <RouteSummary auction={a} />
          {owner ? <OwnerActions slug={slug} auction={a} /> : null}
        </Stack>
      </Card>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          {owner ? (
            <DetailSection title={`Bids (${a.bidCount ?? 0} active)`}>
              <OwnerBids slug={slug} auction={a} />
            </DetailSection>
          ) : (
            <DetailSection title="Your bid">
              <CourierBidPanel slug={slug} auction={a} />
            </DetailSection>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <DetailSection title="Timeline">
            <AuctionTimeline auction={a} />
          </DetailSection>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** Without a uuid (the sidebar's link): the company's auctions or bids to pick from. */
function NoAuctionChosen() {
  const slug = useScopedCompanySlug();
  const { company } = useCurrentCompany();
  const side = company?.companyTypeSlug === 'shipper' ? 'owner' : 'bidder';
  const mine = useMyAuctions(slug, side, 1, 20);
  const action =
    side === 'bidder'
      ? { label: 'See open bids', to: '/BidsOpen' }
      : { label: 'Go to the bidding dashboard', to: '/BiddingDashboard' };
  if (mine.data && mine.data.data.length > 0) {
    return (
      <DetailSection
        title={side === 'owner' ? 'Your auctions: choose one' : 'Your bids: choose one'}
        action={
          <Button variant="light" size="xs" component={Link} to={action.to}>
            {action.label}
          </Button>
        }
      >
        <AuctionTable auctions={mine.data.data} side={side} />
      </DetailSection>
    );
  }
  if (mine.error) return <QueryError error={mine.error} onRetry={mine.refetch} />;
  if (!mine.data) return <Skeleton height={200} radius="lg" />;
  return (
    <EmptyState
      icon={IconFileDescription}
      title="No bid selected"
      description={
        side === 'owner'
          ? 'Offer a delivery for bids from its detail page; its bids are shown here.'
          : 'Open one of the deliveries offered for bidding to see it in full and place your bid.'
      }
      action={action}
    />
  );
}

/** /BidDetail?uuid= and /BIdDetail?uuid=: one auction in full, for its shipper or a courier. */
export default function BidDetailPage() {
  const [search] = useSearchParams();
  const uuid = search.get('uuid');
  return (
    <>
      <PageHeader title="Bid Detail" />
      <AdminGate what="see auctions and bids">
        {uuid ? <AuctionDetail key={uuid} uuid={uuid} /> : <NoAuctionChosen />}
      </AdminGate>
    </>
  );
}
