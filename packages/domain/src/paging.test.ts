import { describe, expect, it } from 'vitest';
import { formatTotal, PAGE_SIZE, pagedResult, pageKeyText, pageOffset, pageRequestFor, parsePageKey } from './paging.js';

describe('paging', () => {
  it('uses pages of 15', () => {
    expect(PAGE_SIZE).toBe(15);
    expect(pageOffset(1)).toBe(0);
    expect(pageOffset(3)).toBe(30);
  });

  it('answers Total, PageCount, PageNumber, PageBack, PageNext and Result', () => {
    expect(pagedResult(['a'], 31, 1)).toEqual({ Total: 31, PageCount: 3, PageNumber: 1, PageBack: false, PageNext: true, Result: ['a'], TotalIsEstimate: false, FirstKey: null, LastKey: null });
    expect(pagedResult(['z'], 31, 3)).toMatchObject({ PageBack: true, PageNext: false });
    expect(pagedResult([], 0, 1)).toEqual({ Total: 0, PageCount: 0, PageNumber: 1, PageBack: false, PageNext: false, Result: [], TotalIsEstimate: false, FirstKey: null, LastKey: null });
    expect(pagedResult([], 30, 2, 10)).toMatchObject({ PageCount: 3, PageNext: true });
  });

  it('reads the four page positions and nothing else', () => {
    expect(parsePageKey(undefined)).toEqual({ kind: 'first' });
    expect(parsePageKey('last')).toEqual({ kind: 'last' });
    expect(parsePageKey('after:abc_-1')).toEqual({ kind: 'after', key: 'abc_-1' });
    expect(parsePageKey('before:abc')).toEqual({ kind: 'before', key: 'abc' });
    for (const bad of ['after:', 'after:a b', "before:x';--", 'middle', `after:${'a'.repeat(400)}`]) expect(parsePageKey(bad)).toBeNull();
    expect(pageKeyText({ kind: 'after', key: 'k' })).toBe('after:k');
  });

  it('asks next after the last row, previous before the first, and last without a key', () => {
    const page = { PageNumber: 3, PageCount: 9, FirstKey: 'F', LastKey: 'L' };
    expect(pageRequestFor('next', page)).toEqual({ pageNumber: 4, at: { kind: 'after', key: 'L' } });
    expect(pageRequestFor('previous', page)).toEqual({ pageNumber: 2, at: { kind: 'before', key: 'F' } });
    expect(pageRequestFor('previous', { ...page, PageNumber: 2 })).toEqual({ pageNumber: 1, at: { kind: 'first' } });
    expect(pageRequestFor('last', page)).toEqual({ pageNumber: 9, at: { kind: 'last' } });
    expect(pageRequestFor('first', page)).toEqual({ pageNumber: 1, at: { kind: 'first' } });
  });

  it('shows an exact total as it is and an estimate marked with ≈', () => {
    expect(formatTotal(1234, false)).toBe('1.234');
    expect(formatTotal(1_234_567, true)).toBe('≈ 1,2 millones');
    expect(formatTotal(1_000_001, true)).toBe('≈ 1 millón');
    expect(formatTotal(12_400, true)).toBe('≈ 12 mil');
  });
});
