import { Skeleton, Stack } from '@mantine/core';

/** Placeholder rows while a list loads. */
export function TableSkeleton({ rows = 6, height = 44 }: { rows?: number; height?: number }) {
  return (
    <Stack gap={6} aria-busy="true" aria-label="Loading">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={height} radius="sm" />
      ))}
    </Stack>
  );
}
