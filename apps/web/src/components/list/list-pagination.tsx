import type { PaginationMeta } from '@courier/contract';
import { Group, Pagination, Text } from '@mantine/core';

/** "Showing 26–50 of 120" and the page buttons of a paginated answer. */
export function ListPagination({ meta, onPage }: { meta: PaginationMeta; onPage: (page: number) => void }) {
  const first = meta.total === 0 ? 0 : (meta.current_page - 1) * meta.per_page + 1;
  const last = Math.min(meta.current_page * meta.per_page, meta.total);
  return (
    <Group justify="space-between" gap="sm" mt="md" wrap="wrap">
      <Text size="sm" c="dimmed">
        {meta.total === 0 ? 'Nothing to show' : `Showing ${first}–${last} of ${meta.total}`}
      </Text>
      {meta.last_page > 1 ? (
        <Pagination
          total={meta.last_page}
          value={meta.current_page}
          onChange={onPage}
          size="sm"
          siblings={1}
          getControlProps={(control) => ({
            'aria-label': control === 'previous' ? 'Previous page' : 'Next page',
          })}
        />
      ) : null}
    </Group>
  );
}
