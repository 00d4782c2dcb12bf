import type { ApiKey } from '@courier/contract';
import { Button } from '@mantine/core';
import { IconKeyOff } from '@tabler/icons-react';
import { confirmDanger } from '../../../components/list/confirm';
import { useRevokeApiKey } from '../api/revoke-api-key';

/** Revokes a key behind a confirmation: its calls are refused at once, and it cannot be turned back on. */
export function RevokeApiKeyButton({ slug, apiKey }: { slug: string; apiKey: ApiKey }) {
  const revoke = useRevokeApiKey(slug);
  const ask = () =>
    confirmDanger({
      title: `Revoke “${apiKey.name}”?`,
      message:
        'Calls with this key will be refused at once, wherever it is used. A revoked key cannot be turned back on: the system that used it needs a new key.',
      confirmLabel: 'Revoke key',
      onConfirm: () => revoke.mutate({ uuid: apiKey.uuid, name: apiKey.name }),
    });
  return (
    <Button
      size="xs"
      variant="light"
      color="red"
      leftSection={<IconKeyOff size={14} />}
      loading={revoke.isPending}
      onClick={ask}
      aria-label={`Revoke the API key ${apiKey.name}`}
    >
      Revoke
    </Button>
  );
}
