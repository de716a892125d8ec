/** Page size of every paged list (event spec §9; the "shared constant" of the platform spec). */
export const PAGE_SIZE = 15;

/** A paged list as the API answers it (docs/api.md 'Paging'); pages start at 1. */
export interface PagedResult<T> {
  Total: number;
  PageCount: number;
  PageNumber: number;
  PageBack: boolean;
  PageNext: boolean;
  Result: T[];
}

/** Rows to skip for a 1-based page. */
export function pageOffset(page: number, pageSize: number = PAGE_SIZE): number {
  return (Math.max(1, Math.floor(page)) - 1) * pageSize;
}

/** Builds the paged answer from one page of rows and the total count. */
export function pagedResult<T>(rows: T[], total: number, page: number, pageSize: number = PAGE_SIZE): PagedResult<T> {
  const pageCount = pageSize > 0 ? Math.ceil(total / pageSize) : 0;
  const pageNumber = Math.max(1, Math.floor(page));
  return {
    Total: total,
    PageCount: pageCount,
    PageNumber: pageNumber,
    PageBack: pageNumber > 1,
    PageNext: pageNumber < pageCount,
    Result: rows,
  };
}
