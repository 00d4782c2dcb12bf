import { AdminGate } from '../../../components/access/admin-gate';
import { useScopedCompanySlug } from '../../../components/access/company-scope';
import { PageHeader } from '../../../components/layout/page-header';
import { ApiKeysCard } from '../components/api-keys-card';

function ApiKeys() {
  return <ApiKeysCard slug={useScopedCompanySlug()} />;
}

/**
 * /AccountPages/Integrations (decision 065): the company's API keys, for its admins only (the calls answer anyone
 * else 403); other members are told so.
 */
export default function IntegrationsPage() {
  return (
    <>
      <PageHeader
        title="Integrations"
        description="API keys let a client's shop or order system create and follow deliveries as your company."
      />
      <AdminGate what="manage the company's API keys">
        <ApiKeys />
      </AdminGate>
    </>
  );
}
