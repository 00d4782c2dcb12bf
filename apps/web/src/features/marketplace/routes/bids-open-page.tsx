import type { Auction } from '@courier/contract';
import { Skeleton, Stack } from '@mantine/core';
import { IconListSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { AdminGate } from '../../../components/access/admin-gate';
import { useScopedCompanySlug } from '../../../components/access/company-scope';
import { EmptyState } from '../../../components/layout/empty-state';
import { PageHeader } from '../../../components/layout/page-header';
import { ListPagination } from '../../../components/list/list-pagination';
import { QueryError } from '../../../components/list/query-error';
import { isApiError } from '../../../lib/errors';
import { useCurrentCompany } from '../../../lib/session/get-my-companies';
import { useOpenAuctions } from '../api/get-open-auctions';
import { openAuctionQuery } from '../auction-format';
import { AuctionCard } from '../components/auction-card';
import { BidFormModal } from '../components/bid-form-modal';
import { CourierOnly } from '../components/courier-only';
import { OpenAuctionFilters } from '../components/open-auction-filters';
import { useOpenAuctionParams } from '../hooks/use-open-auction-params';

const PER_PAGE = 20;

function OpenAuctions() {
  const slug = useScopedCompanySlug();
  const { params, update, hasFilters, clearFilters } = useOpenAuctionParams();
  const list = useOpenAuctions(slug, openAuctionQuery(params, PER_PAGE));
  // The auction being bid on; the list's copy, so a live refresh does not reset the open form.
  const [bidding, setBidding] = useState<Auction | null>(null);

  if (isApiError(list.error, 403)) return <CourierOnly what="Open bids" />;
  return (
    <>
      <OpenAuctionFilters
        params={params}
        update={update}
        hasFilters={hasFilters}
        clearFilters={clearFilters}
      />
      {list.data ? (
        list.data.data.length === 0 ? (
          <EmptyState
            icon={IconListSearch}
            title={hasFilters ? 'No open bids match these filters' : 'No deliveries are open for bidding'}
            description={
              hasFilters
                ? 'Widen the filters to see more of the deliveries shippers have put up for auction.'
                : 'Deliveries that shippers put up for auction show here with their route, parcels and closing time. New ones appear as they are published.'
            }
            action={hasFilters ? { label: 'Clear filters', onClick: clearFilters } : undefined}
          />
        ) : (
          <Stack gap="md" aria-busy={list.isPlaceholderData}>
            {list.data.data.map((auction) => (
              <AuctionCard key={auction.uuid} auction={auction} onBid={setBidding} />
            ))}
            <ListPagination meta={list.data.meta} onPage={(page) => update({ page })} />
          </Stack>
        )
      ) : list.error ? (
        <QueryError error={list.error} onRetry={list.refetch} title="Could not load the open bids" />
      ) : (
        <Stack gap="md" aria-busy="true" aria-label="Loading">
          <Skeleton height={200} radius="lg" />
          <Skeleton height={200} radius="lg" />
        </Stack>
      )}
      {bidding ? <BidFormModal slug={slug} auction={bidding} onClose={() => setBidding(null)} /> : null}
    </>
  );
}

function CourierGate() {
  const { company, isPending } = useCurrentCompany();
  if (isPending) return <Skeleton height={200} radius="lg" />;
  if (company?.companyTypeSlug === 'shipper') return <CourierOnly what="Open bids" />;
  return <OpenAuctions />;
}

/** /BidsOpen: the auctions a courier company may bid on, with the Bid form. */
export default function BidsOpenPage() {
  return (
    <>
      <PageHeader
        title="Open Bids"
        description="Deliveries offered by shippers, sealed bids: only the shipper sees yours."
      />
      <AdminGate what="bid on deliveries">
        <CourierGate />
      </AdminGate>
    </>
  );
}
