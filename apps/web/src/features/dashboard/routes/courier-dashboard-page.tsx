import { Button, Stack, Title } from '@mantine/core';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { AdminGate } from '../../../components/access/admin-gate';
import { useScopedCompanySlug } from '../../../components/access/company-scope';
import { PageHeader } from '../../../components/layout/page-header';
import { DeliveryList } from '../components/delivery-list';
import { DeliveryStats } from '../components/delivery-stats';
import { FleetAvailability } from '../components/fleet-availability';

/** The user's today, from local midnight to the next, as ISO datetimes for the list's created filter. */
function todaySpan(now = new Date()): { from: string; to: string } {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const end = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return { from: start.toISOString(), to: end.toISOString() };
}

function CourierDashboard() {
  const slug = useScopedCompanySlug();
  const today = useMemo(() => todaySpan(), []);
  return (
    <Stack gap="lg">
      <DeliveryStats slug={slug} />
      <FleetAvailability slug={slug} />
      <Title order={2} fz="lg">
        Today&apos;s deliveries
      </Title>
      <DeliveryList
        slug={slug}
        perPage={10}
        createdBetween={today}
        empty={{
          title: 'Nothing new today',
          description: 'Deliveries created today, for your company or carried for shippers, are listed here.',
        }}
      />
      <Title order={2} fz="lg">
        Latest deliveries
      </Title>
      <DeliveryList
        slug={slug}
        perPage={5}
        empty={{
          title: 'No deliveries yet',
          description:
            'Deliveries your company carries appear here once a shipper assigns them or you win a bid.',
        }}
      />
    </Stack>
  );
}

/** /CourierDashboard: the deliveries a courier company carries, its work today, and who can take more. */
export default function CourierDashboardPage() {
  return (
    <>
      <PageHeader
        title="Courier Dashboard"
        description="Deliveries you carry, today's work and who is free to take more."
        actions={
          <Button component={Link} to="/ShipperDashboard" variant="light">
            All deliveries
          </Button>
        }
      />
      <AdminGate what="see the deliveries your company carries">
        <CourierDashboard />
      </AdminGate>
    </>
  );
}
