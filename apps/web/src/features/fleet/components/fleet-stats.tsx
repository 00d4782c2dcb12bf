import { vehicleStatusTag, type VehicleStats } from '@courier/contract';
import {
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { Link } from 'react-router';
import { QueryError } from '../../../components/list/query-error';
import { StatusTag } from '../../../components/status-tag/status-tag';
import { VehicleSizePicture } from '../../../components/vehicle-size-picture/vehicle-size-picture';
import { useLookup } from '../../../lib/lookups/get-lookup';
import { useVehicleStats } from '../api/get-vehicle-stats';
import classes from './fleet.module.css';

function StatusCounts({ stats }: { stats: VehicleStats }) {
  const statuses = useLookup('vehicleStatuses');
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label="Vehicles by status">
      <Text size="xs" tt="uppercase" fw={800} c="dimmed">
        Vehicles
      </Text>
      <Title order={2} fz={36} lh={1.1} mb="md">
        {stats.total.toLocaleString()}
      </Title>
      <Stack gap={6}>
        {statuses.entries.map((status) => (
          <UnstyledButton
            key={status.slug}
            component={Link}
            to={`/VehicleManage?status=${status.slug}`}
            className={classes.countRow}
          >
            <StatusTag tag={status.tag ?? vehicleStatusTag(status.slug)} label={status.name} />
            {/* The name is the visible text, "Available 2", with the unit for screen readers (label in name). */}
            <Text fw={700}>
              {(stats.byStatus[status.slug] ?? 0).toLocaleString()}
              <VisuallyHidden> vehicles</VisuallyHidden>
            </Text>
          </UnstyledButton>
        ))}
      </Stack>
    </Card>
  );
}

function SizeCounts({ stats }: { stats: VehicleStats }) {
  const sizes = useLookup('vehicleSizes');
  const present = sizes.entries.filter((size) => (stats.bySize[size.slug] ?? 0) > 0);
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label="Vehicles by size">
      <Text size="xs" tt="uppercase" fw={800} c="dimmed" mb="md">
        By size
      </Text>
      {present.length === 0 ? (
        <Text size="sm" c="dimmed">
          No vehicles yet. Each size you add shows here with its picture and count.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, xs: 3, md: 4 }} spacing="sm">
          {present.map((size) => (
            <UnstyledButton
              key={size.slug}
              component={Link}
              to={`/VehicleManage?size=${size.slug}`}
              className={classes.sizeTile}
            >
              <VehicleSizePicture size={size.slug} width={84} />
              <Text size="xs" c="dimmed" ta="center" lineClamp={1}>
                {size.name}
              </Text>
              <Text fw={800} fz="lg">
                {(stats.bySize[size.slug] ?? 0).toLocaleString()}
                <VisuallyHidden> vehicles</VisuallyHidden>
              </Text>
            </UnstyledButton>
          ))}
        </SimpleGrid>
      )}
    </Card>
  );
}

/** Counts by status (tags) and by size (pictures); each count leads to those vehicles. */
export function FleetStats({ slug }: { slug: string }) {
  const stats = useVehicleStats(slug);
  if (stats.error)
    return <QueryError error={stats.error} onRetry={stats.refetch} title="Could not load the counts" />;
  if (!stats.data) {
    return (
      <Group grow align="stretch" aria-busy="true" aria-label="Loading">
        <Skeleton height={260} radius="lg" />
        <Skeleton height={260} radius="lg" />
      </Group>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
      <StatusCounts stats={stats.data} />
      <div className={classes.span2}>
        <SizeCounts stats={stats.data} />
      </div>
    </SimpleGrid>
  );
}
