import { Alert, Center, Loader } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Loading and error display for one query; renders children once data is there. */
export function QueryState<T>({
  data,
  isPending,
  error,
  children,
}: {
  data: T | undefined;
  isPending: boolean;
  error: Error | null;
  children: (data: T) => ReactNode;
}) {
  if (data !== undefined) return <>{children(data)}</>;
  if (isPending && !error) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label="Loading" />
      </Center>
    );
  }
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="Could not load">
      {error?.message ?? 'Nothing to show.'}
    </Alert>
  );
}
