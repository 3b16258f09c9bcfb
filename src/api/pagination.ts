// This file defines the pure paging rules of the service: job lists page by `total`
// (no has_more), results pages carry `has_more`.

/** Job lists: another page exists when `page * page_size < total`. */
export function hasNextListPage(page: number, pageSize: number, total: number): boolean {
  return page * pageSize < total;
}

/** Number of pages needed for `total` items (0 for none). */
export function pageCount(total: number, pageSize: number): number {
  if (pageSize <= 0) return 0;
  return Math.max(0, Math.ceil(total / pageSize));
}

/** Page numbers after `afterPage` up to the last page for `total`, e.g. (1200, 500, 1) → [2, 3]. */
export function pagesAfter(total: number, pageSize: number, afterPage: number): number[] {
  const pages: number[] = [];
  for (let page = afterPage + 1; page <= pageCount(total, pageSize); page++) pages.push(page);
  return pages;
}
