import type { DriverDelivery } from '@courier/contract';
import { Button, Card, Grid, Group, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconCircleCheck, IconRefresh, IconSteeringWheel } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AdminGate } from '../../../components/access/admin-gate';
import { GateLoading } from '../../../components/access/gate-loading';
import { EmptyState } from '../../../components/layout/empty-state';
import { PageHeader } from '../../../components/layout/page-header';
import { isApiError } from '../../../lib/errors';
import { viewerOf } from '../../../lib/roles';
import { useMe } from '../../../lib/session/get-me';
import { useMyRoles } from '../../../lib/session/get-my-roles';
import { useHomeRoute } from '../../../lib/session/use-viewer';
import { useMyDeliveries } from '../api/list-my-deliveries';
import { AvailabilitySwitch } from '../components/availability-switch';
import { CompanyDrivers } from '../components/company-drivers';
import { DeliveryCard } from '../components/delivery-card';
import { DriverLoadError } from '../components/driver-load-error';
import { LocationSharing } from '../components/location-sharing';
import { QueueStatus } from '../components/queue-status';
import { LiveStatusTag } from '../components/stop-bits';
import { splitDeliveries } from '../stops';
import { useLocationSharing } from '../tracking/use-location-sharing';
import { formatTime } from '../../../lib/date-format';

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
                      {d.completedAt ? `Done at ${formatTime(d.completedAt)}` : 'Handed over'}
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
 * A driver's own screen: sharing my location, my availability, my deliveries with their next stop first, and what I
 * finished today. My position is tracked while a delivery is under way and a driver screen is open.
 */
function DriverView() {
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

/** Whose screen it is, from the roles: never a driver call for someone the server would refuse (issue 33). */
function useDashboardFor(): 'loading' | 'driver' | 'office' | 'neither' {
  const { data, error } = useMyRoles();
  // Roles that could not be read: the driver calls decide, as before roles were asked.
  if (error) return 'driver';
  if (!data) return 'loading';
  const viewer = viewerOf(data.map((role) => role.slug));
  if (viewer.driver) return 'driver';
  return viewer.admin ? 'office' : 'neither';
}

/**
 * /DriverDashboard: a driver's deliveries (an admin who also drives included); to a company admin who does not
 * drive, the company's drivers and their day, with a way to add one (decision 061).
 */
export default function DriverDashboardPage() {
  const dashboard = useDashboardFor();
  if (dashboard === 'driver') return <DriverView />;
  return (
    <>
      <PageHeader
        title="Driver Dashboard"
        description={
          dashboard === 'office'
            ? "Your company's drivers: who is available and who is out on deliveries."
            : undefined
        }
      />
      {dashboard === 'loading' ? (
        <GateLoading />
      ) : dashboard === 'office' ? (
        <AdminGate what="see the company's drivers">
          <CompanyDrivers />
        </AdminGate>
      ) : (
        <NotADriver />
      )}
    </>
  );
}

/** A member who neither drives nor administers the company: what the screen is, without asking the server. */
function NotADriver() {
  const home = useHomeRoute();
  return (
    <EmptyState
      icon={IconSteeringWheel}
      title="This screen is for drivers"
      description="It shows the deliveries assigned to you as a driver, and you do not drive for your company. The company's deliveries are on its dashboard."
      action={{ label: 'Back to the dashboard', to: home }}
    />
  );
}
