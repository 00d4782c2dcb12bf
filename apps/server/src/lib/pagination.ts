import type { PaginationMeta } from '@courier/contract';

/** Laravel-style `meta` of a page. */
export function paginationMeta(query: { page: number; per_page: number }, total: number): PaginationMeta {
  return {
    current_page: query.page,
    per_page: query.per_page,
    total,
    last_page: Math.max(1, Math.ceil(total / query.per_page)),
  };
}
