import { Button, Card, Group, Title } from '@mantine/core';
import { IconKey, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState } from '../../../components/layout/empty-state';
import { QueryError } from '../../../components/list/query-error';
import { TableSkeleton } from '../../../components/list/table-skeleton';
import { useApiKeys } from '../api/list-api-keys';
import { ApiKeyList } from './api-key-list';
import { CreateApiKeyModal } from './create-api-key-modal';

/** The company's API keys: the list with each key's use and standing, a new key, and a revoke per key. */
export function ApiKeysCard({ slug }: { slug: string }) {
  const keys = useApiKeys(slug);
  const [creating, setCreating] = useState(false);
  const create = () => setCreating(true);
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="api-keys-title">
      <Group justify="space-between" gap="sm" mb="md">
        <Title order={2} fz="lg" id="api-keys-title">
          API keys
        </Title>
        {keys.data && keys.data.length > 0 ? (
          <Button leftSection={<IconPlus size={16} />} onClick={create}>
            Create API key
          </Button>
        ) : null}
      </Group>
      {keys.error ? (
        <QueryError error={keys.error} onRetry={keys.refetch} title="Could not load the API keys" />
      ) : !keys.data ? (
        <TableSkeleton rows={3} height={56} />
      ) : keys.data.length === 0 ? (
        <EmptyState
          icon={IconKey}
          title="No API keys yet"
          description="An API key lets a client's web shop, warehouse or order system create deliveries for your company and follow them, without anyone signing in. Each key has its own name, so you can see what called and revoke one system's access without touching the others."
          action={{ label: 'Create API key', onClick: create }}
        />
      ) : (
        <ApiKeyList slug={slug} keys={keys.data} />
      )}
      {creating ? <CreateApiKeyModal slug={slug} onClose={() => setCreating(false)} /> : null}
    </Card>
  );
}
