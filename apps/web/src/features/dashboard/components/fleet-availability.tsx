import { Anchor, Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconSteeringWheel, IconTruck, type Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { QueryError } from '../../../components/list/query-error';
import { useAvailableFleet } from '../api/list-available-fleet';

const SHOWN = 6;

function Column({
  icon: IconComponent,
  color,
  title,
  count,
  manage,
  children,
}: {
  icon: Icon;
  color: string;
  title: string;
  count: number;
  manage: { label: string; to: string };
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label={title}>
      <Group justify="space-between" wrap="nowrap" mb="sm">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={38} radius="md" variant="light" color={color}>
            <IconComponent size={20} />
          </ThemeIcon>
          <div>
            <Title order={2} fz="md">
              {title}
            </Title>
            <Text size="xs" c="dimmed">
              available now
            </Text>
          </div>
        </Group>
        <Text fz={28} fw={800} lh={1} data-testid={`${color}-available-count`}>
          {count}
        </Text>
      </Group>
      <Stack gap={6}>{children}</Stack>
      <Group justify="flex-end" mt="sm">
        <Anchor component={Link} to={manage.to} size="sm">
          {manage.label}
        </Anchor>
      </Group>
    </Card>
  );
}

/** The company's vehicles and drivers that are available to take work, by name. */
export function FleetAvailability({ slug }: { slug: string }) {
  const fleet = useAvailableFleet(slug);
  if (fleet.error)
    return <QueryError error={fleet.error} onRetry={fleet.refetch} title="Could not load the fleet" />;
  if (!fleet.data) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" aria-busy="true" aria-label="Loading the fleet">
        <Skeleton height={160} radius="lg" />
        <Skeleton height={160} radius="lg" />
      </SimpleGrid>
    );
  }
  const { vehicles, vehicleTotal, drivers, driverTotal } = fleet.data;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Column
        icon={IconTruck}
        color="teal"
        title="Vehicles"
        count={vehicleTotal}
        manage={{ label: 'Manage vehicles', to: '/VehicleManage' }}
      >
        {vehicles.length === 0 ? (
          <Text size="sm" c="dimmed">
            No vehicle is available.
          </Text>
        ) : (
          vehicles.slice(0, SHOWN).map((v) => (
            <Group key={v.uuid} justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" fw={600} truncate>
                {v.name}
              </Text>
              <Text size="xs" c="dimmed" ff="monospace">
                {v.registrationNumber}
              </Text>
            </Group>
          ))
        )}
        {vehicleTotal > SHOWN ? (
          <Text size="xs" c="dimmed">
            and {vehicleTotal - SHOWN} more
          </Text>
        ) : null}
      </Column>
      <Column
        icon={IconSteeringWheel}
        color="indigo"
        title="Drivers"
        count={driverTotal}
        manage={{ label: 'Manage drivers', to: '/DriversManage' }}
      >
        {drivers.length === 0 ? (
          <Text size="sm" c="dimmed">
            No driver is available.
          </Text>
        ) : (
          drivers.slice(0, SHOWN).map((d) => (
            <Text key={d.uuid} size="sm" fw={600} truncate>
              {d.name}
            </Text>
          ))
        )}
        {driverTotal > SHOWN ? (
          <Text size="xs" c="dimmed">
            and {driverTotal - SHOWN} more
          </Text>
        ) : null}
      </Column>
    </SimpleGrid>
  );
}
