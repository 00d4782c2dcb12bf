import { Button, Stack, Title } from '@mantine/core';
import { IconPlus, IconUpload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AdminGate } from '../../../components/access/admin-gate';
import { useScopedCompanySlug } from '../../../components/access/company-scope';
import { PageHeader } from '../../../components/layout/page-header';
import { DeliveryList } from '../components/delivery-list';
import { DeliveryStats } from '../components/delivery-stats';

function ShipperDashboard() {
  const slug = useScopedCompanySlug();
  return (
    <Stack gap="lg">
      <DeliveryStats slug={slug} />
      <Title order={2} fz="lg">
        Deliveries
      </Title>
      <DeliveryList slug={slug} withFilters perPage={25} />
    </Stack>
  );
}

/** /ShipperDashboard: the delivery figures and every delivery, filtered and paged. */
export default function ShipperDashboardPage() {
  return (
    <>
      <PageHeader
        title="Shipper Dashboard"
        description="Your deliveries at a glance."
        actions={
          <>
            <Button
              component={Link}
              to="/DeliveryImport"
              variant="default"
              leftSection={<IconUpload size={16} />}
            >
              Import orders
            </Button>
            <Button component={Link} to="/DeliveryAddEasy" leftSection={<IconPlus size={16} />}>
              Add a delivery
            </Button>
          </>
        }
      />
      <AdminGate what="see the company's deliveries">
        <ShipperDashboard />
      </AdminGate>
    </>
  );
}
