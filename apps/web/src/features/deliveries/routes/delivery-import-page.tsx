import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AdminGate } from '../../../components/access/admin-gate';
import { useScopedCompanySlug } from '../../../components/access/company-scope';
import { PageHeader } from '../../../components/layout/page-header';
import { useCompanyCountry } from '../../../lib/session/company-country';
import { OrderImport } from '../components/import/order-import';

function DeliveryImport() {
  const slug = useScopedCompanySlug();
  const country = useCompanyCountry();
  return <OrderImport slug={slug} countryCode={country} />;
}

/**
 * /DeliveryImport (issue 34, "Orders at volume"): deliveries created in bulk from a CSV file or an Excel workbook, by
 * the company's admins (who may create deliveries). A page rather than a dialog: the column matching, the preview
 * and the report need the room on a phone.
 */
export default function DeliveryImportPage() {
  return (
    <>
      <PageHeader
        title="Import orders"
        description="Create many deliveries at once from a CSV file or an Excel workbook."
        actions={
          <Button
            component={Link}
            to="/ShipperDashboard"
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
          >
            Back to deliveries
          </Button>
        }
      />
      <AdminGate what="import orders">
        <DeliveryImport />
      </AdminGate>
    </>
  );
}
