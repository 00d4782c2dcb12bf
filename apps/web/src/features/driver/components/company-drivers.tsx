import { driverStatusTag, ON_DELIVERY_STATUS } from '@courier/contract';
import { Anchor, Avatar, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconMap2, IconRefresh, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useScopedCompanySlug } from '../../../components/access/company-scope';
import { EmptyState } from '../../../components/layout/empty-state';
import { QueryError } from '../../../components/list/query-error';
import { StatusTag } from '../../../components/status-tag/status-tag';
import { useCompanyDrivers, type CompanyDriver } from '../api/list-company-drivers';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function DriverRow({ driver }: { driver: CompanyDriver }) {
  return (
    <Group justify="space-between" gap="sm" px="md" py="sm" wrap="nowrap" data-driver-uuid={driver.uuid}>
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Avatar src={driver.imgThumbUrl} name={driver.name} color="initials" radius="xl" alt="" />
        <Stack gap={0} miw={0}>
          <Text fw={700} truncate>
            {driver.name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {driver.email}
          </Text>
        </Stack>
      </Group>
      <Group gap="xs" wrap="wrap" justify="flex-end" style={{ flexShrink: 0 }}>
        {driver.invited ? (
          <Badge variant="dot" color="orange" tt="none">
            Invited
          </Badge>
        ) : null}
        {driver.statusSlug ? (
          <StatusTag
            tag={driverStatusTag(driver.statusSlug)}
            label={driver.statusName ?? driver.statusSlug}
          />
        ) : null}
        {driver.activeDeliveries > 0 ? (
          <Anchor
            component={Link}
            to={`/ActiveDeliveriesMap?driver=${driver.uuid}`}
            size="sm"
            aria-label={`${plural(driver.activeDeliveries, 'active delivery', 'active deliveries')} of ${driver.name}, on the map`}
          >
            {plural(driver.activeDeliveries, 'active delivery', 'active deliveries')}
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            No active delivery
          </Text>
        )}
      </Group>
    </Group>
  );
}

/**
 * /DriverDashboard for a company admin who does not drive (issue 33, decision 061): the company's drivers with their
 * status and the deliveries they are on, and a way to add one. Only company-admin calls: the driver's own would be
 * refused.
 */
export function CompanyDrivers() {
  const slug = useScopedCompanySlug();
  const query = useCompanyDrivers(slug);
  const drivers = query.data;
  if (query.error && !drivers)
    return <QueryError error={query.error} onRetry={query.refetch} title="Could not load the drivers" />;
  if (!drivers) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Loading the drivers">
        <Skeleton height={36} width={260} radius="sm" />
        <Skeleton height={220} radius="lg" />
      </Stack>
    );
  }
  if (drivers.length === 0) {
    return (
      <EmptyState
        icon={IconUsers}
        title="No drivers yet"
        description="Add a driver and they get an e-mail to set up their account; their deliveries and status then show here."
        action={{ label: 'Add a driver', to: '/DriverAdd' }}
      />
    );
  }
  const available = drivers.filter((d) => d.statusSlug === 'available').length;
  const out = drivers.filter((d) => d.statusSlug === ON_DELIVERY_STATUS || d.activeDeliveries > 0).length;
  return (
    <Stack gap="sm" component="section" aria-labelledby="company-drivers-title" maw={1100}>
      <Group justify="space-between" gap="sm">
        <Stack gap={0}>
          <Title order={2} fz="lg" id="company-drivers-title">
            Your drivers · {drivers.length}
          </Title>
          <Text size="sm" c="dimmed" aria-live="polite">
            {available} available · {out} out on deliveries
          </Text>
        </Stack>
        <Group gap="xs">
          <Button
            variant="subtle"
            leftSection={<IconRefresh size={16} />}
            loading={query.isFetching}
            onClick={() => void query.refetch()}
          >
            Refresh
          </Button>
          <Button
            component={Link}
            to="/ActiveDeliveriesMap"
            variant="default"
            leftSection={<IconMap2 size={16} />}
          >
            Map
          </Button>
          <Button component={Link} to="/DriverAdd" leftSection={<IconUserPlus size={16} />}>
            Add driver
          </Button>
        </Group>
      </Group>
      <Card withBorder radius="lg" padding={0}>
        <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Drivers">
          {drivers.map((driver, i) => (
            <li
              key={driver.uuid}
              style={i ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
            >
              <DriverRow driver={driver} />
            </li>
          ))}
        </Stack>
      </Card>
      <Text size="xs" c="dimmed">
        Statuses and licences are managed on{' '}
        <Anchor component={Link} to="/DriversManage" size="xs">
          Manage Drivers
        </Anchor>
        .
      </Text>
    </Stack>
  );
}
