import { Button, Group, Skeleton, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useNearViewport } from '../../../lib/use-near-viewport';
import { browserTimeZone } from '../../../lib/time-zone';
import { deliveryStatsQueryOptions } from '../api/get-delivery-stats';
import { deliveriesQueryOptions } from '../api/list-deliveries';
import { DeliveryList, deliveryListQuery, firstPageFilters } from './delivery-list';
import { DeliveryStats, STATS_DAYS } from './delivery-stats';

/** How many deliveries the dashboard lists, newest first. */
const LATEST = 5;

/** A part of the dashboard drawn when the user scrolls near it (`useNearViewport`), a placeholder until then. */
function WhenNear({ height, label, children }: { height: number; label: string; children: ReactNode }) {
  const { ref, near } = useNearViewport<HTMLDivElement>();
  if (near) return children;
  return (
    <div ref={ref}>
      <Skeleton height={height} radius="lg" aria-label={label} />
    </div>
  );
}

/**
 * The admin's figures and latest deliveries, each drawn as the user scrolls near it: on a phone the list is below the
 * first screen and is not drawn while the screen loads. Their two reads are asked at once, so they are there by then
 * (decision 051).
 */
export function FiguresAndLatest({ slug }: { slug: string }) {
  const client = useQueryClient();
  useEffect(() => {
    void client.prefetchQuery(deliveryStatsQueryOptions(slug, STATS_DAYS, browserTimeZone()));
    void client.prefetchQuery(deliveriesQueryOptions(slug, deliveryListQuery(firstPageFilters(LATEST))));
  }, [client, slug]);
  return (
    <>
      <WhenNear height={420} label="Loading figures">
        <DeliveryStats slug={slug} />
      </WhenNear>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2} fz="lg">
          Latest deliveries
        </Title>
        <Button component={Link} to="/ShipperDashboard" variant="subtle" size="compact-sm">
          All deliveries
        </Button>
      </Group>
      <WhenNear height={380} label="Loading the latest deliveries">
        <DeliveryList slug={slug} perPage={LATEST} />
      </WhenNear>
    </>
  );
}
