import { Skeleton, Stack } from '@mantine/core';

/** What a gated screen shows while the user's roles load. */
export function GateLoading() {
  return (
    <Stack gap="sm" aria-busy="true" aria-label="Loading">
      <Skeleton height={48} radius="md" />
      <Skeleton height={220} radius="md" />
    </Stack>
  );
}
