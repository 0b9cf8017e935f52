// Pagination of lists (widget §3 Pagination, §7: read from the x-pagination-* response headers).

/** Where a page sits in a list: the spec's fields plus the row offset to query. */
export interface Pagination {
  hasNext: boolean;
  hasPrev: boolean;
  page: number;
  pages: number;
  perPage: number;
  total: number;
  offset: number;
}

/**
 * The pagination of page `page` (1-based) of `total` rows by `perPage`.
 * @example pagination(120, 2, 50) // { hasNext: true, hasPrev: true, page: 2, pages: 3, perPage: 50, total: 120, offset: 50 }
 */
export function pagination(total: number, page: number, perPage: number): Pagination {
  const pages = Math.max(1, Math.ceil(total / perPage));
  return {
    hasNext: page < pages,
    hasPrev: page > 1,
    page,
    pages,
    perPage,
    total,
    offset: (page - 1) * perPage,
  };
}

/** The x-pagination-* headers of DESIGN.md (has_next, has_prev, page, pages, per-page, total). */
export function paginationHeaders(p: Omit<Pagination, "offset">): Record<string, string> {
  return {
    "x-pagination-has_next": String(p.hasNext),
    "x-pagination-has_prev": String(p.hasPrev),
    "x-pagination-page": String(p.page),
    "x-pagination-pages": String(p.pages),
    "x-pagination-per-page": String(p.perPage),
    "x-pagination-total": String(p.total),
  };
}
