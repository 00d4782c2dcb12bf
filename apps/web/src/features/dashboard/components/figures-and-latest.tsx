import { Button, Group, Skeleton, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useNearViewport } from '../../../lib/use-near-viewport';
import { browserTimeZone } from '../../../lib/time-zone';
import { deliveryStatsQueryOptions } from '../api/get-delivery-stats';
import { deliveriesQueryOptions } from '../api/list-deliveries';
import { DeliveryList, deliveryListQuery, firstPageFilters } from './delivery-list';
import { DeliveryStats, STATS_DAYS } from './delivery-stats';

/** How many deliveries the dashboard lists, newest first. */
const LATEST = 5;

/**
 * The admin's figures and latest deliveries: below a phone's first screen, drawn as the user scrolls towards them
 * (`useNearViewport`); their two reads are asked at once, so they are there by then (decision 051).
 */
export function FiguresAndLatest({ slug }: { slug: string }) {
  const client = useQueryClient();
  const { ref, near } = useNearViewport<HTMLDivElement>();
  useEffect(() => {
    void client.prefetchQuery(deliveryStatsQueryOptions(slug, STATS_DAYS, browserTimeZone()));
    void client.prefetchQuery(deliveriesQueryOptions(slug, deliveryListQuery(firstPageFilters(LATEST))));
  }, [client, slug]);
  if (!near)
    return (
      <div ref={ref}>
        <Skeleton height={420} radius="lg" aria-label="Loading figures and latest deliveries" />
      </div>
    );
  return (
    <>
      <DeliveryStats slug={slug} />
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2} fz="lg">
          Latest deliveries
        </Title>
        <Button component={Link} to="/ShipperDashboard" variant="subtle" size="compact-sm">
          All deliveries
        </Button>
      </Group>
      <DeliveryList slug={slug} perPage={LATEST} />
    </>
  );
}
