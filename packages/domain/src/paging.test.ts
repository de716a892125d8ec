import { describe, expect, it } from 'vitest';
import { PAGE_SIZE, pagedResult, pageOffset } from './paging.js';

describe('paging', () => {
  it('uses pages of 15', () => {
    expect(PAGE_SIZE).toBe(15);
    expect(pageOffset(1)).toBe(0);
    expect(pageOffset(3)).toBe(30);
  });

  it('answers Total, PageCount, PageNumber, PageBack, PageNext and Result', () => {
    expect(pagedResult(['a'], 31, 1)).toEqual({ Total: 31, PageCount: 3, PageNumber: 1, PageBack: false, PageNext: true, Result: ['a'] });
    expect(pagedResult(['z'], 31, 3)).toMatchObject({ PageBack: true, PageNext: false });
    expect(pagedResult([], 0, 1)).toEqual({ Total: 0, PageCount: 0, PageNumber: 1, PageBack: false, PageNext: false, Result: [] });
    expect(pagedResult([], 30, 2, 10)).toMatchObject({ PageCount: 3, PageNext: true });
  });
});
