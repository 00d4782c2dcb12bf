import type { WebhookEndpoint, WebhookEndpointWithSecret } from '@courier/contract';
import { Button, Card, Group, Title } from '@mantine/core';
import { IconPlus, IconWebhook } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState } from '../../../components/layout/empty-state';
import { QueryError } from '../../../components/list/query-error';
import { TableSkeleton } from '../../../components/list/table-skeleton';
import { useWebhookEndpoints } from '../api/list-webhook-endpoints';
import { WebhookEndpointModal, type EndpointDialog } from './webhook-endpoint-modal';
import { WebhookList, type WebhookHandlers } from './webhook-list';
import { WebhookLogModal } from './webhook-log-modal';

/**
 * The company's webhooks (decision 066): the endpoints with their standing, waiting messages and last try; adding
 * one (its secret shown once), and per endpoint a menu of actions. The dialogs live here, once, not in each row.
 */
export function WebhooksCard({ slug }: { slug: string }) {
  const endpoints = useWebhookEndpoints(slug);
  const [dialog, setDialog] = useState<EndpointDialog | null>(null);
  const [logOf, setLogOf] = useState<string | null>(null);
  const add = () => setDialog({ kind: 'create' });
  // The log follows the list as it is read again (its waiting count tells the log to keep reading).
  const logged = endpoints.data?.find((e) => e.uuid === logOf) ?? null;
  const closeLog = () => {
    setLogOf(null);
    // Its last try and waiting count have likely moved while the log was open.
    void endpoints.refetch();
  };
  const handlersOf = (endpoint: WebhookEndpoint): WebhookHandlers => ({
    onEdit: () => setDialog({ kind: 'edit', endpoint }),
    onLog: () => setLogOf(endpoint.uuid),
    onRotated: (rotated: WebhookEndpointWithSecret) => setDialog({ kind: 'rotated', endpoint: rotated }),
  });
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="webhooks-title">
      <Group justify="space-between" gap="sm" mb="md">
        <Title order={2} fz="lg" id="webhooks-title">
          Webhooks
        </Title>
        {endpoints.data && endpoints.data.length > 0 ? (
          <Button leftSection={<IconPlus size={16} />} onClick={add}>
            Add endpoint
          </Button>
        ) : null}
      </Group>
      {endpoints.error ? (
        <QueryError error={endpoints.error} onRetry={endpoints.refetch} title="Could not load the webhooks" />
      ) : !endpoints.data ? (
        <TableSkeleton rows={2} height={64} />
      ) : endpoints.data.length === 0 ? (
        <EmptyState
          icon={IconWebhook}
          title="No webhooks yet"
          description="A webhook tells your company's systems (a web shop, an order or warehouse system) when its deliveries move: each change is sent at once to the address you give, as a signed POST, and tried again for about a day if the address does not answer."
          action={{ label: 'Add endpoint', onClick: add }}
        />
      ) : (
        <WebhookList slug={slug} endpoints={endpoints.data} handlersOf={handlersOf} />
      )}
      {dialog ? <WebhookEndpointModal slug={slug} dialog={dialog} onClose={() => setDialog(null)} /> : null}
      {logged ? <WebhookLogModal key={logged.uuid} slug={slug} endpoint={logged} onClose={closeLog} /> : null}
    </Card>
  );
}
