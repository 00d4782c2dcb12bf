import type { PaginationMeta } from '@courier/contract';
import { IconSearchOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { EmptyState } from '../layout/empty-state';
import { ListPagination } from './list-pagination';
import { QueryError } from './query-error';
import { TableSkeleton } from './table-skeleton';

type EmptyStateProps = Parameters<typeof EmptyState>[0];

/**
 * The body of a searchable, paginated list: a skeleton while loading, the error with a retry, "nothing matches" when a
 * search finds nothing, the list's own empty state when there is nothing at all, else the table and its pages.
 */
export function PagedListBody({
  query,
  search,
  onClearSearch,
  noun,
  errorTitle,
  empty,
  onPage,
  children,
}: {
  query: {
    isPending: boolean;
    error: Error | null;
    data?: { meta: PaginationMeta } | undefined;
    refetch: () => unknown;
  };
  /** The search in force (already debounced); empty when none. */
  search: string;
  onClearSearch: () => void;
  /** What the list holds, for "No address matches". */
  noun: string;
  errorTitle: string;
  empty: EmptyStateProps;
  onPage: (page: number) => void;
  /** The table of the loaded page. */
  children: ReactNode;
}) {
  if (query.isPending) return <TableSkeleton rows={6} />;
  if (query.error && !query.data)
    return <QueryError error={query.error} onRetry={query.refetch} title={errorTitle} />;
  if (!query.data) return null;
  if (query.data.meta.total === 0) {
    return search ? (
      <EmptyState
        icon={IconSearchOff}
        title={`No ${noun} matches`}
        description={`Nothing matches "${search}".`}
        action={{ label: 'Clear search', onClick: onClearSearch }}
      />
    ) : (
      <EmptyState {...empty} />
    );
  }
  return (
    <>
      {children}
      <ListPagination meta={query.data.meta} onPage={onPage} />
    </>
  );
}
