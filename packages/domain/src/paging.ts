/** Page size of every paged list (event spec §9; the "shared constant" of the platform spec). */
export const PAGE_SIZE = 15;

/**
 * Totals are counted exactly up to this many matches; above it a list answers the planner's
 * estimate with `TotalIsEstimate` (docs/api.md 'Paging'), so that no page ever counts a
 * million rows.
 */
export const EXACT_TOTAL_LIMIT = 10_000;

/**
 * Without a page key, page n is read by skipping (n − 1) × size rows, only while that stays
 * under this many rows; further pages are reached with the pager's keys.
 */
export const MAX_OFFSET_ROWS = EXACT_TOTAL_LIMIT;

/** A paged list as the API answers it (docs/api.md 'Paging'); pages start at 1. */
export interface PagedResult<T> {
  Total: number;
  PageCount: number;
  PageNumber: number;
  PageBack: boolean;
  PageNext: boolean;
  Result: T[];
  /** `Total` is an estimate: more than `EXACT_TOTAL_LIMIT` rows match (the pager shows '≈'). */
  TotalIsEstimate: boolean;
  /** Key of the page's first row: `before:{FirstKey}` asks for the previous page. */
  FirstKey: string | null;
  /** Key of the page's last row: `after:{LastKey}` asks for the next page. */
  LastKey: string | null;
}

/** Rows to skip for a 1-based page. */
export function pageOffset(page: number, pageSize: number = PAGE_SIZE): number {
  return (Math.max(1, Math.floor(page)) - 1) * pageSize;
}

/** Builds the paged answer from one page of rows and the total count (offset paging, no keys). */
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
    TotalIsEstimate: false,
    FirstKey: null,
    LastKey: null,
  };
}

// ---------------------------------------------------------------------------------------------
// Keyset paging (docs/api.md 'Paging')
// ---------------------------------------------------------------------------------------------

/**
 * Where a page starts, as the client asks for it with `pageKey`:
 * - `first` (no key): the first page; with a page number above 1 and no key, the page is
 *   read by offset while that stays under `MAX_OFFSET_ROWS`;
 * - `last` (`pageKey=last`): the last page, which is the first page in the reverse order;
 * - `after` (`pageKey=after:{LastKey}`): the page after the row with that key (next);
 * - `before` (`pageKey=before:{FirstKey}`): the page before the row with that key (previous).
 * The key is opaque to the client; the server decodes and checks it.
 */
export type PageAt = { kind: 'first' } | { kind: 'last' } | { kind: 'after'; key: string } | { kind: 'before'; key: string };

/** Longest `pageKey` accepted (a key holds one order value and an id). */
export const MAX_PAGE_KEY_LENGTH = 400;

/** Reads a `pageKey` value; null when it is not one of the four forms (the server answers 400). */
export function parsePageKey(value: string | null | undefined): PageAt | null {
  if (value === undefined || value === null || value === '' || value === 'first') return { kind: 'first' };
  if (value.length > MAX_PAGE_KEY_LENGTH) return null;
  if (value === 'last') return { kind: 'last' };
  const match = /^(after|before):([A-Za-z0-9_-]+)$/.exec(value);
  if (!match) return null;
  return { kind: match[1] as 'after' | 'before', key: match[2] as string };
}

/** The `pageKey` text of a position (undefined for the first page). */
export function pageKeyText(at: PageAt): string | undefined {
  switch (at.kind) {
    case 'first':
      return undefined;
    case 'last':
      return 'last';
    default:
      return `${at.kind}:${at.key}`;
  }
}

/** A pager button. */
export type PagerMove = 'first' | 'previous' | 'next' | 'last';

/** What to ask for when a pager button is pressed on a page: the page number to show and where it starts. */
export interface PageRequest {
  pageNumber: number;
  at: PageAt;
}

/**
 * The request behind each pager button: first and last need no key; next reads after the
 * page's last row, previous before its first row (keyset paging: every button costs the same
 * whatever the page). Falls back to the first page when the answer has no keys.
 */
export function pageRequestFor(move: PagerMove, page: Pick<PagedResult<unknown>, 'PageNumber' | 'PageCount' | 'FirstKey' | 'LastKey'>): PageRequest {
  switch (move) {
    case 'first':
      return { pageNumber: 1, at: { kind: 'first' } };
    case 'last':
      return { pageNumber: Math.max(1, page.PageCount), at: { kind: 'last' } };
    case 'next':
      return page.LastKey ? { pageNumber: page.PageNumber + 1, at: { kind: 'after', key: page.LastKey } } : { pageNumber: 1, at: { kind: 'first' } };
    case 'previous':
      return page.FirstKey && page.PageNumber > 2
        ? { pageNumber: page.PageNumber - 1, at: { kind: 'before', key: page.FirstKey } }
        : { pageNumber: 1, at: { kind: 'first' } };
  }
}

/**
 * A total as the pager shows it: exact ('1.234'), or an estimate marked as such
 * ('≈ 12 mil', '≈ 1,2 millones').
 */
export function formatTotal(total: number, isEstimate: boolean): string {
  if (!isEstimate) return total.toLocaleString('es-UY');
  if (total >= 1_000_000) {
    const millions = (total / 1_000_000).toLocaleString('es-UY', { maximumFractionDigits: 1 });
    return `≈ ${millions} ${millions === '1' ? 'millón' : 'millones'}`;
  }
  if (total >= 1_000) return `≈ ${Math.round(total / 1_000).toLocaleString('es-UY')} mil`;
  return `≈ ${total.toLocaleString('es-UY')}`;
}
