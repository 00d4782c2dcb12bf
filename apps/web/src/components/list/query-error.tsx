import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';

/** A failed load, with its message and a retry button. */
export function QueryError({
  error,
  onRetry,
  title = 'Could not load',
}: {
  error: Error | null;
  onRetry?: (() => unknown) | undefined;
  title?: string;
}) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={title} role="alert">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">{error?.message ?? 'Nothing to show.'}</Text>
        {onRetry ? (
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconRefresh size={14} />}
            onClick={() => void onRetry()}
          >
            Try again
          </Button>
        ) : null}
      </Group>
    </Alert>
  );
}
