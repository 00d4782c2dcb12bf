import { useSearchParams } from 'react-router';
import { AdminGate } from '../../../components/access/admin-gate';
import { useScopedCompanySlug } from '../../../components/access/company-scope';
import { PageHeader } from '../../../components/layout/page-header';
import { QueryError } from '../../../components/list/query-error';
import { TableSkeleton } from '../../../components/list/table-skeleton';
import { useVehicle } from '../api/get-vehicle';
import { VehicleForm } from '../components/vehicle-form';

function EditVehicle({ uuid }: { uuid: string }) {
  const slug = useScopedCompanySlug();
  const vehicle = useVehicle(slug, uuid);
  if (vehicle.data) return <VehicleForm key={vehicle.data.uuid} slug={slug} vehicle={vehicle.data} />;
  if (vehicle.error)
    return <QueryError error={vehicle.error} onRetry={vehicle.refetch} title="Could not load the vehicle" />;
  return <TableSkeleton rows={6} height={56} />;
}

function NewVehicle() {
  return <VehicleForm slug={useScopedCompanySlug()} />;
}

/** /VehicleAdd adds a vehicle; /VehicleAdd?uuid=… edits that one with the same form. */
export default function VehicleAddPage() {
  const [params] = useSearchParams();
  const uuid = params.get('uuid');
  return (
    <>
      <PageHeader
        title={uuid ? 'Edit Vehicle' : 'Add Vehicle'}
        description={
          uuid ? 'Editing a vehicle: change its details and save.' : 'A new vehicle for your fleet.'
        }
      />
      <AdminGate what="add and edit vehicles">
        {uuid ? <EditVehicle uuid={uuid} /> : <NewVehicle />}
      </AdminGate>
    </>
  );
}
