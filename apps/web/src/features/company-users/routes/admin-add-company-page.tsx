import { Stack } from '@mantine/core';
import { AdminGate } from '../../../components/access/admin-gate';
import { useScopedCompanySlug } from '../../../components/access/company-scope';
import { PageHeader } from '../../../components/layout/page-header';
import { AdminForm } from '../components/admin-form';
import { AdminList } from '../components/admin-list';

function Admins() {
  const slug = useScopedCompanySlug();
  return (
    <Stack gap="lg" maw={900}>
      <AdminForm slug={slug} />
      <AdminList slug={slug} />
    </Stack>
  );
}

/** /AdminAddCompany: add an admin, and suspend, reactivate or remove the company's admins. */
export default function AdminAddCompanyPage() {
  return (
    <>
      <PageHeader
        title="Add Admin"
        description="Who manages your company. A company always keeps at least one admin."
      />
      <AdminGate what="manage the company's admins">
        <Admins />
      </AdminGate>
    </>
  );
}
