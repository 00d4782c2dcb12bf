import { Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBox,
  IconCalendarEvent,
  IconSteeringWheel,
  IconTruck,
  IconTruckDelivery,
  IconUserPlus,
  type Icon,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/layout/empty-state';
import { PageHeader } from '../../../components/layout/page-header';
import { canSee, DRIVER_HOME_ROUTE, isDriverOnly, type Audience } from '../../../lib/roles';
import { useMe } from '../../../lib/session/get-me';
import { useCurrentCompany } from '../../../lib/session/get-my-companies';
import { useCompanySlug } from '../../../lib/session/use-company-slug';
import { useViewer } from '../../../lib/session/use-viewer';
import { useAfterPaint } from '../../../lib/use-after-paint';
import '../../../styles/dashboard-styles';
import { DeliveryList } from '../components/delivery-list';
import { DeliveryStats } from '../components/delivery-stats';
import { FirstSteps } from '../components/first-steps';

interface Shortcut {
  label: string;
  description: string;
  to: string;
  icon: Icon;
  color: string;
  /** Who it is for, as the menus (decision 018). */
  audience: Audience;
}

const SHORTCUTS: Shortcut[] = [
  {
    label: 'Add a delivery',
    description: 'Pickup, drop-off and parcels',
    to: '/DeliveryAddEasy',
    icon: IconBox,
    color: 'indigo',
    audience: 'office',
  },
  {
    label: 'Add a vehicle',
    description: 'Grow your fleet',
    to: '/VehicleAdd',
    icon: IconTruck,
    color: 'teal',
    audience: 'admin',
  },
  {
    label: 'Add a driver',
    description: 'Invite someone to drive',
    to: '/DriverAdd',
    icon: IconUserPlus,
    color: 'orange',
    audience: 'admin',
  },
  {
    label: 'Delivery calendar',
    description: 'What is scheduled when',
    to: '/DeliveryCalendar',
    icon: IconCalendarEvent,
    color: 'grape',
    audience: 'office',
  },
  {
    label: 'My deliveries',
    description: 'Your stops today, next one first',
    to: DRIVER_HOME_ROUTE,
    icon: IconSteeringWheel,
    color: 'teal',
    audience: 'driver',
  },
];

/** The landing screen after sign-in: who and where you are, shortcuts, and the company's deliveries. */
export default function CompanyDashboardPage() {
  const { data: user } = useMe();
  const { company, isPending } = useCurrentCompany();
  const { viewer, isPending: viewerPending } = useViewer();
  const isAdmin = viewer?.admin ?? false;
  const slug = useCompanySlug();
  const shortcuts = SHORTCUTS.filter((shortcut) => canSee(shortcut.audience, viewer));
  // The admin's figures and latest deliveries (with their five reads) come just after the first paint (decision 050).
  const painted = useAfterPaint();
  return (
    <>
      <PageHeader
        title="Company Dashboard"
        description={
          user
            ? `Hello, ${user.firstname}. Your company's day at a glance.`
            : "Your company's day at a glance."
        }
      />
      <Stack gap="lg">
        <Card withBorder radius="lg" padding="lg">
          {isPending ? (
            <Skeleton height={44} />
          ) : (
            <Group justify="space-between" wrap="wrap" gap="sm">
              <div>
                <Text size="xs" tt="uppercase" fw={800} c="dimmed">
                  Current company
                </Text>
                <Title order={2} fz="xl">
                  {company?.name ?? 'No company yet'}
                </Title>
                {company ? (
                  <Text size="sm" c="dimmed" tt="capitalize">
                    {company.companyTypeSlug}
                  </Text>
                ) : null}
              </div>
              <Button component={Link} to="/AccountPages/CompanyProfile" variant="light">
                Company profile
              </Button>
            </Group>
          )}
        </Card>

        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          {/* Until the roles are known, placeholders of the office's shortcuts: the cards do not push the page down
              when they arrive (decision 047). */}
          {viewerPending
            ? SHORTCUTS.filter((s) => s.audience !== 'driver').map((s) => (
                <Skeleton key={s.to} height={76} radius="lg" />
              ))
            : null}
          {shortcuts.map((shortcut) => (
            <Card key={shortcut.to} component={Link} to={shortcut.to} withBorder radius="lg" padding="md">
              <Group wrap="nowrap" gap="sm">
                <ThemeIcon size={42} radius="md" variant="light" color={shortcut.color}>
                  <shortcut.icon size={22} />
                </ThemeIcon>
                <div>
                  <Text fw={700}>{shortcut.label}</Text>
                  <Text size="xs" c="dimmed">
                    {shortcut.description}
                  </Text>
                </div>
              </Group>
            </Card>
          ))}
        </SimpleGrid>

        {viewerPending || (isAdmin && !painted) ? (
          // Nothing is said about the deliveries before the roles are known: an admin would first see the
          // non-admin's card (decision 047).
          <Skeleton height={180} radius="lg" />
        ) : isAdmin && slug ? (
          <>
            <FirstSteps slug={slug} />
            <DeliveryStats slug={slug} />
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Title order={2} fz="lg">
                Latest deliveries
              </Title>
              <Button component={Link} to="/ShipperDashboard" variant="subtle" size="compact-sm">
                All deliveries
              </Button>
            </Group>
            <DeliveryList slug={slug} perPage={5} />
          </>
        ) : isDriverOnly(viewer) ? (
          <EmptyState
            icon={IconSteeringWheel}
            title="Your deliveries"
            description="The deliveries assigned to you, your next stop and your availability are on your driver dashboard."
            action={{ label: 'Open my deliveries', to: DRIVER_HOME_ROUTE }}
          />
        ) : (
          <EmptyState
            icon={IconTruckDelivery}
            title="Deliveries"
            description="Your company's deliveries, their figures and their status are shown to company admins here."
            action={{ label: 'Add a delivery', to: '/DeliveryAddEasy' }}
          />
        )}
      </Stack>
    </>
  );
}
