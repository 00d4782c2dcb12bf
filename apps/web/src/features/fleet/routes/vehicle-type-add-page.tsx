import { Stack } from '@mantine/core';
import { AdminGate } from '../../../components/access/admin-gate';
import { useScopedCompanySlug } from '../../../components/access/company-scope';
import { PageHeader } from '../../../components/layout/page-header';
import { VehicleModelForm } from '../components/vehicle-model-form';
import { VehicleModelList } from '../components/vehicle-model-list';

function VehicleTypes() {
  const slug = useScopedCompanySlug();
  return (
    <Stack gap="lg" maw={1000}>
      <VehicleModelForm slug={slug} />
      <VehicleModelList slug={slug} />
    </Stack>
  );
}

/** /VehicleTypeAdd: the company's own vehicle models (make, name, size) beside the shared ones. */
export default function VehicleTypeAddPage() {
  return (
    <>
      <PageHeader title="Add Vehicle Type" description="Makes and models, each with its size." />
      <AdminGate what="add vehicle types">
        <VehicleTypes />
      </AdminGate>
    </>
  );
}
