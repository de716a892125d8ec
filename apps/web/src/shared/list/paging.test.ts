import { describe, expect, it } from 'vitest';
import { ESTIMATED_TOTAL_HINT, FIRST_PAGE, pageAfterShrink, pageLabel, pagerRequest, pagerView, totalLabel, type PagerInput } from './paging';

/** A keyed answer (keyset paging): page n of m with the keys of its first and last rows. */
function keyed(page: number, pageCount: number, extra: Partial<PagerInput> = {}): PagerInput {
  return {
    PageNumber: page,
    PageCount: pageCount,
    Total: pageCount * 15,
    TotalIsEstimate: false,
    FirstKey: `f${page}`,
    LastKey: `l${page}`,
    PageBack: page > 1,
    PageNext: page < pageCount,
    ...extra,
  };
}

describe('pager', () => {
  it('labels the page and the total as the spec says', () => {
    expect(pageLabel(2, 7)).toBe('Página 2 de 7');
    expect(totalLabel(95)).toBe('Total encontrados: 95');
    expect(totalLabel(9_876)).toBe('Total encontrados: 9.876');
  });

  it('marks an estimated total with ≈, in thousands or millions, and explains it in the tooltip', () => {
    expect(totalLabel(1_234_567, true)).toBe('Total encontrados: ≈ 1,2 millones');
    expect(totalLabel(48_200, true)).toBe('Total encontrados: ≈ 48 mil');
    const view = pagerView(keyed(1, 82_305, { Total: 1_234_567, TotalIsEstimate: true }));
    expect(view.totalLabel).toBe('Total encontrados: ≈ 1,2 millones');
    expect(view.pageLabel).toBe('Página 1 de ≈ 82.305');
    expect(view.totalHint).toBe(ESTIMATED_TOTAL_HINT);
    expect(pagerView(keyed(1, 3)).totalHint).toBeNull();
  });

  it('follows PageBack and PageNext: first and previous go back, next and last go forward', () => {
    expect(pagerView(keyed(1, 3))).toMatchObject({ pageLabel: 'Página 1 de 3', canFirst: false, canPrevious: false, canNext: true, canLast: true });
    expect(pagerView(keyed(2, 3))).toMatchObject({ canFirst: true, canPrevious: true, canNext: true, canLast: true });
    expect(pagerView(keyed(3, 3))).toMatchObject({ canFirst: true, canPrevious: true, canNext: false, canLast: false });
    // An estimated count may be off: the server's PageNext decides, not the page count.
    expect(pagerView(keyed(5, 5, { PageNext: true }))).toMatchObject({ canNext: true, canLast: true });
    expect(pagerView(keyed(4, 5, { PageNext: false }))).toMatchObject({ canNext: false, canLast: false });
  });

  it('shows an empty list as page 1 of 1 with nowhere to go', () => {
    expect(pagerView({ PageNumber: 1, PageCount: 0, Total: 0, TotalIsEstimate: false, FirstKey: null, LastKey: null, PageBack: false, PageNext: false })).toEqual({
      page: 1,
      pageCount: 1,
      pageLabel: 'Página 1 de 1',
      totalLabel: 'Total encontrados: 0',
      totalHint: null,
      canFirst: false,
      canPrevious: false,
      canNext: false,
      canLast: false,
    });
  });

  it('asks each button’s page by key: next after the last row, previous before the first, last and first without key', () => {
    const page = keyed(3, 9);
    expect(pagerRequest('next', page)).toEqual({ pageNumber: 4, at: { kind: 'after', key: 'l3' } });
    expect(pagerRequest('previous', page)).toEqual({ pageNumber: 2, at: { kind: 'before', key: 'f3' } });
    expect(pagerRequest('last', page)).toEqual({ pageNumber: 9, at: { kind: 'last' } });
    expect(pagerRequest('first', page)).toEqual(FIRST_PAGE);
    // Back to page 1 is the first page itself.
    expect(pagerRequest('previous', keyed(2, 9))).toEqual(FIRST_PAGE);
  });

  it('asks a list without keys (paged by number) for the next page number', () => {
    const page = { ...keyed(3, 9), FirstKey: null, LastKey: null };
    expect(pagerRequest('next', page)).toEqual({ pageNumber: 4, at: { kind: 'first' } });
    expect(pagerRequest('previous', page)).toEqual({ pageNumber: 2, at: { kind: 'first' } });
    expect(pagerRequest('previous', { ...page, PageNumber: 2 })).toEqual(FIRST_PAGE);
    expect(pagerRequest('last', page)).toEqual({ pageNumber: 9, at: { kind: 'last' } });
  });

  it('moves to the last page when the page shown came back empty, to the first when the list emptied', () => {
    expect(pageAfterShrink({ PageNumber: 3, PageCount: 2, PageBack: true, Total: 30, Result: [] })).toEqual({ pageNumber: 2, at: { kind: 'last' } });
    expect(pageAfterShrink({ PageNumber: 2, PageCount: 0, PageBack: true, Total: 0, Result: [] })).toEqual(FIRST_PAGE);
    expect(pageAfterShrink({ PageNumber: 2, PageCount: 2, PageBack: true, Total: 16, Result: [{}] })).toBeNull();
    expect(pageAfterShrink({ PageNumber: 1, PageCount: 0, PageBack: false, Total: 0, Result: [] })).toBeNull();
  });
});
