import { formatTotal, type PagedResult, type PagerMove, type PageRequest, pageRequestFor } from '@atalaya/domain';

/** What the pager reads of a paged answer (docs/api.md 'Paging'). */
export type PagerInput = Pick<
  PagedResult<unknown>,
  'PageNumber' | 'PageCount' | 'Total' | 'TotalIsEstimate' | 'FirstKey' | 'LastKey' | 'PageBack' | 'PageNext'
>;

/** The first page of a list: where every list starts. */
export const FIRST_PAGE: PageRequest = { pageNumber: 1, at: { kind: 'first' } };

/** What the pager shows and which of its buttons work (event spec §2.6). */
export interface PagerView {
  page: number;
  pageCount: number;
  /** 'Página n de m' (at least 'Página 1 de 1'; 'de ≈ m' when the total is an estimate). */
  pageLabel: string;
  /** 'Total encontrados: N' ('≈ 1,2 millones' when the total is an estimate). */
  totalLabel: string;
  /** Says the total is an estimate (the total's tooltip); null for an exact total. */
  totalHint: string | null;
  canFirst: boolean;
  canPrevious: boolean;
  canNext: boolean;
  canLast: boolean;
}

export function pageLabel(page: number, pageCount: number, isEstimate = false): string {
  const count = Math.max(1, pageCount);
  return isEstimate ? `Página ${page} de ≈ ${count.toLocaleString('es-UY')}` : `Página ${page} de ${count}`;
}

export function totalLabel(total: number, isEstimate = false): string {
  return `Total encontrados: ${formatTotal(total, isEstimate)}`;
}

/** The tooltip of an estimated total. */
export const ESTIMATED_TOTAL_HINT = 'Cantidad estimada: son más de 10.000 resultados y no se cuentan uno a uno';

/**
 * The pager of a paged answer: the buttons follow `PageBack` / `PageNext` (first and previous
 * go back, next and last go forward), the page is at least 1 and the page count at least the
 * page.
 */
export function pagerView(result: PagerInput): PagerView {
  const page = Math.max(1, result.PageNumber);
  const pageCount = Math.max(1, result.PageCount, page);
  return {
    page,
    pageCount,
    pageLabel: pageLabel(page, pageCount, result.TotalIsEstimate),
    totalLabel: totalLabel(result.Total, result.TotalIsEstimate),
    totalHint: result.TotalIsEstimate ? ESTIMATED_TOTAL_HINT : null,
    canFirst: result.PageBack,
    canPrevious: result.PageBack,
    canNext: result.PageNext,
    canLast: result.PageNext,
  };
}

/**
 * The request behind a pager button: by key (`pageRequestFor`) when the answer has keys;
 * a list that answers none (paged by number, like a case's history) asks for the page number
 * next to the one shown, and the last page by `PageCount`.
 */
export function pagerRequest(move: PagerMove, result: PagerInput): PageRequest {
  if (result.FirstKey !== null || result.LastKey !== null) return pageRequestFor(move, result);
  const page = Math.max(1, result.PageNumber);
  switch (move) {
    case 'first':
      return FIRST_PAGE;
    case 'previous':
      return page > 2 ? { pageNumber: page - 1, at: { kind: 'first' } } : FIRST_PAGE;
    case 'next':
      return { pageNumber: page + 1, at: { kind: 'first' } };
    case 'last':
      return { pageNumber: Math.max(1, result.PageCount), at: { kind: 'last' } };
  }
}

/**
 * The page to show after an answer: null when nothing must change; the last page when a page
 * past the first came back empty (the rows after the key left the list: a case annulled or a
 * report triaged on the last page), or the first page when the list emptied.
 */
export function pageAfterShrink(result: Pick<PagedResult<unknown>, 'PageNumber' | 'PageCount' | 'PageBack' | 'Total' | 'Result'>): PageRequest | null {
  if (result.Result.length > 0 || (result.PageNumber <= 1 && !result.PageBack)) return null;
  if (result.Total === 0) return FIRST_PAGE;
  return { pageNumber: Math.max(1, result.PageCount), at: { kind: 'last' } };
}
