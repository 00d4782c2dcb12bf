import { Stack } from '@mantine/core';
import { AdminGate } from '../../../components/access/admin-gate';
import { useScopedCompanySlug } from '../../../components/access/company-scope';
import { PageHeader } from '../../../components/layout/page-header';
import { ApiKeysCard } from '../components/api-keys-card';
import { WebhooksCard } from '../components/webhooks-card';

function Integrations() {
  const slug = useScopedCompanySlug();
  return (
    <Stack gap="lg">
      <ApiKeysCard slug={slug} />
      <WebhooksCard slug={slug} />
    </Stack>
  );
}

/**
 * /AccountPages/Integrations (decisions 065, 066): the company's API keys and webhooks, for its admins only (the calls
 * answer anyone else 403); other members are told so.
 */
export default function IntegrationsPage() {
  return (
    <>
      <PageHeader
        title="Integrations"
        description="API keys let a client's shop or order system create and follow deliveries as your company; webhooks tell your systems, by a signed POST, when those deliveries move."
      />
      <AdminGate what="manage the company's API keys and webhooks">
        <Integrations />
      </AdminGate>
    </>
  );
}
