import { Skeleton, Stack } from '@mantine/core';
import { AdminGate } from '../../../components/access/admin-gate';
import { useScopedCompanySlug } from '../../../components/access/company-scope';
import { PageHeader } from '../../../components/layout/page-header';
import { QueryError } from '../../../components/list/query-error';
import { useCurrentCompany } from '../../../lib/session/get-my-companies';
import { useRecipientMessageSettings } from '../api/get-recipient-message-settings';
import { RecipientMessagesForm } from '../components/recipient-messages-form';

function RecipientMessages() {
  const slug = useScopedCompanySlug();
  const settings = useRecipientMessageSettings(slug);
  const { company } = useCurrentCompany();
  if (settings.error)
    return (
      <QueryError
        error={settings.error}
        onRetry={settings.refetch}
        title="Could not load the messages to recipients"
      />
    );
  if (!settings.data)
    return (
      <Stack gap="md" aria-busy="true" aria-label="Loading">
        <Skeleton height={72} radius="lg" />
        <Skeleton height={200} radius="lg" />
        <Skeleton height={260} radius="lg" />
      </Stack>
    );
  // Keyed by company: another company's settings are another form (its values are read once, when it mounts).
  return (
    <RecipientMessagesForm
      key={slug}
      slug={slug}
      settings={settings.data}
      companyName={company?.name ?? ''}
    />
  );
}

/**
 * /AccountPages/RecipientMessages (issue 36): which messages a delivery's recipients get (on the way, arriving soon,
 * delivered, failed, rescheduled), by text message, e-mail or both, in the company's words. Company admins only.
 */
export default function RecipientMessagesPage() {
  return (
    <>
      <PageHeader
        title="Recipient Messages"
        description="What the people you deliver to are told, and how: a text message, an e-mail or both, in your words, with the link to follow their delivery."
      />
      <AdminGate what="choose the messages sent to recipients">
        <RecipientMessages />
      </AdminGate>
    </>
  );
}
