import { Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconGavel, IconListSearch } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { AdminGate } from '../../../components/access/admin-gate';
import { useScopedCompanySlug } from '../../../components/access/company-scope';
import { EmptyState } from '../../../components/layout/empty-state';
import { PageHeader } from '../../../components/layout/page-header';
import { ListPagination } from '../../../components/list/list-pagination';
import { QueryError } from '../../../components/list/query-error';
import { useCurrentCompany } from '../../../lib/session/get-my-companies';
import { useBidStats } from '../api/get-bid-stats';
import { useMyAuctions } from '../api/get-my-auctions';
import { AuctionTable } from '../components/auction-table';

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz={26} fw={800} mt={4}>
        {children}
      </Text>
    </Card>
  );
}

function Loading() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Loading">
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={84} radius="lg" />
        ))}
      </SimpleGrid>
      <Skeleton height={220} radius="lg" />
    </Stack>
  );
}

/** A courier's bids: counts by state, win rate and this month's won revenue (from the server), then the list. */
function BidderDashboard({ slug }: { slug: string }) {
  const [page, setPage] = useState(1);
  const stats = useBidStats(slug);
  const mine = useMyAuctions(slug, 'bidder', page, 20);
  const error = stats.error ?? mine.error;
  if (error)
    return (
      <QueryError
        error={error}
        onRetry={() => void Promise.all([stats.refetch(), mine.refetch()])}
        title="Could not load your bids"
      />
    );
  if (!mine.data || !stats.data) return <Loading />;
  if (mine.data.meta.total === 0) {
    return (
      <EmptyState
        icon={IconGavel}
        title="No bids yet"
        description="Deliveries shippers offer for bidding are on the open bids screen; the bids you place and how each ended are tracked here."
        action={{ label: 'See open bids', to: '/BidsOpen' }}
      />
    );
  }
  const { byStatus, winRate, wonThisMonth } = stats.data;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, md: 3, lg: 6 }} spacing="sm">
        <Stat label="Active">{byStatus.active}</Stat>
        <Stat label="Won">{byStatus.won}</Stat>
        <Stat label="Lost">{byStatus.lost}</Stat>
        <Stat label="Withdrawn">{byStatus.withdrawn}</Stat>
        <Stat label="Win rate">{winRate === null ? '—' : `${Math.round(winRate * 100)}%`}</Stat>
        <Stat label="Won this month">
          {wonThisMonth.length === 0 ? '—' : wonThisMonth.map((m) => m.priceString).join(' + ')}
        </Stat>
      </SimpleGrid>
      <Card withBorder radius="lg" padding="lg" component="section" aria-label="My bids">
        <Group justify="space-between" mb="sm">
          <Title order={2} fz="md">
            My bids
          </Title>
          <Button
            size="xs"
            variant="light"
            component={Link}
            to="/BidsOpen"
            leftSection={<IconListSearch size={14} />}
          >
            Open bids
          </Button>
        </Group>
        <AuctionTable auctions={mine.data.data} side="bidder" />
        <ListPagination meta={mine.data.meta} onPage={setPage} />
      </Card>
    </Stack>
  );
}

/** A shipper's auctions with their bid counts, states and closing times. */
function OwnerDashboard({ slug }: { slug: string }) {
  const [page, setPage] = useState(1);
  const mine = useMyAuctions(slug, 'owner', page, 20);
  if (mine.error)
    return <QueryError error={mine.error} onRetry={mine.refetch} title="Could not load your auctions" />;
  if (!mine.data) return <Loading />;
  if (mine.data.data.length === 0) {
    return (
      <EmptyState
        icon={IconGavel}
        title="No deliveries offered yet"
        description="Offer a delivery for bids from its detail page (Offer for bids): courier companies bid, and you choose one to carry it."
        action={{ label: 'Go to the company dashboard', to: '/CompanyDashboard' }}
      />
    );
  }
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label="My auctions">
      <Title order={2} fz="md" mb="sm">
        My auctions
      </Title>
      <AuctionTable auctions={mine.data.data} side="owner" />
      <ListPagination meta={mine.data.meta} onPage={setPage} />
    </Card>
  );
}

function Dashboard() {
  const slug = useScopedCompanySlug();
  const { company, isPending } = useCurrentCompany();
  if (isPending) return <Loading />;
  return company?.companyTypeSlug === 'shipper' ? (
    <OwnerDashboard slug={slug} />
  ) : (
    <BidderDashboard slug={slug} />
  );
}

/** /BiddingDashboard: a courier's bids and results, or a shipper's auctions. */
export default function BiddingDashboardPage() {
  return (
    <>
      <PageHeader
        title="Bidding Dashboard"
        description="Sealed auctions between shippers and courier companies."
      />
      <AdminGate what="see the bidding dashboard">
        <Dashboard />
      </AdminGate>
    </>
  );
}
