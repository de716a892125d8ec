import { describe, expect, it } from 'vitest';
import { pageAfterShrink, pageLabel, pagerView, totalLabel } from './paging';

describe('pager', () => {
  it('labels the page and the total as the spec says', () => {
    expect(pageLabel(2, 7)).toBe('Página 2 de 7');
    expect(totalLabel(95)).toBe('Total encontrados: 95');
  });

  it('offers first and previous after page 1, next and last before the last page', () => {
    expect(pagerView({ PageNumber: 1, PageCount: 3, Total: 40 })).toMatchObject({
      pageLabel: 'Página 1 de 3',
      canFirst: false,
      canPrevious: false,
      canNext: true,
      canLast: true,
    });
    expect(pagerView({ PageNumber: 2, PageCount: 3, Total: 40 })).toMatchObject({
      canFirst: true,
      canPrevious: true,
      canNext: true,
      canLast: true,
    });
    expect(pagerView({ PageNumber: 3, PageCount: 3, Total: 40 })).toMatchObject({
      canFirst: true,
      canPrevious: true,
      canNext: false,
      canLast: false,
    });
  });

  it('shows an empty list as page 1 of 1 with nowhere to go', () => {
    expect(pagerView({ PageNumber: 1, PageCount: 0, Total: 0 })).toEqual({
      page: 1,
      pageCount: 1,
      pageLabel: 'Página 1 de 1',
      totalLabel: 'Total encontrados: 0',
      canFirst: false,
      canPrevious: false,
      canNext: false,
      canLast: false,
    });
  });

  it('moves back to the last page when the list shrank under the page shown', () => {
    expect(pageAfterShrink(3, { PageCount: 2, Result: [] })).toBe(2);
    expect(pageAfterShrink(2, { PageCount: 0, Result: [] })).toBe(1);
    expect(pageAfterShrink(2, { PageCount: 2, Result: [{}] })).toBeNull();
    expect(pageAfterShrink(1, { PageCount: 0, Result: [] })).toBeNull();
  });
});
