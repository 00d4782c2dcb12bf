import { useSearchParams } from 'react-router';
import { AdminGate } from '../../../components/access/admin-gate';
import { useScopedCompanySlug } from '../../../components/access/company-scope';
import { PageHeader } from '../../../components/layout/page-header';
import { DriverForm } from '../components/driver-form';

function NewDriver() {
  const [params] = useSearchParams();
  return <DriverForm slug={useScopedCompanySlug()} initialEmail={params.get('email') ?? ''} />;
}

/** /DriverAdd: a new driver account the driver can then sign in with. */
export default function DriverAddPage() {
  return (
    <>
      <PageHeader
        title="Add Driver"
        description="Create a driver's account; they can sign in as soon as it is saved."
      />
      <AdminGate what="add drivers">
        <NewDriver />
      </AdminGate>
    </>
  );
}
