import type { DriverDelivery } from '@courier/contract';
import { Button, Card, Grid, Group, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconCircleCheck, IconRefresh, IconSteeringWheel } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/layout/empty-state';
import { PageHeader } from '../../../components/layout/page-header';
import { isApiError } from '../../../lib/errors';
import { useMe } from '../../../lib/session/get-me';
import { useMyDeliveries } from '../api/list-my-deliveries';
import { AvailabilitySwitch } from '../components/availability-switch';
import { DeliveryCard } from '../components/delivery-card';
import { DriverLoadError } from '../components/driver-load-error';
import { LocationSharing } from '../components/location-sharing';
import { QueueStatus } from '../components/queue-status';
import { LiveStatusTag } from '../components/stop-bits';
import { splitDeliveries } from '../stops';
import { useLocationSharing } from '../tracking/use-location-sharing';

function FinishedToday({ deliveries }: { deliveries: DriverDelivery[] }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="finished-title">
      <Title order={2} fz="lg" id="finished-title">
        Completed today
      </Title>
      <Card withBorder radius="lg" padding={0}>
        <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {deliveries.map((d, i) => (
            <li
              key={d.uuid}
              style={i ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
            >
              <UnstyledButton
                component={Link}
                to={`/DriverDeliveryDetail/${d.uuid}`}
                display="flex"
                px="md"
                py="sm"
                mih={56}
                w="100%"
                style={{ alignItems: 'center', justifyContent: 'space-between', gap: 12 }}
              >
                <Group gap="xs" wrap="nowrap" miw={0}>
                  <IconCircleCheck size={20} color="var(--mantine-color-teal-6)" aria-hidden />
                  <Stack gap={0} miw={0}>
                    <Text fw={600} truncate>
                      {d.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {d.completedAt ? `Done at ${dayjs(d.completedAt).format('HH:mm')}` : 'Handed over'}
                    </Text>
                  </Stack>
                </Group>
                <LiveStatusTag status={d.deliveryLiveStatusTypeSlug} size="sm" />
              </UnstyledButton>
            </li>
          ))}
        </Stack>
      </Card>
    </Stack>
  );
}

function MyDeliveries() {
  const query = useMyDeliveries();
  if (query.error && !query.data) {
    return (
      <DriverLoadError error={query.error} onRetry={query.refetch} title="Could not load your deliveries" />
    );
  }
  if (!query.data) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Loading your deliveries">
        <Skeleton height={20} width={160} radius="sm" />
        <Skeleton height={150} radius="lg" />
        <Skeleton height={150} radius="lg" />
      </Stack>
    );
  }
  const { current, finished } = splitDeliveries(query.data);
  return (
    <Stack gap="lg">
      {current.length === 0 ? (
        <EmptyState
          icon={IconSteeringWheel}
          title={finished.length ? 'All done for now' : 'No deliveries for you right now'}
          description="When your office assigns you a delivery it shows here, with its next stop first."
          action={{ label: 'Check again', onClick: () => void query.refetch() }}
        />
      ) : (
        <Stack gap="sm" component="section" aria-labelledby="current-title">
          <Group justify="space-between" gap="xs">
            <Title order={2} fz="lg" id="current-title">
              To do · {current.length}
            </Title>
            <Button
              variant="subtle"
              size="sm"
              leftSection={<IconRefresh size={16} />}
              loading={query.isFetching}
              onClick={() => void query.refetch()}
            >
              Refresh
            </Button>
          </Group>
          {current.map((d) => (
            <DeliveryCard key={d.uuid} delivery={d} />
          ))}
        </Stack>
      )}
      {finished.length > 0 ? <FinishedToday deliveries={finished} /> : null}
    </Stack>
  );
}

/**
 * /DriverDashboard: sharing my location, my availability, my deliveries with their next stop first, and what I
 * finished today. My position is tracked while a delivery is under way and a driver screen is open.
 */
export default function DriverDashboardPage() {
  const { data: user } = useMe();
  // Someone who drives for no company: the screen says so, without a switch the server would refuse.
  const deliveries = useMyDeliveries();
  const notADriver = isApiError(deliveries.error, 403);
  useLocationSharing(deliveries.data);
  return (
    <>
      <PageHeader
        title="Driver Dashboard"
        description={
          user ? `Hello, ${user.firstname}. Your deliveries for today.` : 'Your deliveries for today.'
        }
      />
      <QueueStatus />
      {/* A phone shows the switch first; a wide screen puts it beside the deliveries. */}
      <Grid gap="lg" maw={1100}>
        {notADriver ? null : (
          <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
            <Stack gap="lg">
              <LocationSharing />
              <AvailabilitySwitch />
            </Stack>
          </Grid.Col>
        )}
        <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
          <MyDeliveries />
        </Grid.Col>
      </Grid>
    </>
  );
}
