import { describe, expect, it } from 'vitest';
import { pageRequestForPage } from './pager-adapter';

const page = { PageNumber: 3, PageCount: 9, FirstKey: 'f3', LastKey: 'l3' };

describe('pager buttons as keyset requests', () => {
  it('asks next after the last row, previous before the first, last and first without keys', () => {
    expect(pageRequestForPage(4, page)).toEqual({ pageNumber: 4, at: { kind: 'after', key: 'l3' } });
    expect(pageRequestForPage(2, page)).toEqual({ pageNumber: 2, at: { kind: 'before', key: 'f3' } });
    expect(pageRequestForPage(9, page)).toEqual({ pageNumber: 9, at: { kind: 'last' } });
    expect(pageRequestForPage(1, page)).toEqual({ pageNumber: 1, at: { kind: 'first' } });
  });
});
