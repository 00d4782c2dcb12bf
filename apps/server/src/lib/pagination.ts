import type { PaginationMeta } from '@courier/contract';

/** What a paged list is asked for: which page, how many rows a page. */
export interface PageQuery {
  page: number;
  per_page: number;
}

/** Laravel-style `meta` of a page. */
export function paginationMeta(query: PageQuery, total: number): PaginationMeta {
  return {
    current_page: query.page,
    per_page: query.per_page,
    total,
    last_page: Math.max(1, Math.ceil(total / query.per_page)),
  };
}

/**
 * One page of a list and the total behind it, read at the same time: `rows` reads the page at the limit and offset
 * the query asks for, `count` counts every row of the same filter.
 */
export async function readPage<R>(
  query: PageQuery,
  read: {
    rows: (page: { limit: number; offset: number }) => PromiseLike<R[]>;
    count: () => PromiseLike<{ n: number }[]>;
  },
): Promise<{ rows: R[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    read.rows({ limit: query.per_page, offset: (query.page - 1) * query.per_page }),
    read.count(),
  ]);
  return { rows, total: total?.n ?? 0 };
}
