import { TRACKING } from '@courier/contract/plain';
import { Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { memo, useDeferredValue } from 'react';
import { QueryError } from '../../../components/list/query-error';
import { StatusTag } from '../../../components/status-tag/status-tag';
import { useLookup, type LookupList } from '../../../lib/lookups/get-lookup';
import { useDeliveryStats } from '../api/get-delivery-stats';
import { formatRate, formatSatisfaction } from './chart-scale';
import { PerDayChart } from './per-day-chart';

function Figure({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <Card withBorder radius="lg" padding="md">
      <Text size="xs" tt="uppercase" fw={800} c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={800} lh={1.2}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    </Card>
  );
}

type Stats = NonNullable<ReturnType<typeof useDeliveryStats>['data']>;
/** Two figures a row on a phone, all five on one row on a wide screen. */
const FIGURE_COLS = { base: 2, sm: 3, lg: 5 };

/**
 * The delivery figures of the last 14 days (totals, counts by status, a per-day chart) and the recipients' average
 * rating of the last 30 (issue 36).
 */
export function DeliveryStats({ slug }: { slug: string }) {
  const stats = useDeliveryStats(slug, 14);
  const statuses = useLookup('deliveryLiveStatuses');
  // The answer is drawn in a deferred render, which React draws in slices, not in the synchronous render its arrival
  // causes: the skeleton stays until then, and the figures (memoised) are not drawn again in it (decision 052).
  const data = useDeferredValue(stats.data);
  if (stats.error)
    return <QueryError error={stats.error} onRetry={stats.refetch} title="Could not load the figures" />;
  if (!data) {
    return (
      <SimpleGrid cols={FIGURE_COLS} spacing="md" aria-busy="true" aria-label="Loading figures">
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} height={96} radius="lg" />
        ))}
      </SimpleGrid>
    );
  }
  return <Figures stats={data} statuses={statuses} />;
}

const Figures = memo(function Figures({ stats: s, statuses }: { stats: Stats; statuses: LookupList }) {
  const satisfaction = formatSatisfaction(s.recipientSatisfaction, TRACKING.satisfactionDays);
  const counts = statuses.entries
    .map((entry) => ({ entry, count: s.byStatus[entry.slug as keyof typeof s.byStatus] ?? 0 }))
    .filter((c) => c.count > 0);
  return (
    <Stack gap="md">
      <SimpleGrid cols={FIGURE_COLS} spacing="md">
        <Figure label="Deliveries" value={String(s.total)} hint="in all" />
        <Figure label="Today" value={String(s.today)} hint="due or created today" />
        <Figure label="Late" value={String(s.late)} hint="past their dropoff window" />
        <Figure label="On time" value={formatRate(s.onTimeRate)} hint="of those finished in 14 days" />
        <Figure label="Recipients" value={satisfaction.value} hint={satisfaction.hint} />
      </SimpleGrid>
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="sm">
          <Title order={2} fz="md">
            By status
          </Title>
          {counts.length === 0 ? (
            <Text size="sm" c="dimmed">
              No deliveries yet.
            </Text>
          ) : (
            <Group gap="xs" wrap="wrap" data-testid="status-counts">
              {counts.map(({ entry, count }) => (
                <StatusTag key={entry.slug} tag={entry.tag} label={`${entry.name}: ${count}`} size="lg" />
              ))}
            </Group>
          )}
          <Title order={2} fz="md" mt="sm">
            Last 14 days
          </Title>
          <PerDayChart days={s.perDay} />
        </Stack>
      </Card>
    </Stack>
  );
});
