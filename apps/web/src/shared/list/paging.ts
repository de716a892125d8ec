import type { PagedResult } from '@atalaya/domain';

/** What the pager shows and which of its buttons work (event spec §2.6). */
export interface PagerView {
  page: number;
  pageCount: number;
  /** 'Página n de m' (at least 'Página 1 de 1'). */
  pageLabel: string;
  /** 'Total encontrados: N'. */
  totalLabel: string;
  canFirst: boolean;
  canPrevious: boolean;
  canNext: boolean;
  canLast: boolean;
}

type PagerInput = Pick<PagedResult<unknown>, 'PageNumber' | 'PageCount' | 'Total'>;

export function pageLabel(page: number, pageCount: number): string {
  return `Página ${page} de ${Math.max(1, pageCount)}`;
}

export function totalLabel(total: number): string {
  return `Total encontrados: ${total}`;
}

/** The pager of a paged answer: the page is clamped to 1…PageCount, the buttons follow it. */
export function pagerView({ PageNumber, PageCount, Total }: PagerInput): PagerView {
  const pageCount = Math.max(1, PageCount);
  const page = Math.min(Math.max(1, PageNumber), pageCount);
  return {
    page,
    pageCount,
    pageLabel: pageLabel(page, pageCount),
    totalLabel: totalLabel(Total),
    canFirst: page > 1,
    canPrevious: page > 1,
    canNext: page < pageCount,
    canLast: page < pageCount,
  };
}

/**
 * The page to show after an answer: the same page, or the last one when the list shrank under
 * it (a case annulled or a report triaged on the last page). Null when nothing must change.
 */
export function pageAfterShrink(requested: number, result: Pick<PagedResult<unknown>, 'PageCount' | 'Result'>): number | null {
  if (result.Result.length > 0 || requested <= 1) return null;
  const last = Math.max(1, result.PageCount);
  return requested > last ? last : null;
}
