import { AdminGate } from '../../../components/access/admin-gate';
import { useScopedCompanySlug } from '../../../components/access/company-scope';
import { PageHeader } from '../../../components/layout/page-header';
import { ExistingDriverForm } from '../components/existing-driver-form';

function AddExisting() {
  return <ExistingDriverForm slug={useScopedCompanySlug()} />;
}

/** /DriverAddCompany: link a person who already has an account to the company as a driver. */
export default function DriverAddCompanyPage() {
  return (
    <>
      <PageHeader
        title="Add Driver to Company"
        description="Find an existing account by e-mail and make it one of your drivers."
      />
      <AdminGate what="add drivers">
        <AddExisting />
      </AdminGate>
    </>
  );
}
