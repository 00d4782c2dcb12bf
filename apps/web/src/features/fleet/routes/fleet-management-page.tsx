import { Button, Group } from '@mantine/core';
import { IconCategory, IconList, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AdminGate } from '../../../components/access/admin-gate';
import { useScopedCompanySlug } from '../../../components/access/company-scope';
import { PageHeader } from '../../../components/layout/page-header';
import { FleetList } from '../components/fleet-list';
import { FleetStats } from '../components/fleet-stats';

function FleetDashboard() {
  const slug = useScopedCompanySlug();
  return (
    <>
      <Group gap="xs" mb="lg" wrap="wrap">
        <Button component={Link} to="/VehicleAdd" leftSection={<IconPlus size={16} />}>
          Add vehicle
        </Button>
        <Button component={Link} to="/VehicleManage" variant="light" leftSection={<IconList size={16} />}>
          Manage vehicles
        </Button>
        <Button
          component={Link}
          to="/VehicleTypeAdd"
          variant="default"
          leftSection={<IconCategory size={16} />}
        >
          Vehicle types
        </Button>
      </Group>
      <FleetStats slug={slug} />
      <FleetList slug={slug} />
    </>
  );
}

/** /FleetManagement: vehicle counts by status and by size, and the company's fleets. */
export default function FleetManagementPage() {
  return (
    <>
      <PageHeader
        title="Fleet Management"
        description="Your vehicles at a glance, and the fleets they belong to."
      />
      <AdminGate what="manage the fleet">
        <FleetDashboard />
      </AdminGate>
    </>
  );
}
