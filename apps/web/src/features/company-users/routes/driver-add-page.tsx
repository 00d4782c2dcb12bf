import { useSearchParams } from 'react-router';
import { AdminGate } from '../../../components/access/admin-gate';
import { useScopedCompanySlug } from '../../../components/access/company-scope';
import { PageHeader } from '../../../components/layout/page-header';
import { DriverForm } from '../components/driver-form';

function NewDriver() {
  const [params] = useSearchParams();
  return <DriverForm slug={useScopedCompanySlug()} initialEmail={params.get('email') ?? ''} />;
}

/** /DriverAdd: a new driver account; the driver is e-mailed an invitation to choose a password (decision 032). */
export default function DriverAddPage() {
  return (
    <>
      <PageHeader
        title="Add Driver"
        description="Create a driver's account; we e-mail them a link to choose their password and sign in."
      />
      <AdminGate what="add drivers">
        <NewDriver />
      </AdminGate>
    </>
  );
}
