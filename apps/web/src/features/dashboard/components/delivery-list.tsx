import { LIVE_STATUSES } from '@courier/contract';
import { Anchor, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconTruckDelivery } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, memo, Suspense, useDeferredValue, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/layout/empty-state';
import { QueryError } from '../../../components/list/query-error';
import { StatusTag } from '../../../components/status-tag/status-tag';
import { useLookup, type LookupList } from '../../../lib/lookups/get-lookup';
import { useDebouncedSearch } from '../../../lib/use-debounced-search';
import { useDeliveries } from '../api/list-deliveries';
import classes from './delivery-list.module.css';
import { formatDate } from '../../../lib/date-format';

/** Mantine's `sm` breakpoint, where the Created column starts to show (delivery-list.module.css). */
const SM_BREAKPOINT = '48em';

// The filters and the pages are for the full list (/ShipperDashboard): the dashboard's "latest" does without their
// code (Select, Combobox, Pagination) and their calls (the drivers by name) (decision 047).
const DeliveryListFilters = lazy(() => import('./delivery-list-filters'));
const ListPagination = lazy(() =>
  import('../../../components/list/list-pagination').then((m) => ({ default: m.ListPagination })),
);

/** Query of the list from its filters; empty ones left out. */
export function deliveryListQuery(filters: {
  search: string;
  status: string | null;
  from: string;
  to: string;
  driver: string | null;
  page: number;
  perPage: number;
}): Record<string, string | number | undefined> {
  return {
    search: filters.search || undefined,
    status: filters.status ?? undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
    driver: filters.driver ?? undefined,
    sort: 'createdAt',
    order: 'desc',
    page: filters.page,
    per_page: filters.perPage,
  };
}

/**
 * Deliveries newest first, each linking to its detail. With `withFilters`: search (500 ms debounce), status, dates
 * and driver, and pages; without, the first page only (the dashboard's "latest").
 */
export function DeliveryList({
  slug,
  withFilters = false,
  perPage = 10,
  createdBetween,
  empty,
}: {
  slug: string;
  withFilters?: boolean;
  perPage?: number;
  /** Without filters: only deliveries created in this span (ISO datetimes), e.g. today's. */
  createdBetween?: { from: string; to: string } | undefined;
  /** The empty state's texts when nothing is listed and no filter is set. */
  empty?: { title: string; description: string } | undefined;
}) {
  const { search, setSearch, debouncedSearch } = useDebouncedSearch();
  const [status, setStatus] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [driver, setDriver] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const statuses = useLookup('deliveryLiveStatuses');
  const query = useMemo(
    () =>
      deliveryListQuery(
        withFilters
          ? { search: debouncedSearch, status, from, to, driver, page, perPage }
          : {
              search: '',
              status: null,
              from: createdBetween?.from ?? '',
              to: createdBetween?.to ?? '',
              driver: null,
              page: 1,
              perPage,
            },
      ),
    [
      withFilters,
      debouncedSearch,
      status,
      from,
      to,
      driver,
      page,
      perPage,
      createdBetween?.from,
      createdBetween?.to,
    ],
  );
  const list = useDeliveries(slug, query);
  // A page is drawn in a deferred render, which React draws in slices, not in the synchronous render its arrival
  // causes (decision 052).
  const data = useDeferredValue(list.data);
  // The creation date is drawn only where its column shows (from Mantine's sm up): on a phone the page's first date
  // formatter, and its ICU data, would be built for cells nobody sees (decision 051).
  const withCreated = useMediaQuery(`(min-width: ${SM_BREAKPOINT})`, undefined, {
    getInitialValueInEffect: false,
  });
  const filtered = Boolean(debouncedSearch || status || from || to || driver);
  const reset =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };
  const statusOptions = LIVE_STATUSES.map((s) => ({ value: s, label: statuses.labelOf(s) }));

  return (
    <Stack gap="sm">
      {withFilters ? (
        <Suspense fallback={<Skeleton height={36} radius="sm" />}>
          <DeliveryListFilters
            slug={slug}
            statusOptions={statusOptions}
            search={search}
            onSearch={reset(setSearch)}
            status={status}
            onStatus={reset(setStatus)}
            from={from}
            onFrom={reset(setFrom)}
            to={to}
            onTo={reset(setTo)}
            driver={driver}
            onDriver={reset(setDriver)}
          />
        </Suspense>
      ) : null}
      {list.error ? (
        <QueryError error={list.error} onRetry={list.refetch} title="Could not load the deliveries" />
      ) : !data ? (
        <Stack gap="xs" aria-busy="true" aria-label="Loading deliveries">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={44} radius="md" />
          ))}
        </Stack>
      ) : data.data.length === 0 ? (
        filtered ? (
          <EmptyState
            icon={IconTruckDelivery}
            title="No delivery matches"
            description="Try another search, status, date or driver."
            action={{
              label: 'Clear filters',
              onClick: () => {
                setSearch('');
                setStatus(null);
                setFrom('');
                setTo('');
                setDriver(null);
                setPage(1);
              },
            }}
          />
        ) : (
          <EmptyState
            icon={IconTruckDelivery}
            title={empty?.title ?? 'No deliveries yet'}
            description={
              empty?.description ?? "Your company's deliveries will be listed here by status, newest first."
            }
            action={empty ? undefined : { label: 'Add a delivery', to: '/DeliveryAddEasy' }}
          />
        )
      ) : (
        <DeliveryTable
          deliveries={data.data}
          statuses={statuses}
          withCreated={withCreated}
          dimmed={list.isPlaceholderData}
        />
      )}
      {withFilters && data && data.meta.total > 0 ? (
        <Suspense fallback={null}>
          <ListPagination meta={data.meta} onPage={setPage} />
        </Suspense>
      ) : null}
      {!withFilters && !createdBetween && data && data.meta.total > perPage ? (
        <Group justify="flex-end">
          <Anchor component={Link} to="/ShipperDashboard" size="sm">
            See all {data.meta.total} deliveries
          </Anchor>
        </Group>
      ) : null}
    </Stack>
  );
}

/**
 * The rows of a page, memoised: the synchronous render that a new answer or lookup list causes finds its props
 * unchanged (they are deferred) and does not draw them again (decision 052).
 */
type DeliveryRow = NonNullable<ReturnType<typeof useDeliveries>['data']>['data'][number];

const DeliveryTable = memo(function DeliveryTable({
  deliveries,
  statuses,
  withCreated,
  dimmed,
}: {
  deliveries: DeliveryRow[];
  statuses: LookupList;
  withCreated: boolean;
  dimmed: boolean;
}) {
  return (
    <Card withBorder radius="lg" padding={0} style={{ opacity: dimmed ? 0.6 : 1 }}>
      <div className={classes.scroller}>
        <table className={classes.table}>
          <thead>
            <tr>
              <th>Delivery</th>
              <th>Status</th>
              <th className={classes.fromSm}>Created</th>
            </tr>
          </thead>
          <tbody>
            {deliveries.map((d) => (
              <tr key={d.uuid}>
                <td>
                  <Anchor component={Link} to={`/DeliveryDetail/${d.uuid}`} fw={600}>
                    {d.name}
                  </Anchor>
                  {d.trackingCode ? (
                    <Text size="xs" c="dimmed" ff="monospace">
                      {d.trackingCode}
                    </Text>
                  ) : null}
                </td>
                <td>
                  <StatusTag
                    tag={statuses.map[d.deliveryLiveStatusTypeSlug]?.tag}
                    label={statuses.labelOf(d.deliveryLiveStatusTypeSlug)}
                  />
                </td>
                <td className={classes.fromSm}>
                  {withCreated ? formatDate(d.createdAt) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
});
